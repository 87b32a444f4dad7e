/**
 * A migration is known by its number and its name: a store that recorded a number under another
 * name (a development build's numbering) is refused, untouched and without a copy, instead of
 * having this build's change skipped or another one run twice. Real SQLite files.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MigrationNameMismatchError, openStore, schemaVersion } from '../../src/server/store/db.js';
import { migrations, type Migration } from '../../src/server/store/migrations/index.js';
import { devBuildStore } from '../support/dev-build-store.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = tempDataDir('marquee-migration-names-');
  file = join(dir, 'marquee.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const digest = () => createHash('sha256').update(readFileSync(file)).digest('hex');

function refusal(options: Parameters<typeof openStore>[1] = {}): unknown {
  try {
    openStore(file, options).close();
  } catch (err) {
    return err;
  }
  return undefined;
}

const recorded = () => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
  } finally {
    db.close();
  }
};

describe('a store that recorded a known number under another name', () => {
  beforeEach(() => devBuildStore(file));

  it('is refused naming the version, both names and what to do', () => {
    const err = refusal();
    expect(err).toBeInstanceOf(MigrationNameMismatchError);
    const message = (err as Error).message;
    expect(message).toContain(`The store at ${file} records migration 19 as "pin-guesses"`);
    expect(message).toContain(`this build's migration 19 is "payout-cancel"`);
    expect(message).toContain('made by a development build');
    expect(message).toContain('Nothing was changed.');
    expect(message).toMatch(/Restore a copy .* or run the build that made it\./);
  });

  it('is left as it was: no migration run (not even 18, which is due), no copy kept', () => {
    const before = digest();
    const rows = recorded();
    expect(refusal()).toBeInstanceOf(MigrationNameMismatchError);
    expect(digest()).toBe(before);
    expect(recorded()).toEqual(rows);
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });
});

describe('names', () => {
  const renamed = (formerNames?: string[]): Migration[] => [
    migrations[0]!,
    { version: 2, name: 'second-step', sql: 'CREATE TABLE second_step (x INTEGER);', formerNames },
    { version: 3, name: 'third-step', sql: 'CREATE TABLE third_step (x INTEGER);' },
  ];

  beforeEach(() => {
    openStore(file, {
      migrations: [
        migrations[0]!,
        { version: 2, name: 'old-second', sql: 'CREATE TABLE second_step (x INTEGER);' },
      ],
    }).close();
  });

  it('a former name this build lists for the version is accepted, and the next migration runs', () => {
    const db = openStore(file, { migrations: renamed(['old-second']) });
    try {
      expect(schemaVersion(db)).toBe(3);
    } finally {
      db.close();
    }
  });

  it('without it, the same store is refused', () => {
    expect(refusal({ migrations: renamed() })).toBeInstanceOf(MigrationNameMismatchError);
  });

  it('a recorded version this build does not know is not compared (it may be from a newer one)', () => {
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (15, 'elsewhere', 1)").run();
    db.close();
    const store = openStore(file, {
      migrations: renamed(['old-second']).concat({ version: 16, name: 'last', sql: '' }),
    });
    try {
      expect(schemaVersion(store)).toBe(16);
    } finally {
      store.close();
    }
  });
});

describe('this build', () => {
  it('gives every version the name stores made by earlier commits recorded for it', () => {
    // From `git log -- src/server/store/migrations/index.ts` on main: the names each version was
    // released with. A version renamed later must list its old name in formerNames.
    const released: Record<number, string> = {
      1: 'events-tiers-keys',
      2: 'idempotency-usage-outbox',
      3: 'orders-tickets-mail',
      4: 'webhooks',
      5: 'scanning',
      6: 'outbox-retention',
      7: 'kiosk-scope',
      8: 'staff-shifts',
      9: 'ticket-credentials',
      10: 'delivery',
      11: 'at-the-door',
      12: 'audit-channels',
      13: 'till-review',
      14: 'order-admissions',
      16: 'report-indexes',
      17: 'lean-checkout-writes',
      18: 'pin-guesses',
      19: 'payout-cancel',
      20: 'order-group-admissions',
    };
    for (const m of migrations) {
      if (!(m.version in released)) continue;
      expect([m.name, ...(m.formerNames ?? [])], `migration ${m.version}`).toContain(released[m.version]);
    }
    expect(migrations.filter((m) => m.version <= 20).map((m) => m.version)).toEqual(
      Object.keys(released).map(Number),
    );
  });
});
