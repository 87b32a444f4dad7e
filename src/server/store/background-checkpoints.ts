import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './db.js';

/** SQLite's own default, restored whenever the background checkpointer is not running. */
const defaultAutoCheckpointPages = 1000;

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

/**
 * Runs in the worker: its own connection to the same file, a PASSIVE checkpoint per tick. PASSIVE
 * never waits on the writer, so requests on the main thread keep committing meanwhile.
 * (Plain CommonJS source: eval workers cannot load TypeScript, and the Electron bundle has no
 * separate worker file to point at.)
 */
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { nativeBinding: workerData.nativeBinding });
db.pragma("busy_timeout = 5000");
const pageSize = db.pragma("page_size", { simple: true });
// Frames a RESTART may still have to copy while it holds writers off: a few ms of work.
const nearlyCaughtUp = 256;
let timer = null;
let lastLog = -1;
function walFileBytes() {
  try { return statSync(workerData.file + "-wal").size; } catch { return 0; }
}
function tick() {
  let next = workerData.intervalMs;
  try {
    const [{ log, checkpointed }] = db.pragma("wal_checkpoint(PASSIVE)");
    // Under a steady stream of commits a PASSIVE checkpoint never catches the writer, so the
    // WAL is never rewound and grows (~130 MB/s at full checkout load). Past the limit, keep
    // checkpointing back to back until nearly every frame is copied, then RESTART: writers wait
    // only while it copies the last few frames (43 ms measured at 1.1 GB), and the next commit
    // writes from the start of the file again, so the file stops growing. Not TRUNCATE: cutting
    // a 1 GB file held writers off for 1.4 s here.
    if (log * pageSize > workerData.maxWalBytes) {
      if (log - checkpointed <= nearlyCaughtUp) db.pragma("wal_checkpoint(RESTART)");
      else next = 5;
    } else if (log === checkpointed && log === lastLog && walFileBytes() > workerData.shrinkWalAboveBytes) {
      // Quiet since the last tick, every frame copied, and the file still as long as a rush
      // made it: SQLite reuses the file rather than shortening it, so give the space back.
      // Nothing is left to copy, so this only cuts the file.
      db.pragma("wal_checkpoint(TRUNCATE)");
    }
    lastLog = log;
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err), code: err && err.code });
  }
  timer = setTimeout(tick, next);
}
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearTimeout(timer);
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
  db.close();
  parentPort.close();
});
`;

/**
 * Moves WAL checkpoints off the event loop. With SQLite's automatic checkpoint, every ~1000 pages
 * one unlucky commit copies the WAL into the database and fsyncs it inside a request (27 ms
 * measured here; a scan's p99 went from 0.4 ms to 4 ms because of it). Here the main connection
 * stops checkpointing and a worker thread does it every `intervalMs` on its own connection. If
 * the worker dies, automatic checkpoints come back, so the WAL can never grow without bound.
 * `maxWalBytes` bounds it while the worker runs (see the worker source). SQLite never shortens
 * the WAL file by itself, so after a rush, once a tick finds nothing new written, a WAL file over
 * `shrinkWalAboveBytes` is truncated (the disk space a sales rush took is given back).
 */
export function startBackgroundCheckpoints(
  db: Db,
  onError: (err: unknown) => void,
  options: {
    intervalMs?: number;
    /** WAL size past which the worker rewinds it, making writers wait for a moment. */
    maxWalBytes?: number;
    /** WAL file size past which a quiet tick truncates it (default 16 MiB). */
    shrinkWalAboveBytes?: number;
    /** Path of the better-sqlite3 module the worker loads; tests point it elsewhere to see it fail. */
    driver?: string;
    /** The native binding the main connection loaded (ServerOptions.storeBinding), for the same one here. */
    nativeBinding?: string;
  } = {},
): BackgroundCheckpoints {
  const intervalMs = options.intervalMs ?? 1000;
  let worker: Worker;
  try {
    const driver = options.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        driver,
        file: db.name,
        nativeBinding: options.nativeBinding,
        intervalMs,
        maxWalBytes: options.maxWalBytes ?? 1024 * 1024 * 1024,
        shrinkWalAboveBytes: options.shrinkWalAboveBytes ?? 16 * 1024 * 1024,
      },
    });
  } catch (err) {
    // No worker, no harm: SQLite's automatic checkpoints stay on.
    onError(err);
    return { stop: async () => undefined };
  }
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const fallBack = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${defaultAutoCheckpointPages}`);
  };
  worker.on('message', (message: { error?: string; code?: string }) => {
    // With SQLite's code kept, a full disk is recognised as such (storage-health.ts).
    if (message.error) onError(Object.assign(new Error(message.error), { code: message.code }));
  });
  worker.on('error', (err) => {
    onError(err);
    fallBack();
  });
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (!stopping) onError(new Error('WAL checkpoint worker exited'));
      fallBack();
      resolve();
    }),
  );
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      fallBack();
      worker.postMessage('stop');
      // Bounded: a worker stuck behind a long lock is ended rather than holding up shutdown.
      const timer = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
