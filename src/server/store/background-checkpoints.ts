import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { workerModule } from '../worker-module.js';
import type { CheckpointFailure, CheckpointWorkerData } from './checkpoint-worker.js';
import type { Db } from './db.js';

/** SQLite's own default, restored whenever the background checkpointer is not running. */
const defaultAutoCheckpointPages = 1000;

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the event loop. With SQLite's automatic checkpoint, every ~1000 pages
 * one unlucky commit copies the WAL into the database and fsyncs it inside a request (27 ms
 * measured here; a scan's p99 went from 0.4 ms to 4 ms because of it). Here the main connection
 * stops checkpointing and a worker thread does it every `intervalMs` on its own connection. If
 * the worker dies, automatic checkpoints come back, so the WAL can never grow without bound.
 * `maxWalBytes` bounds it while the worker runs (checkpoint-worker.ts). SQLite never shortens
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
    const workerData: CheckpointWorkerData = {
      driver,
      file: db.name,
      nativeBinding: options.nativeBinding,
      intervalMs,
      maxWalBytes: options.maxWalBytes ?? 1024 * 1024 * 1024,
      shrinkWalAboveBytes: options.shrinkWalAboveBytes ?? 16 * 1024 * 1024,
    };
    worker = new Worker(workerModule(import.meta.url, 'checkpoint-worker'), { workerData });
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
  worker.on('message', (message: CheckpointFailure) => {
    // With SQLite's code kept, a full disk is recognised as such (storage-health.ts).
    onError(Object.assign(new Error(message.error), { code: message.code }));
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
