/**
 * The start-up check on real files: a healthy store, one with garbled middle pages, a file that
 * is not a database at all, and the cheap check that big stores get.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/db.js';
import { checkStore, StoreDamagedError } from '../../src/server/store/store-check.js';
import { garbleMiddlePages } from '../support/damage.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A closed store (WAL checkpointed away) with ~2 MB of rows in one table. */
function filledStore(): string {
  dir = tempDataDir('marquee-check-');
  const file = join(dir, 'marquee.db');
  const db = openStore(file);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i++) insert.run(`row ${i} `.padEnd(500, 'x'));
  })();
  db.close();
  return file;
}

function refusal(open: () => unknown): StoreDamagedError {
  try {
    open();
  } catch (err) {
    if (err instanceof StoreDamagedError) return err;
    throw err;
  }
  throw new Error('the store was opened');
}

describe('the start-up store check', () => {
  it('passes a healthy store, with the full check and with the cheap one', () => {
    const file = filledStore();
    const db = openStore(file);
    expect(checkStore(db, file)).toBe('full');
    expect(checkStore(db, file, 0)).toBe('cheap');
    db.close();
  });

  it('refuses a store with garbled middle pages, naming the file and what to do, and leaves it untouched', () => {
    const file = filledStore();
    garbleMiddlePages(file);
    // What happened before the check: the store opened "healthy"; only a read that touches the
    // bad pages fails, whenever someone happens to ask for them.
    const unchecked = openStore(file, { integrityCheck: false });
    expect(unchecked.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBeGreaterThan(0);
    expect(() => unchecked.prepare('SELECT SUM(length(body)) FROM filler').get()).toThrow(/malformed/);
    unchecked.close();

    const before = digest(file);
    const err = refusal(() => openStore(file));
    expect(err.message).toContain(`The store at ${file} is damaged (SQLite quick_check:`);
    expect(err.message).toMatch(/Nothing was changed\. Move it .* newest backup/);
    expect(err.message).not.toContain('\n');
    expect(digest(file)).toBe(before);
  });

  it('refuses a file that is not a SQLite database', () => {
    dir = tempDataDir('marquee-check-');
    const file = join(dir, 'marquee.db');
    writeFileSync(file, 'These are the minutes of the venue committee. '.repeat(200));
    const before = digest(file);
    const err = refusal(() => openStore(file));
    expect(err.message).toContain(
      `The store at ${file} is damaged (not a SQLite database: file is not a database)`,
    );
    expect(digest(file)).toBe(before);
  });

  it('the cheap check (stores over fullCheckMaxBytes) still catches a garbled newest page', () => {
    const file = filledStore();
    const db = openStore(file, { integrityCheck: false });
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    // The table's last leaf, where its newest rows are, is the file's last page here.
    const bytes = readFileSync(file);
    bytes.fill(0xa5, (pages - 1) * pageSize, pages * pageSize);
    writeFileSync(file, bytes);
    const reopened = openStore(file, { integrityCheck: false });
    try {
      const err = refusal(() => checkStore(reopened, file, 0));
      expect(err.message).toContain(`The store at ${file} is damaged (SQLite:`);
    } finally {
      reopened.close();
    }
  });
});
