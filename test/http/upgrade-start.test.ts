/**
 * The real server process (src/server/cli.ts) started on a store an older version left: it keeps
 * a copy in <data>/backups and logs the upgrade before and after; on a store a development build
 * numbered differently, or where no copy can be written, it refuses with exit 2 and one line,
 * changing nothing.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, schemaVersion } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import { devBuildStore } from '../support/dev-build-store.js';
import { spawnServer, startExpectingRefusal } from '../support/spawned-server.js';

const latest = migrations.at(-1)!.version;
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-upgrade-start-'));
  dirs.push(dir);
  return dir;
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function lastLine(stderr: string): string {
  const last = stderr.trim().split('\n').at(-1)!;
  expect(last).toMatch(/^marquee: /);
  return last;
}

describe('a start on an older store', () => {
  it('logs the upgrade before and after, and leaves the copy in backups/', async () => {
    const dir = dataDir();
    openStore(join(dir, 'marquee.db'), { upTo: 12 }).close();
    const server = await spawnServer(dir, { MARQUEE_LOG_LEVEL: 'info' });
    await server.stop();
    const copies = readdirSync(join(dir, 'backups'));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(new RegExp(`^marquee-schema-12-before-${latest}-\\d{8}T\\d{6}Z\\.db$`));
    const output = server.output();
    const before = output.indexOf(
      `upgrading the store from schema 12 to ${latest}; a copy of it as it was is at ${join(dir, 'backups', copies[0]!)}`,
    );
    const after = output.search(new RegExp(`store upgraded from schema 12 to ${latest} in \\d+ ms`));
    expect(before).toBeGreaterThanOrEqual(0);
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThan(output.indexOf('listening on'));

    // The next start has nothing to migrate: no new copy, no upgrade line.
    const again = await spawnServer(dir, { MARQUEE_LOG_LEVEL: 'info' });
    await again.stop();
    expect(readdirSync(join(dir, 'backups'))).toEqual(copies);
    expect(again.output()).not.toMatch(/upgrad/);
  }, 60_000);
});

describe('refused with exit 2, nothing changed', () => {
  it('a store a development build recorded 19 as pin-guesses', async () => {
    const dir = dataDir();
    const file = join(dir, 'marquee.db');
    devBuildStore(file);
    const before = digest(file);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    expect(lastLine(run.stderr)).toBe(
      `marquee: The store at ${file} records migration 19 as "pin-guesses", but this build's ` +
        'migration 19 is "payout-cancel": the store was made by a development build of Marquee. ' +
        'Nothing was changed. Restore a copy of the store made before that build ran (the backups ' +
        'folder in the data folder holds the copies kept at each upgrade), or run the build that made it.',
    );
    expect(digest(file)).toBe(before);
    expect(readdirSync(dir)).not.toContain('backups');
  }, 30_000);

  it('a store due an upgrade whose copy cannot be written', async () => {
    const dir = dataDir();
    const file = join(dir, 'marquee.db');
    openStore(file, { upTo: 12 }).close();
    writeFileSync(join(dir, 'backups'), 'a file where the folder goes');
    const before = digest(file);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    const line = lastLine(run.stderr);
    expect(line).toContain(`marquee: The store at ${file} needs an upgrade (schema 12 to ${latest})`);
    expect(line).toMatch(/Nothing was changed\.$/);
    expect(digest(file)).toBe(before);
    const db = new Database(file, { readonly: true });
    try {
      expect(schemaVersion(db)).toBe(12);
    } finally {
      db.close();
    }
  }, 30_000);
});
