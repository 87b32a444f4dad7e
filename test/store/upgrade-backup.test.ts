/**
 * Before a start migrates a store that has data, it keeps a copy of the store as it was in
 * `backups/` beside it (the newest 3), so the version that ran the night before can be gone back
 * to; a copy that cannot be written refuses the start and changes nothing. Real SQLite files,
 * and a real full disk.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectStore,
  openStore,
  schemaVersion,
  upgradeStore,
  type Db,
  type StoreLog,
} from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import { StoreBackupFailedError, upgradeBackupName } from '../../src/server/store/upgrade-backup.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { tempDataDir } from '../support/test-app.js';

const latest = migrations.at(-1)!.version;
/** 2026-11-29 15:56:03 UTC. */
const nightTwo = Date.UTC(2026, 10, 29, 15, 56, 3);

let dir: string;
let file: string;
let backups: string;
const open: Db[] = [];
let disk: SmallDisk | undefined;

beforeEach(() => {
  dir = tempDataDir('marquee-upgrade-backup-');
  file = join(dir, 'marquee.db');
  backups = join(dir, 'backups');
});
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
  disk?.unmount();
  disk = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A store left by an older version at schema `version`, with one event in it. */
function oldStore(path: string, version: number): void {
  const db = openStore(path, { upTo: version });
  db.prepare(
    `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
     VALUES ('evt_night1', 'Night 1', 'Hall', 1, 2, 'published', 'usd', 3, 4)`,
  ).run();
  db.close();
}

function recordingLog(): StoreLog & { lines: { facts: Record<string, unknown>; message: string }[] } {
  const lines: { facts: Record<string, unknown>; message: string }[] = [];
  return { lines, info: (facts, message) => lines.push({ facts, message }) };
}

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('an upgrade of a store with data', () => {
  it('keeps a copy of the store as it was, named by both schemas and the UTC time, 0600 in a 0700 folder', () => {
    oldStore(file, 10);
    const db = connectStore(file);
    open.push(db);
    const upgrade = upgradeStore(db, file, { now: () => nightTwo });
    const expected = join(backups, `marquee-schema-10-before-${latest}-20261129T155603Z.db`);
    expect(upgrade).toMatchObject({ from: 10, to: latest, backupFile: expected, deletedBackups: [] });
    expect(upgrade!.applied).toEqual(migrations.filter((m) => m.version > 10).map((m) => m.version));
    expect(schemaVersion(db)).toBe(latest);

    expect(mode(backups)).toBe('700');
    expect(mode(expected)).toBe('600');
    const copy = new Database(expected, { readonly: true });
    try {
      expect(schemaVersion(copy)).toBe(10);
      expect(copy.prepare('SELECT id, title FROM events').all()).toEqual([
        { id: 'evt_night1', title: 'Night 1' },
      ]);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  });

  it('the copy opens as a store of the old version: rolled back into place, it serves that schema', () => {
    oldStore(file, 10);
    const upgrade = upgradeStore(open[open.push(connectStore(file)) - 1]!, file, { now: () => nightTwo });
    const rolledBack = join(dir, 'rolled-back.db');
    writeFileSync(rolledBack, readFileSync(upgrade!.backupFile));
    const db = openStore(rolledBack, { upTo: 10 });
    open.push(db);
    expect(schemaVersion(db)).toBe(10);
    expect(db.prepare('SELECT title FROM events').all()).toEqual([{ title: 'Night 1' }]);
  });

  it('logs one line before (both schemas, the copy) and one after (done, in ms)', () => {
    oldStore(file, 12);
    const log = recordingLog();
    const db = connectStore(file);
    open.push(db);
    const upgrade = upgradeStore(db, file, { now: () => nightTwo, log });
    expect(log.lines).toHaveLength(2);
    const [before, after] = log.lines;
    expect(before!.message).toBe(
      `upgrading the store from schema 12 to ${latest}; a copy of it as it was is at ${upgrade!.backupFile}`,
    );
    expect(before!.facts).toMatchObject({ store: file, from: 12, to: latest, backup: upgrade!.backupFile });
    expect(after!.message).toBe(`store upgraded from schema 12 to ${latest} in ${upgrade!.ms} ms`);
    expect(after!.facts).toMatchObject({ from: 12, to: latest, ms: upgrade!.ms });
  });

  it('keeps the newest 3 copies, deleting older ones and nothing else in the folder', () => {
    let now = nightTwo;
    const names: string[] = [];
    // Four upgrades of the same store, a day apart: 2 → 3 → 4 → 5 → 6.
    oldStore(file, 2);
    writeFileSync(join(dir, 'placeholder'), '');
    for (const to of [3, 4, 5, 6]) {
      now += 86_400_000;
      const db = connectStore(file);
      const upgrade = upgradeStore(db, file, { upTo: to, now: () => now });
      db.close();
      names.push(upgradeBackupName(to - 1, to, now));
      expect(upgrade!.backupFile).toBe(join(backups, names.at(-1)!));
      if (to === 3) writeFileSync(join(backups, 'notes.txt'), 'the technician’s own file');
      if (to === 6) expect(upgrade!.deletedBackups).toEqual([join(backups, names[0]!)]);
    }
    expect(readdirSync(backups).sort()).toEqual([...names.slice(1), 'notes.txt'].sort());
  });

  it('a migration that fails leaves the store as it was, the copy just made gone and the older copies kept', () => {
    // Two good upgrades first, each leaving its copy (10 → 11, 11 → 12).
    oldStore(file, 10);
    let now = nightTwo;
    for (const to of [11, 12]) {
      now += 86_400_000;
      const db = connectStore(file);
      upgradeStore(db, file, { upTo: to, now: () => now });
      db.close();
    }
    const before = readdirSync(backups).sort();
    expect(before).toHaveLength(2);
    const broken = [
      ...migrations.filter((m) => m.version <= 13),
      { version: 14, name: 'broken', sql: 'CREATE TABLE half_way (x INTEGER); SELECT no_such_function();' },
    ];
    // Started three times over, as a service manager restarting a failing start would.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      now += 60_000;
      const db = connectStore(file);
      open.push(db);
      expect(() => upgradeStore(db, file, { migrations: broken, now: () => now })).toThrow(
        /no_such_function/,
      );
      // 13 and the broken 14 in one transaction: neither landed, not even 13.
      expect(schemaVersion(db)).toBe(12);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_way'").all()).toEqual([]);
      db.close();
    }
    expect(readdirSync(backups).sort()).toEqual(before);
  });

  it('never deletes the copy just written, even with the clock set back before the others', () => {
    oldStore(file, 2);
    for (const [to, now] of [
      [3, nightTwo],
      [4, nightTwo + 1000],
      [5, nightTwo + 2000],
      [6, nightTwo - 86_400_000],
    ] as const) {
      const db = connectStore(file);
      upgradeStore(db, file, { upTo: to, now: () => now });
      db.close();
    }
    expect(readdirSync(backups).sort()).toEqual(
      [
        upgradeBackupName(3, 4, nightTwo + 1000),
        upgradeBackupName(4, 5, nightTwo + 2000),
        upgradeBackupName(5, 6, nightTwo - 86_400_000),
      ].sort(),
    );
  });

  it('goes where backupsDir says', () => {
    oldStore(file, 10);
    const elsewhere = join(dir, 'elsewhere', 'copies');
    openStore(file, { backupsDir: elsewhere, now: () => nightTwo }).close();
    expect(readdirSync(elsewhere)).toEqual([upgradeBackupName(10, latest, nightTwo)]);
    expect(existsSync(backups)).toBe(false);
  });
});

