/**
 * The store on a disk that fills up: a real tmpfs of a few MiB (test/support/small-disk.ts), a
 * real SQLite file on it, nothing simulated. What SQLite reports, how StorageHealth notices and
 * recovers (giving the WAL's space back), and the group commit never half-writing a batch.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints } from '../../src/server/store/background-checkpoints.js';
import { UsageMeter } from '../../src/server/domain/usage.js';
import { openStore, type Db } from '../../src/server/store/db.js';
import { GroupCommit } from '../../src/server/store/group-commit.js';
import { StorageHealth, type StorageLog } from '../../src/server/store/storage-health.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { waitUntil } from '../support/eventually.js';

let disk: SmallDisk | undefined;
let db: Db | undefined;

afterEach(() => {
  if (db?.open) db.close();
  db = undefined;
  disk?.unmount();
  disk = undefined;
});

interface Logged {
  level: 'error' | 'warn' | 'info';
  msg: string;
}

function recordingLog(): { log: StorageLog; lines: Logged[] } {
  const lines: Logged[] = [];
  const at = (level: Logged['level']) => (_obj: object, msg: string) => lines.push({ level, msg });
  return { log: { error: at('error'), warn: at('warn'), info: at('info') }, lines };
}

/** A store on a fresh small disk with a table to fill it with. */
function storeOnSmallDisk(sizeBytes = 4 * 1024 * 1024): { disk: SmallDisk; db: Db; file: string } {
  disk = mountSmallDisk(sizeBytes);
  const file = join(disk.dir, 'marquee.db');
  db = openStore(file);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  return { disk, db, file };
}

/** Inserts ~`bytes` in one transaction; answers the error it ended with, if any. */
function write(store: Db, bytes: number): unknown {
  const insert = store.prepare('INSERT INTO filler (body) VALUES (?)');
  try {
    store.transaction(() => {
      for (let i = 0; i < Math.ceil(bytes / 500); i++) insert.run('x'.repeat(500));
    })();
    return null;
  } catch (err) {
    return err;
  }
}

const walBytes = (file: string) => statSync(`${file}-wal`).size;

