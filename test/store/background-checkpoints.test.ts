import { closeSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackgroundCheckpoints } from '../../src/server/store/background-checkpoints.js';
import { openStore, type Db } from '../../src/server/store/db.js';
import { tempDataDir } from '../support/test-app.js';
import { waitUntil } from '../support/eventually.js';
import { workerProbe } from '../support/worker-probe.js';

let dir: string;
let db: Db;
afterEach(() => {
  if (db?.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const autoCheckpoint = () => db.pragma('wal_autocheckpoint', { simple: true }) as number;

describe('background WAL checkpoints', () => {
  it('turn off checkpoints on the main connection and checkpoint from a worker instead', async () => {
    dir = tempDataDir('marquee-ckpt-');
    const file = join(dir, 'marquee.db');
    db = openStore(file);
    const errors: unknown[] = [];
    const checkpoints = startBackgroundCheckpoints(db, (err) => errors.push(err), { intervalMs: 50 });
    expect(autoCheckpoint()).toBe(0);
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    // ~4 MB through the WAL: without anyone checkpointing, the database file would stay tiny.
    for (let i = 0; i < 1000; i++) insert.run('x'.repeat(4000));
    const deadline = Date.now() + 5000;
    while (statSync(file).size < 3_000_000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(statSync(file).size).toBeGreaterThan(3_000_000);
    await checkpoints.stop();
    // Stopped: SQLite's own automatic checkpoints are back.
    expect(autoCheckpoint()).toBe(1000);
    expect(errors).toEqual([]);
  });

  it('falls back to automatic checkpoints when the worker dies', async () => {
    dir = tempDataDir('marquee-ckpt-');
    db = openStore(join(dir, 'marquee.db'));
    const errors: unknown[] = [];
    startBackgroundCheckpoints(db, (err) => errors.push(err), {
      intervalMs: 50,
      driver: join(dir, 'no-such-driver.js'),
    });
    expect(autoCheckpoint()).toBe(0);
    await waitUntil(() => autoCheckpoint() !== 0, 5_000, 'the fallback autocheckpoint');
    expect(autoCheckpoint()).toBe(1000);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('rewinds a WAL that writers never let a PASSIVE checkpoint finish, once past maxWalBytes', async () => {
    dir = tempDataDir('marquee-ckpt-');
    const file = join(dir, 'marquee.db');
    db = openStore(file);
    const errors: unknown[] = [];
    const checkpoints = startBackgroundCheckpoints(db, (err) => errors.push(err), {
      intervalMs: 20,
      maxWalBytes: 1_000_000,
    });
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    // The WAL header's checkpoint sequence number (bytes 12-15) goes up each time the WAL is
    // rewound; the file itself keeps its size and is written from the start again.
    const restarts = () => {
      const header = Buffer.alloc(16);
      const fd = openSync(`${file}-wal`, 'r');
      try {
        readSync(fd, header, 0, 16, 0);
      } finally {
        closeSync(fd);
      }
      return header.readUInt32BE(12);
    };
    // A steady writer, committing every 50 rows with a 2 ms pause between, until the worker has
    // rewound the WAL. How long that takes depends on how much CPU the worker thread gets, so the
    // loop waits for it (bounded by 1 GB written or 60 s, for a worker that never does) rather
    // than judging a fixed two seconds.
    const burst = 'x'.repeat(4000);
    const started = Date.now();
    let written = 0;
    insert.run('x');
    const firstSequence = restarts();
    while (restarts() === firstSequence && written < 1_000_000_000 && Date.now() - started < 60_000) {
      for (let i = 0; i < 50; i++) insert.run(burst);
      written += 50 * burst.length;
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(restarts()).toBeGreaterThan(firstSequence);
    // Rewound means the next commits write from the start of the file again: whatever the
    // worker's pace, writing less than the file holds cannot make it any longer.
    const walAtRewind = statSync(`${file}-wal`).size;
    expect(walAtRewind).toBeGreaterThan(1_000_000);
    for (let rewritten = 0; rewritten < walAtRewind / 2; rewritten += 50 * burst.length) {
      for (let i = 0; i < 50; i++) insert.run(burst);
    }
    expect(statSync(`${file}-wal`).size).toBe(walAtRewind);
    await checkpoints.stop();
    expect(errors).toEqual([]);
  });

  it('truncates a WAL file a rush left long, once a tick finds nothing new written', async () => {
    dir = tempDataDir('marquee-ckpt-');
    const file = join(dir, 'marquee.db');
    db = openStore(file);
    const errors: unknown[] = [];
    const checkpoints = startBackgroundCheckpoints(db, (err) => errors.push(err), {
      intervalMs: 20,
      shrinkWalAboveBytes: 256 * 1024,
    });
    db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO filler (body) VALUES (?)');
    // A rush: ~2 MB in one transaction, so the WAL file grows past the limit at once.
    db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('x'.repeat(4000));
    })();
    const afterRush = statSync(`${file}-wal`).size;
    expect(afterRush).toBeGreaterThan(1_000_000);
    // Then quiet: within a few ticks the file is cut (SQLite alone would keep it at its size).
    const deadline = Date.now() + 5000;
    while (statSync(`${file}-wal`).size > 256 * 1024 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(256 * 1024);
    // Nothing was lost on the way.
    expect(db.prepare('SELECT COUNT(*) FROM filler').pluck().get()).toBe(500);
    await checkpoints.stop();
    expect(errors).toEqual([]);
  });
});

/**
 * The thread's module is a file of its own (src/server/store/checkpoint-worker.ts). The tests
 * above load it from source under vitest; these run it the two other ways the server runs: from
 * source under tsx (`node --import tsx`), and bundled like `npm run server`
 * (scripts/server-bundle.mjs). The desktop build (out/main) names it as an entry the same way:
 * electron.vite.config.ts.
 */
describe('the checkpoint thread module', () => {
  const probe = workerProbe(fileURLToPath(new URL('fixtures/checkpoint-thread-probe.ts', import.meta.url)));
  const loaded = { checkpointed: true, autoCheckpoint: 0, errors: [] };

  it('loads from source under tsx', () => {
    expect(probe.underTsx()).toEqual(loaded);
  });

  it('loads from beside a bundle built like the server', async () => {
    const { files, answer } = await probe.fromBundle('checkpoint-worker.mjs');
    expect(files).toContain('checkpoint-worker.mjs');
    expect(answer).toEqual(loaded);
  });
});
