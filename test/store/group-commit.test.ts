import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../../src/server/store/db.js';
import { GroupCommit } from '../../src/server/store/group-commit.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = tempDataDir('marquee-group-');
  db = openStore(join(dir, 'marquee.db'));
  db.exec('CREATE TABLE t (n INTEGER NOT NULL UNIQUE)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = () => (db.prepare('SELECT n FROM t ORDER BY n').all() as { n: number }[]).map((r) => r.n);
const insert = (n: number) => () => {
  db.prepare('INSERT INTO t (n) VALUES (?)').run(n);
  return n;
};

describe('GroupCommit', () => {
  it('runs the jobs of one turn in one transaction; a failing job undoes only its own writes', async () => {
    const group = new GroupCommit(db);
    const failing = () => {
      db.prepare('INSERT INTO t (n) VALUES (?)').run(100);
      throw new Error('refused');
    };
    const results = await Promise.allSettled([
      group.run(insert(1)),
      group.run(failing),
      group.run(insert(2)),
      group.run(insert(1)), // UNIQUE violation: rolled back alone
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused' });
    expect(rows()).toEqual([1, 2]);
  });

  it('answers only after the commit: the data is visible to another connection by then', async () => {
    const group = new GroupCommit(db);
    const value = await group.run(insert(7));
    expect(value).toBe(7);
    const other = openStore(join(dir, 'marquee.db'));
    try {
      expect((other.prepare('SELECT COUNT(*) AS c FROM t WHERE n = 7').get() as { c: number }).c).toBe(1);
    } finally {
      other.close();
    }
  });

  it('splits a long queue into batches and still runs every job once, in order', async () => {
    const group = new GroupCommit(db, 5);
    const values = await Promise.all(Array.from({ length: 23 }, (_, i) => group.run(insert(i))));
    expect(values).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(rows()).toHaveLength(23);
  });

  it('nests: a job that opens its own transaction (as every service does) is still all-or-nothing', async () => {
    const group = new GroupCommit(db);
    const service = (a: number, b: number) => () =>
      db
        .transaction(() => {
          insert(a)();
          insert(b)();
        })
        .immediate();
    const results = await Promise.allSettled([group.run(service(10, 11)), group.run(service(12, 10))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(rows()).toEqual([10, 11]);
  });

  it('runAfter: a batch waits for work still being prepared, so it commits once with all of it', async () => {
    const group = new GroupCommit(db);
    const commits: number[] = [];
    const countBatches = () => commits.push(rows().length);
    let finishSigning!: () => void;
    const signing = new Promise<void>((resolve) => (finishSigning = resolve));
    const ready = group.run(insert(1));
    const waiting = group.runAfter(signing, insert(2));
    // The ready job is held for the one being prepared (up to maxWaitMs), not committed alone.
    await new Promise((r) => setImmediate(r));
    countBatches();
    finishSigning();
    expect(await Promise.all([ready, waiting])).toEqual([1, 2]);
    countBatches();
    expect(commits).toEqual([0, 2]);
  });

  it('runAfter: work whose preparation fails is refused and never runs; the rest commits', async () => {
    const group = new GroupCommit(db);
    const results = await Promise.allSettled([
      group.run(insert(1)),
      group.runAfter(Promise.reject(new Error('signing failed')), insert(2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(rows()).toEqual([1]);
  });

  it('runAfter: a slow preparation holds the others back at most maxWaitMs', async () => {
    const group = new GroupCommit(db, 64, 5);
    let finish!: () => void;
    const slow = group.runAfter(new Promise<void>((resolve) => (finish = resolve)), insert(2));
    const started = Date.now();
    await group.run(insert(1));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(rows()).toEqual([1]);
    finish();
    await slow;
    expect(rows()).toEqual([1, 2]);
  });
});