describe('a store whose disk fills up', () => {
  it('fails the write with SQLITE_FULL, rolls it back whole, and StorageHealth says full until space is back', () => {
    const { disk, db } = storeOnSmallDisk();
    const { log, lines } = recordingLog();
    let now = 1_000;
    const health = new StorageHealth(db, () => now, log, 60_000);
    const changes: (string | null)[] = [];
    health.onChange((problem) => changes.push(problem?.status ?? null));
    const before = db.prepare('SELECT COUNT(*) FROM filler').pluck().get();

    disk.fill(64 * 1024);
    const err = write(db, 256 * 1024);
    expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    expect(db.inTransaction).toBe(false);
    // All or nothing: not one row of the failed transaction is there.
    expect(db.prepare('SELECT COUNT(*) FROM filler').pluck().get()).toBe(before);

    expect(health.noteFailure(err)).toBe(true);
    expect(health.noteFailure(err)).toBe(true);
    expect(health.state).toEqual({ status: 'full', since: 1_000 });
    // Logged once, however many writers run into it.
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(/disk holding the venue store is full/);
    // Other failures are not storage's business.
    expect(health.noteFailure(Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(
      false,
    );

    // Still full: the probe's tiny write needs space too, so the state stays.
    now = 5_000;
    expect(health.probe()).toBe(false);
    expect(health.full).toBe(true);

    disk.free();
    expect(health.probe()).toBe(true);
    expect(health.state).toBeNull();
    expect(changes).toEqual(['full', null]);
    expect(lines.at(-1)).toMatchObject({ level: 'info' });
    expect(write(db, 64 * 1024)).toBeNull();
    health.stop();
  });

  it('gives the WAL space back on recovery: the probe truncates the write-ahead log', () => {
    const { disk, db, file } = storeOnSmallDisk(8 * 1024 * 1024);
    const { log } = recordingLog();
    const health = new StorageHealth(db, () => 0, log, 60_000);
    // Something else takes most of the disk; no checkpointer runs, so every write stays in the
    // WAL until the WAL has the rest.
    disk.fill(2560 * 1024);
    db.pragma('wal_autocheckpoint = 0');
    let err: unknown = null;
    for (let i = 0; i < 200 && err === null; i++) err = write(db, 64 * 1024);
    expect((err as { code?: string }).code).toBe('SQLITE_FULL');
    const fullWal = walBytes(file);
    expect(fullWal).toBeGreaterThan(1024 * 1024);
    expect(health.noteFailure(err)).toBe(true);

    disk.free();
    const freedBeforeProbe = disk.freeBytes();
    expect(health.probe()).toBe(true);
    expect(walBytes(file)).toBeLessThan(16 * 1024);
    // The WAL's pages moved into the store, and the WAL's own space came back with them: a
    // plain checkpoint would have left the WAL file at its size (SQLite only reuses it), taking
    // fullWal bytes of what was just freed.
    expect(disk.freeBytes()).toBeGreaterThan(freedBeforeProbe - 256 * 1024);
    health.stop();
  });

  it('probes by itself every probeEveryMs while full, and stops when told', async () => {
    const { disk, db } = storeOnSmallDisk();
    const { log } = recordingLog();
    const health = new StorageHealth(db, Date.now, log, 20);
    disk.fill(64 * 1024);
    expect(health.noteFailure(write(db, 256 * 1024))).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(health.full).toBe(true);
    disk.free();
    await waitUntil(() => !health.full, 5_000, 'the disk seen as free again');
    health.stop();
  });
});

describe('counts flushed on a timer', () => {
  it('the usage meter keeps the calls it could not write, and writes them all at the next flush', () => {
    const { disk, db } = storeOnSmallDisk();
    const { log, lines } = recordingLog();
    const health = new StorageHealth(db, Date.now, log, 60_000);
    const meter = new UsageMeter(db, () => Date.parse('2026-12-24T20:00:00Z'));
    for (let i = 0; i < 7; i++) meter.count();
    db.pragma('wal_checkpoint(TRUNCATE)');
    disk.fill(0);
    // As the metering timer runs it: a full disk is noted, not thrown (a throw would end the process).
    health.background('usage flush', () => meter.flush());
    expect(health.full).toBe(true);
    for (let i = 0; i < 3; i++) meter.count();
    expect(meter.view().rest_calls).toBe(10);
    disk.free();
    health.background('usage flush', () => meter.flush());
    expect(db.prepare('SELECT rest_calls FROM usage_counters').pluck().get()).toBe(10);
    expect(meter.view().rest_calls).toBe(10);
    expect(lines.filter((l) => l.msg === 'usage flush failed')).toEqual([]);
    health.stop();
  });
});

describe('the WAL checkpointer on a full disk', () => {
  it("reports SQLite's code, so StorageHealth knows the disk is full before any request fails", async () => {
    const { disk, db } = storeOnSmallDisk();
    const { log, lines } = recordingLog();
    const health = new StorageHealth(db, Date.now, log, 60_000);
    // 1 MiB waiting in the WAL; copying it into the store needs the store file to grow.
    db.pragma('wal_autocheckpoint = 0');
    expect(write(db, 1024 * 1024)).toBeNull();
    disk.fill(0);
    const errors: unknown[] = [];
    const checkpoints = startBackgroundCheckpoints(
      db,
      (err) => {
        errors.push(err);
        health.noteFailure(err);
      },
      { intervalMs: 20 },
    );
    await waitUntil(() => errors.length > 0, 5_000, 'a checkpoint failing');
    await checkpoints.stop();
    expect((errors[0] as { code?: string }).code).toBe('SQLITE_FULL');
    expect(health.full).toBe(true);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
    health.stop();
  });
});

describe('the group commit on a full disk', () => {
  it('a commit that fails for want of space fails every job of the batch; none is written', async () => {
    const { disk, db } = storeOnSmallDisk();
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    disk.fill(32 * 1024);
    const jobs = Array.from({ length: 8 }, () =>
      group.run(() => {
        for (let i = 0; i < 20; i++) insert.run('y'.repeat(500));
      }),
    );
    const results = await Promise.allSettled(jobs);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill('rejected'));
    for (const r of results)
      expect(((r as PromiseRejectedResult).reason as { code: string }).code).toBe('SQLITE_FULL');
    expect(db.prepare("SELECT COUNT(*) FROM filler WHERE body LIKE 'y%'").pluck().get()).toBe(0);
  });

  it('a job whose own write runs out of space mid-batch fails the whole batch: no job after it commits alone', async () => {
    const { disk, db } = storeOnSmallDisk();
    // A page cache of a few pages: a big job spills to the WAL in the middle of the batch, and
    // SQLite answers the full disk by rolling back the WHOLE transaction, not just the job.
    db.pragma('cache_size = 8');
    const group = new GroupCommit(db);
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    disk.fill(96 * 1024);
    const small = (tag: string) => () => insert.run(tag);
    const big = () => {
      for (let i = 0; i < 2_000; i++) insert.run('z'.repeat(500));
    };
    const results = await Promise.allSettled([
      group.run(small('before')),
      group.run(big),
      group.run(small('after')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const tags = db.prepare("SELECT body FROM filler WHERE body IN ('before', 'after')").pluck().all();
    // Without the batch failing as one, 'after' ran in a transaction of its own (in the WAL space
    // the big job had grown) and committed, while every job was answered with an error.
    expect(tags).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });
});
