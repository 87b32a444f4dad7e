import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * Which store a backup of a data folder holds: the id of that store's first ticket-signing key,
 * read from the backup's own `marquee.db`. Every store makes its first key at its first start and
 * keeps its row through every rotation (tokens/signing-keys.ts `firstKid`), a backup copies it, a
 * fresh install makes its own: so it tells this venue's backups from another's sharing the same
 * backup folder, for backups made before this check as well as after (nothing new is written).
 * Null when the copy cannot be read or holds no key: not a backup this server can vouch for.
 */
export function firstSigningKidOfBackup(backupPath: string, nativeBinding?: string): string | null {
  let copy: Database.Database | undefined;
  try {
    // Read-only and without a -wal: a whole backup's copy is one file (VACUUM INTO), never changed here.
    copy = new Database(join(backupPath, 'marquee.db'), {
      readonly: true,
      fileMustExist: true,
      nativeBinding,
    });
    const kid = copy.prepare('SELECT kid FROM signing_keys ORDER BY created_at LIMIT 1').pluck().get();
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  } finally {
    copy?.close();
  }
}
