/**
 * Runs in a thread of its own for a backup taken from the box office (data-folder-backup.ts
 * `backUpDataFolderOffThread`): `VACUUM INTO` reads the whole store, which on the server's own
 * thread would hold every till's request until it is done. The thread opens its own read-only
 * connection, copies, closes, and posts `{ok: true}` or `{ok: false, error, code}`.
 *
 * Node loads this file on its own, from source as well as built: it imports only Node's modules
 * (better-sqlite3 by the path it is given) and uses only TypeScript that erases to JavaScript.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

export interface BackupWorkerData {
  /** Path of the better-sqlite3 module to load. */
  driver: string;
  nativeBinding: string | undefined;
  store: string;
  /** The empty file VACUUM INTO writes. */
  copy: string;
}

export type BackupWorkerAnswer = { ok: true } | { ok: false; error: string; code: string | undefined };

function copyStore(data: BackupWorkerData): BackupWorkerAnswer {
  try {
    const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
    const db = new Database(data.store, {
      readonly: true,
      fileMustExist: true,
      timeout: 10_000,
      nativeBinding: data.nativeBinding,
    });
    try {
      db.prepare('VACUUM INTO ?').run(data.copy);
    } finally {
      db.close();
    }
    return { ok: true };
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown };
    return {
      ok: false,
      error: String(e.message ?? err),
      code: typeof e.code === 'string' ? e.code : undefined,
    };
  }
}

if (parentPort) parentPort.postMessage(copyStore(workerData as BackupWorkerData));
