import type Database from 'better-sqlite3';
import { closeSync, openSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensurePrivateDir, tightenFile } from '../../shared/private-files.js';
import { sqliteCode } from './sqlite-errors.js';
import { isStoreDamage } from './store-check.js';

/** The copies a technician can roll back to: more would fill a small venue laptop's disk. */
export const upgradeBackupsKept = 3;

const backupName = /^marquee-schema-(\d+)-before-(\d+)-(\d{8}T\d{6}Z)\.db$/;

/** `20261129T155603Z`: sortable, and without the colons a Windows file name may not hold. */
export function fileTimestamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
}

export function upgradeBackupName(from: number, to: number, ms: number): string {
  return `marquee-schema-${from}-before-${to}-${fileTimestamp(ms)}.db`;
}

/** The copy could not be written: nothing was migrated, so the technician loses no way back. */
export class StoreBackupFailedError extends Error {
  constructor(file: string, backupFile: string, from: number, to: number, cause: unknown) {
    const notAFolder = isNotAFolder(cause);
    super(
      `The store at ${file} needs an upgrade (schema ${from} to ${to}), and Marquee keeps a copy ` +
        `of it first, but could not write ${backupFile} (${notAFolder ? `${dirname(backupFile)} is a file, not a folder` : reasonOf(cause)}). ` +
        (notAFolder
          ? 'Move that file out of the way and start again. '
          : 'Free some space on that disk, or make the data folder writable by the user that runs Marquee, and start again. ') +
        'Nothing was changed.',
      { cause },
    );
    this.name = 'StoreBackupFailedError';
  }
}

/** `backups` (or a folder above it) is a file someone left there. */
function isNotAFolder(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EEXIST' || code === 'ENOTDIR';
}

/** Why a copy could not be written, in words (disk full, no permission, read-only). */
export function reasonOf(err: unknown): string {
  const code = sqliteCode(err);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'no permission to write there';
  if (code === 'EROFS') return 'the disk is read-only';
  return err instanceof Error ? err.message : String(err);
}

/**
 * Writes a consistent copy of the open store to `<backupsDir>/marquee-schema-<from>-before-<to>-
 * <UTC time>.db` (folder 0700, file 0600: the store holds key hashes and buyers' details) and
 * answers its path. VACUUM INTO rather than better-sqlite3's backup(): that one is asynchronous,
 * and the store opens synchronously; both read one snapshot, WAL included, and this one also
 * leaves the copy compact. A failed copy is deleted and StoreBackupFailedError thrown.
 */
export function writeUpgradeBackup(
  db: Database.Database,
  file: string,
  backupsDir: string,
  from: number,
  to: number,
  now: number,
): string {
  const backupFile = join(backupsDir, upgradeBackupName(from, to, now));
  try {
    ensurePrivateDir(backupsDir);
    // Made empty and 0600 before SQLite writes it (VACUUM INTO takes an empty file); a copy from
    // the same second of the same schema is of the same store, and is replaced.
    closeSync(openSync(backupFile, 'w', 0o600));
    tightenFile(backupFile);
    db.prepare('VACUUM INTO ?').run(backupFile);
  } catch (err) {
    discardUpgradeBackup(backupFile);
    // A store whose pages fail to read is refused as damaged (store-check.ts), not as a copy problem.
    if (isStoreDamage(err)) throw err;
    throw new StoreBackupFailedError(file, backupFile, from, to, err);
  }
  return backupFile;
}

/**
 * Deletes a copy that is of no use: half-written, or made for an upgrade that failed and left the
 * store as it was (the copy is then a duplicate of the store itself).
 */
export function discardUpgradeBackup(backupFile: string): void {
  try {
    rmSync(backupFile, { force: true });
  } catch {
    // No folder to hold it (ENOTDIR, EACCES): then there is no copy either.
  }
}

/**
 * Deletes all but the newest `upgradeBackupsKept` copies (by the time in their names), never the
 * one just written (a clock set back would otherwise date it oldest), nor any other file. Answers
 * the deleted paths. A copy that cannot be deleted stays: that is no reason to refuse a start.
 */
export function pruneUpgradeBackups(backupsDir: string, keep: string): string[] {
  const others = readdirSync(backupsDir)
    .map((name) => ({ name, match: backupName.exec(name) }))
    .filter(({ name, match }) => match && join(backupsDir, name) !== keep)
    .sort((a, b) => b.match![3]!.localeCompare(a.match![3]!) || b.name.localeCompare(a.name));
  const deleted: string[] = [];
  for (const { name } of others.slice(upgradeBackupsKept - 1)) {
    const path = join(backupsDir, name);
    try {
      rmSync(path);
      deleted.push(path);
    } catch {
      // Left for the technician; the next upgrade tries again.
    }
  }
  return deleted;
}
