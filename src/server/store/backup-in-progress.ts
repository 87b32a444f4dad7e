import { basename, join, resolve } from 'node:path';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A file in the data folder naming the `.partial` folder the running server is building a backup
 * in (data-folder-backup.ts `backUpDataFolderOffThread`), removed when that backup is done or has
 * failed. A server killed meanwhile (power cut, kill -9) finds it at its next start and deletes
 * that half-made folder: never listed, it would otherwise fill the backup disk unseen. Only the
 * folder named here is deleted, never another `.partial` (`npm run backup` may be building one in
 * the same folder from cron). Kept out of every backup's copy.
 */
export const backupInProgressFileName = 'backup-in-progress.json';

const partialBackupName = /^marquee-backup-\d{8}T\d{6}Z(-auto)?\.partial$/;

/** Best effort: without the note, a crash only leaves the half-made folder as before. */
export function noteBackupInProgress(dataDir: string, partial: string): void {
  try {
    writeFileSync(join(dataDir, backupInProgressFileName), JSON.stringify({ partial }), { mode: 0o600 });
  } catch {
    // The data folder's disk is full: the backup goes on, unnoted.
  }
}

export function clearBackupInProgress(dataDir: string): void {
  try {
    rmSync(join(dataDir, backupInProgressFileName), { force: true });
  } catch {
    // Left: the next start deletes a `.partial` folder that is gone or whole by then, i.e. nothing.
  }
}

/** At start: deletes the half-made folder of a backup the last stop cut off; answers its path, or null. */
export function removeCutOffBackup(dataDir: string): string | null {
  let partial: unknown;
  try {
    partial = (
      JSON.parse(readFileSync(join(dataDir, backupInProgressFileName), 'utf8')) as { partial?: unknown }
    ).partial;
  } catch {
    partial = null; // none noted, or the note itself cut off
  }
  clearBackupInProgress(dataDir);
  if (typeof partial !== 'string' || !partialBackupName.test(basename(partial))) return null;
  try {
    rmSync(resolve(partial), { recursive: true, force: true });
  } catch {
    return null; // the backup disk not there now, or read-only: a start is never refused for it
  }
  return resolve(partial);
}
