/**
 * Runs in the WAL checkpoint thread (background-checkpoints.ts starts it): its own connection to
 * the same file, a PASSIVE checkpoint per tick. PASSIVE never waits on the writer, so requests on
 * the main thread keep committing meanwhile. A failure is posted as {error, code} and the thread
 * carries on with its next tick.
 *
 * Node loads this file on its own, from source as well as built: it imports only Node's modules
 * (better-sqlite3 by the path it is given, so a test can hand it one that fails to load) and uses
 * only TypeScript that erases to JavaScript, so Node's type stripping runs it under vitest.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** What the thread is started with. */
export interface CheckpointWorkerData {
  /** Path of the better-sqlite3 module to load. */
  driver: string;
  file: string;
  nativeBinding: string | undefined;
  intervalMs: number;
  /** WAL size past which the thread rewinds it, making writers wait for a moment. */
  maxWalBytes: number;
  /** WAL file size past which a quiet tick truncates it. */
  shrinkWalAboveBytes: number;
}

/** The one message the thread sends: a checkpoint that failed, with SQLite's code. */
export interface CheckpointFailure {
  error: string;
  code: string | undefined;
}

/** Frames a RESTART may still have to copy while it holds writers off: a few ms of work. */
const nearlyCaughtUp = 256;

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

function startCheckpoints(data: CheckpointWorkerData, port: NonNullable<typeof parentPort>): void {
  const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
  const db = new Database(data.file, { nativeBinding: data.nativeBinding });
  db.pragma('busy_timeout = 5000');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  let timer: NodeJS.Timeout | undefined;
  let lastLog = -1;

  const walFileBytes = (): number => {
    try {
      return statSync(`${data.file}-wal`).size;
    } catch {
      return 0;
    }
  };

  const tick = (): void => {
    let next = data.intervalMs;
    try {
      const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)') as [CheckpointResult];
      // Under a steady stream of commits a PASSIVE checkpoint never catches the writer, so the
      // WAL is never rewound and grows (~130 MB/s at full checkout load). Past the limit, keep
      // checkpointing back to back until nearly every frame is copied, then RESTART: writers wait
      // only while it copies the last few frames (43 ms measured at 1.1 GB), and the next commit
      // writes from the start of the file again, so the file stops growing. Not TRUNCATE: cutting
      // a 1 GB file held writers off for 1.4 s here.
      if (log * pageSize > data.maxWalBytes) {
        if (log - checkpointed <= nearlyCaughtUp) db.pragma('wal_checkpoint(RESTART)');
        else next = 5;
      } else if (log === checkpointed && log === lastLog && walFileBytes() > data.shrinkWalAboveBytes) {
        // Quiet since the last tick, every frame copied, and the file still as long as a rush
        // made it: SQLite reuses the file rather than shortening it, so give the space back.
        // Nothing is left to copy, so this only cuts the file.
        db.pragma('wal_checkpoint(TRUNCATE)');
      }
      lastLog = log;
    } catch (err) {
      const failure: CheckpointFailure = {
        error: err instanceof Error ? err.message : String(err),
        code: (err as { code?: string } | null)?.code,
      };
      port.postMessage(failure);
    }
    timer = setTimeout(tick, next);
  };

  timer = setTimeout(tick, data.intervalMs);
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    clearTimeout(timer);
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Stopping anyway: the next start, or SQLite's own checkpoints, copy what is left.
    }
    db.close();
    port.close();
  });
}

if (parentPort) startCheckpoints(workerData as CheckpointWorkerData, parentPort);
