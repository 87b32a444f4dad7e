import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A file in the data folder that stands while an automatic backup after a shift close is owed
 * (domain/automatic-backups.ts): written when the close has answered, removed once the backup has
 * been tried. A server killed meanwhile (power cut, kill -9) finds it at its next start and saves
 * that backup then, under the same name, over the `.partial` folder the crash left. Kept out of
 * the store and out of every backup's copy (data-folder-backup.ts): a spare started from a backup
 * owes nothing.
 */
export const autoBackupDueFileName = 'auto-backup-due.json';

/** The close time (ms) the owed backup is named by, or null when none is owed. */
export function readAutoBackupDue(dataDir: string, now: number): number | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, autoBackupDueFileName), 'utf8');
  } catch {
    return null;
  }
  try {
    const at = (JSON.parse(text) as { at?: unknown }).at;
    if (typeof at === 'number' && Number.isFinite(at)) return at;
  } catch {
    // Cut off mid-write by the crash: fall through.
  }
  // A backup is still owed, named by now.
  return now;
}

export function writeAutoBackupDue(dataDir: string, at: number): void {
  writeFileSync(join(dataDir, autoBackupDueFileName), JSON.stringify({ at }), { mode: 0o600 });
}

export function clearAutoBackupDue(dataDir: string): void {
  rmSync(join(dataDir, autoBackupDueFileName), { force: true });
}