describe('no copy and no line', () => {
  it('for a new store', () => {
    const log = recordingLog();
    const db = connectStore(file);
    open.push(db);
    expect(upgradeStore(db, file, { log })).toBeNull();
    expect(schemaVersion(db)).toBe(latest);
    expect(log.lines).toEqual([]);
    expect(existsSync(backups)).toBe(false);
  });

  it('for a start with nothing to migrate', () => {
    oldStore(file, latest);
    const log = recordingLog();
    const db = connectStore(file);
    open.push(db);
    expect(upgradeStore(db, file, { log })).toBeNull();
    expect(log.lines).toEqual([]);
    expect(existsSync(backups)).toBe(false);
  });
});

describe('a copy that cannot be written', () => {
  it('refuses the upgrade, naming the file, and changes nothing', () => {
    oldStore(file, 10);
    // Where the folder should be there is a file: the folder cannot be made, whoever runs this.
    writeFileSync(backups, 'not a folder');
    const before = digest(file);
    let caught: unknown;
    try {
      openStore(file, { now: () => nightTwo });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StoreBackupFailedError);
    const message = (caught as Error).message;
    expect(message).toContain(`The store at ${file} needs an upgrade (schema 10 to ${latest})`);
    expect(message).toContain(join(backups, upgradeBackupName(10, latest, nightTwo)));
    // What is wrong and what to do about it, not advice about disk space.
    expect(message).toContain(`(${backups} is a file, not a folder). Move that file out of the way`);
    expect(message).not.toContain('space');
    expect(message).toMatch(/Nothing was changed\.$/);
    expect(digest(file)).toBe(before);
    const db = new Database(file, { readonly: true });
    open.push(db);
    expect(schemaVersion(db)).toBe(10);
  });

  it('on a full disk: refused as such, no partial copy left, the store still at its old schema', () => {
    disk = mountSmallDisk(2 * 1024 * 1024);
    const onDisk = join(disk.dir, 'marquee.db');
    oldStore(onDisk, 10);
    const filler = new Database(onDisk);
    // Enough rows that the copy cannot fit in what the filler leaves.
    filler.prepare('CREATE TABLE IF NOT EXISTS bulk (x TEXT)').run();
    const insert = filler.prepare('INSERT INTO bulk (x) VALUES (?)');
    filler.transaction(() => {
      for (let i = 0; i < 400; i++) insert.run('x'.repeat(1000));
    })();
    filler.pragma('wal_checkpoint(TRUNCATE)');
    filler.close();
    // Room for the store's -wal and -shm, not for a copy of ~450 KiB.
    disk.fill(128 * 1024);
    expect(disk.freeBytes()).toBeLessThan(200 * 1024);

    let caught: unknown;
    try {
      openStore(onDisk, { now: () => nightTwo });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(StoreBackupFailedError);
    expect((caught as Error).message).toContain('(the disk is full)');
    expect(readdirSync(join(disk.dir, 'backups'))).toEqual([]);
    disk.free();
    const db = new Database(onDisk, { readonly: true });
    open.push(db);
    expect(schemaVersion(db)).toBe(10);
  });
});
