/**
 * Runs in a thread of its own for a backup taken from the box office (data-folder-backup.ts
 * `backUpDataFolderOffThread`): `VACUUM INTO` reads the whole store, and the check that the copy
 * reads back whole reads all of it again; either on the server's own thread would hold every
 * till's request until it is done. The thread opens its own read-only connection, copies, closes,
 * checks and counts the copy, and posts `{ok: true, orders, tickets, newestOrderAt}` or
 * `{ok: false, error, code}`.
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

export interface CopyFacts {
  orders: number;
  tickets: number;
  /** The newest order's created_at (ISO), or null for a store without orders. */
  newestOrderAt: string | null;
}

export type BackupWorkerAnswer =
  ({ ok: true } & CopyFacts) | { ok: false; error: string; code: string | undefined };

/**
 * Copies the store with `VACUUM INTO`, then the copy opens, reads whole (SQLite quick_check), and
 * says what it holds. Also called on its own thread by `npm run backup` (data-folder-backup.ts
 * `backUpDataFolder`), which has no tills to hold: one copy of the check for both.
 */
export function copyAndDescribe(
  Database: typeof BetterSqlite3,
  data: Pick<BackupWorkerData, 'store' | 'copy' | 'nativeBinding'>,
): CopyFacts {
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
  const copy = new Database(data.copy, {
    readonly: true,
    fileMustExist: true,
    nativeBinding: data.nativeBinding,
  });
  try {
    const check = copy.prepare('PRAGMA quick_check').pluck().all() as string[];
    if (check.length !== 1 || check[0] !== 'ok') {
      throw new Error(
        `the copy does not read back whole (SQLite quick_check: ${check.slice(0, 3).join('; ')})`,
      );
    }
    const orders = copy.prepare('SELECT COUNT(*) FROM orders').pluck().get() as number;
    const tickets = copy.prepare('SELECT COUNT(*) FROM tickets').pluck().get() as number;
    const newest = copy.prepare('SELECT MAX(created_at) FROM orders').pluck().get() as number | string | null;
    const newestOrderAt =
      newest === null
        ? null
        : new Date(typeof newest === 'number' ? newest : Date.parse(newest)).toISOString();
    return { orders, tickets, newestOrderAt };
  } finally {
    copy.close();
  }
}

function copyStore(data: BackupWorkerData): BackupWorkerAnswer {
  try {
    const Database = createRequire(import.meta.url)(data.driver) as typeof BetterSqlite3;
    return { ok: true, ...copyAndDescribe(Database, data) };
  } catch (err) {
    const e = err as { message?: unknown; code?: unknown };
    return {
      ok: false,
      error: String(e.message ?? err),
      code: typeof e.code === 'string' ? e.code : undefined,
    };
  }
}

/** True only on the thread started for a backup: this module is also loaded where no copy is asked for. */
function isBackupThread(data: unknown): data is BackupWorkerData {
  const asked = data as Partial<BackupWorkerData> | null;
  return (
    typeof asked?.driver === 'string' && typeof asked.store === 'string' && typeof asked.copy === 'string'
  );
}

if (parentPort && isBackupThread(workerData)) parentPort.postMessage(copyStore(workerData));
