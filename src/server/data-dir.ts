import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, preparePrivateSqliteFile, tightenTree } from '../shared/private-files.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { takeRestoredBackup, type RestoredBackup } from './restored-backup.js';

export interface PreparedDataDir {
  storeFile: string;
  storeExisted: boolean;
  /** This process's claim on the folder (data-dir-lock.ts); released when the app closes. */
  lock: DataDirLock;
  /** The backup this folder was just restored from (its first start since), else null. */
  restored: RestoredBackup | null;
}

/**
 * The data dir before anything is read or written in it: taken for this process (a second server
 * on it is refused before the store is touched), the folder 0700, every file in it
 * (marquee.db and its -wal/-shm, `tls/`, `signing-keys/`, admin-key.txt, kiosk-key.txt) 0600,
 * including those an older Marquee made 0644, and the store file created 0600 before SQLite
 * opens it, so its -wal and -shm are born 0600 too. `storeExisted`: a server has run on this
 * data dir before (its store is not the empty file made here), so devices may have paired with it.
 * A folder just restored from a backup first has the replaced store's -wal set aside
 * (restored-backup.ts).
 */
export function prepareDataDir(dataDir: string, now: number): PreparedDataDir {
  ensurePrivateDir(dataDir);
  const lock = lockDataDir(dataDir);
  try {
    // Before SQLite opens the store: a restored store must not meet the replaced one's -wal.
    const restored = takeRestoredBackup(dataDir, now);
    const storeFile = join(dataDir, 'marquee.db');
    const storeExisted = existsSync(storeFile) && statSync(storeFile).size > 0;
    tightenTree(dataDir);
    preparePrivateSqliteFile(storeFile);
    return { storeFile, storeExisted, lock, restored };
  } catch (err) {
    lock.release();
    throw err;
  }
}
