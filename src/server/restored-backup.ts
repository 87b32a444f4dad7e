import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../shared/private-files.js';
import { autoBackupDueFileName } from './store/auto-backup-due.js';
import type { RestoredFromView } from './schemas/settings.js';
import { fileTimestamp } from './store/upgrade-backup.js';

/**
 * Every backup of the data folder (store/data-folder-backup.ts) carries this file, saying which
 * backup it is. Restoring one is copying the backup's files into the data folder, and when that
 * folder still holds the replaced store's `marquee.db-wal` (a server that crashed, or was killed,
 * leaves it), SQLite would apply that log, written for another file, to the restored store:
 * the start then refuses it as damaged, or worse opens a mix of the two. The first start on a
 * restored folder finds this file and moves the old -wal and -shm aside before SQLite opens the
 * store; the file is removed once the store has opened, and from then on the -wal is its own.
 */
export const restoredBackupFileName = 'marquee-backup.json';
/** The folder in the data folder where the replaced store's -wal and -shm are kept. */
export const setAsidePrefix = 'before-restore-';

export interface BackupFacts {
  backup: string;
  orders: number;
  tickets: number;
  newestOrderAt: string | null;
}

export interface RestoredBackup extends BackupFacts {
  /** Where the replaced store's -wal/-shm went, or null when there were none. */
  setAsideIn: string | null;
}

export function writeBackupFacts(folder: string, facts: BackupFacts): void {
  writeFileSync(join(folder, restoredBackupFileName), `${JSON.stringify(facts)}\n`, { mode: 0o600 });
}

function readFacts(file: string): BackupFacts {
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<BackupFacts>;
    return {
      backup: typeof read.backup === 'string' ? read.backup : 'a backup',
      orders: typeof read.orders === 'number' ? read.orders : 0,
      tickets: typeof read.tickets === 'number' ? read.tickets : 0,
      newestOrderAt: typeof read.newestOrderAt === 'string' ? read.newestOrderAt : null,
    };
  } catch {
    return { backup: 'a backup', orders: 0, tickets: 0, newestOrderAt: null };
  }
}

/**
 * Run once the data folder is this process's (data-dir-lock.ts) and before the store is opened.
 * Null when the folder was not just restored from a backup.
 */
export function takeRestoredBackup(dataDir: string, now: number): RestoredBackup | null {
  const marker = join(dataDir, restoredBackupFileName);
  if (!existsSync(marker)) return null;
  const facts = readFacts(marker);
  const leftovers = ['marquee.db-wal', 'marquee.db-shm'].filter((name) => existsSync(join(dataDir, name)));
  let setAsideIn: string | null = null;
  if (leftovers.length > 0) {
    setAsideIn = join(dataDir, `${setAsidePrefix}${fileTimestamp(now)}`);
    ensurePrivateDir(setAsideIn);
    for (const name of leftovers) renameSync(join(dataDir, name), join(setAsideIn, name));
  }
  // An automatic backup the replaced store owed is not this store's to save.
  rmSync(join(dataDir, autoBackupDueFileName), { force: true });
  return { ...facts, setAsideIn };
}

/**
 * Once the restored store has opened (and been upgraded if it was due): from now on its -wal is
 * its own. A start refused before that (a store from a newer Marquee) leaves the file, so the
 * start that succeeds still says which backup this is.
 */
export function forgetRestoredBackup(dataDir: string): void {
  rmSync(join(dataDir, restoredBackupFileName), { force: true });
}

/** The start's log line: what the restored store holds, and what it cannot. */
export function restoredBackupMessage(restored: RestoredBackup): string {
  const newest = restored.newestOrderAt ? `, the newest sold at ${restored.newestOrderAt}` : '';
  const aside = restored.setAsideIn
    ? ` The replaced store's marquee.db-wal and marquee.db-shm were moved to ${restored.setAsideIn} (SQLite would have applied them to the restored store and damaged it).`
    : '';
  return (
    `started on the restored backup ${restored.backup} (${restored.orders} orders, ${restored.tickets} tickets${newest}): ` +
    `anything sold, refunded, scanned or changed after it is not in this store.${aside}`
  );
}

/** What Settings keep of it (`restored_from`), `at` being this first start on it. */
export function restoredFromView(restored: RestoredBackup, at: number): RestoredFromView {
  return {
    backup: restored.backup,
    at: new Date(at).toISOString(),
    orders: restored.orders,
    tickets: restored.tickets,
    newest_order_at: restored.newestOrderAt,
  };
}
