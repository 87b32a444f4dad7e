import Database from 'better-sqlite3';
import { closeSync, cpSync, existsSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ensurePrivateDir, tightenFile, tightenTree } from '../../shared/private-files.js';
import { lockFileName } from '../data-dir-lock.js';
import { restoredBackupFileName, setAsidePrefix, writeBackupFacts } from '../restored-backup.js';
import { workerModule } from '../worker-module.js';
import { autoBackupDueFileName } from './auto-backup-due.js';
import { firstSigningKidOfBackup } from './backup-identity.js';
import {
  backupInProgressFileName,
  clearBackupInProgress,
  noteBackupInProgress,
} from './backup-in-progress.js';
import {
  copyAndDescribe,
  type BackupWorkerAnswer,
  type BackupWorkerData,
  type CopyFacts,
} from './backup-worker.js';
import { insideDataFolderProblem } from './inside-folder.js';
import { fileTimestamp, reasonOf } from './upgrade-backup.js';

/**
 * A backup of a venue's data folder taken while the server runs (`npm run backup`, docs/api.md
 * "Backing up while the server runs"). Copying marquee.db by hand mid-sale is unsafe: the file
 * and its -wal are copied at two different moments, and the copy may open as damaged or without
 * the last sales. Here the store is read in one SQLite read transaction (VACUUM INTO), which sees
 * one committed moment whatever the server writes meanwhile, and the rest of the folder (signing
 * keys, the LAN certificate, the admin key) is copied beside it, so a restore on a spare laptop
 * keeps every ticket's signature and every paired device's certificate pin.
 */

export const backupFolderPrefix = 'marquee-backup-';
/** Ends the name of a backup taken on its own after a shift closed (domain/automatic-backups.ts). */
export const automaticSuffix = '-auto';
const manualFolderName = /^marquee-backup-\d{8}T\d{6}Z$/;
const automaticFolderName = /^marquee-backup-\d{8}T\d{6}Z-auto$/;

/** The store's own files (copied through SQLite) and what belongs to the running server only. */
const notCopiedAsFiles = new Set([
  'marquee.db',
  'marquee.db-wal',
  'marquee.db-shm',
  'backups',
  lockFileName,
  autoBackupDueFileName,
  backupInProgressFileName,
  restoredBackupFileName,
]);

export interface DataFolderBackup extends CopyFacts {
  folder: string;
  /** Older backups deleted from the destination to keep `keep` of them. */
  deleted: string[];
}

/** The backup could not be made; the message says why and what to do. Nothing half-made is left. */
export class BackupFailedError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'BackupFailedError';
  }
}

/**
 * Keeps the newest `keep` backups of the same kind and the same store as `made` in `destination`
 * (by the time in their names), never `made`: automatic ones never crowd out a manager's, nor the
 * other way, and another venue's backups in a shared folder are neither counted nor deleted
 * (store/backup-identity.ts). A copy whose store cannot be read deletes nothing.
 */
function pruneBackups(
  destination: string,
  made: string,
  {
    keep,
    automatic,
    nativeBinding,
  }: { keep: number; automatic: boolean; nativeBinding?: string | undefined },
): string[] {
  const store = firstSigningKidOfBackup(made, nativeBinding);
  if (store === null) return [];
  const sameKind = automatic ? automaticFolderName : manualFolderName;
  const older = readdirSync(destination)
    .filter((name) => sameKind.test(name) && join(destination, name) !== made)
    .filter((name) => firstSigningKidOfBackup(join(destination, name), nativeBinding) === store)
    .sort()
    .reverse();
  const deleted: string[] = [];
  for (const name of older.slice(Math.max(keep - 1, 0))) {
    const path = join(destination, name);
    try {
      rmSync(path, { recursive: true });
      deleted.push(path);
    } catch {
      // Left for the manager; the next backup tries again.
    }
  }
  return deleted;
}

/**
 * Writes `<destination>/marquee-backup-<UTC time>/`: `marquee.db` (one consistent moment of the
 * store, checked to read back whole) and every other file of the data folder but the running
 * server's lock and the upgrade copies in backups/. Made under a `.partial` name and renamed only
 * once complete, so a folder with the backup's name is always a whole one. Safe while the server
 * runs: it only reads the store (a reader never blocks the server's writes in WAL mode).
 */
export function backUpDataFolder(request: BackupRequest): DataFolderBackup {
  const { store, target, folder, partial, storeCopy } = prepareBackup(request);
  try {
    const facts = copyAndDescribe(Database, { store, copy: storeCopy, nativeBinding: undefined });
    return finishBackup(request, { target, folder, partial, storeCopy }, facts);
  } catch (err) {
    throw failed(err, folder, partial);
  }
}

/**
 * The same backup with the store read in a worker thread (backup-worker.ts), for the running
 * server (POST /v2/backups): its own thread keeps answering tills while the copy is read.
 */
export async function backUpDataFolderOffThread(request: BackupRequest): Promise<DataFolderBackup> {
  // Noted before the `.partial` folder is made, until it is whole or gone: a crash meanwhile
  // leaves it to the next start to delete.
  let places: BackupPlaces & { store: string };
  try {
    places = prepareBackup(request, (path) => noteBackupInProgress(request.dataDir, path));
  } catch (err) {
    clearBackupInProgress(request.dataDir);
    throw err;
  }
  const { store, target, folder, partial, storeCopy } = places;
  try {
    const workerData: BackupWorkerData = {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      nativeBinding: request.nativeBinding,
      store,
      copy: storeCopy,
    };
    const answer = await new Promise<BackupWorkerAnswer>((resolveAnswer, reject) => {
      const worker = new Worker(workerModule(import.meta.url, 'backup-worker'), { workerData });
      worker.once('message', resolveAnswer);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the backup thread stopped (exit ${code})`)));
    });
    if (!answer.ok) throw Object.assign(new Error(answer.error), { code: answer.code });
    const { orders, tickets, newestOrderAt } = answer;
    return finishBackup(request, { target, folder, partial, storeCopy }, { orders, tickets, newestOrderAt });
  } catch (err) {
    throw failed(err, folder, partial);
  } finally {
    clearBackupInProgress(request.dataDir);
  }
}

interface BackupRequest {
  dataDir: string;
  destination: string;
  now?: number;
  /** Keep this many backups of its kind in `destination` (older ones deleted); 0 keeps them all. */
  keep?: number;
  /** Taken on its own after a shift closed: named `…-auto`, kept apart from the manual ones. */
  automatic?: boolean;
  /** The native binding the server's connection loaded (ServerOptions.storeBinding); Node's own without. */
  nativeBinding?: string | undefined;
}

interface BackupPlaces {
  target: string;
  folder: string;
  partial: string;
  storeCopy: string;
}

/** Nothing half-made left, and the reason in words (a BackupFailedError as it is). */
function failed(err: unknown, folder: string, partial: string): BackupFailedError {
  rmSync(partial, { recursive: true, force: true });
  if (err instanceof BackupFailedError) return err;
  return new BackupFailedError(
    `Could not write the backup to ${folder} (${reasonOf(err)}). Nothing was changed in the data folder; ` +
      'free some space there or choose another folder, and try again.',
    { cause: err },
  );
}

/**
 * The backup's folder: named by its UTC time to the second, or the first later second whose name
 * is free. Two backups of one kind asked for in the same second (a manager pressing twice, the
 * follow-up after a close made while one was saved, overlapping schedules) then both stay, in
 * order, and neither replaces the other. Manual and automatic names never meet (`-auto`).
 */
function freeBackupFolder(target: string, at: number, automatic: boolean): string {
  const nameAt = (ms: number) =>
    join(target, `${backupFolderPrefix}${fileTimestamp(ms)}${automatic ? automaticSuffix : ''}`);
  let ms = at;
  while (existsSync(nameAt(ms))) ms += 1000;
  return nameAt(ms);
}

/**
 * Checks the request and makes the empty `.partial` folder and store file the copy goes into;
 * `beforeMaking` is told its path first.
 */
function prepareBackup(
  { dataDir, destination, now = Date.now(), automatic = false }: BackupRequest,
  beforeMaking: (partial: string) => void = () => undefined,
): BackupPlaces & { store: string } {
  const source = resolve(dataDir);
  const store = join(source, 'marquee.db');
  if (!existsSync(store) || statSync(store).size === 0) {
    throw new BackupFailedError(
      `There is no Marquee store at ${store}. Set MARQUEE_DATA_DIR to the data folder the venue server uses, and try again.`,
    );
  }
  const target = resolve(destination);
  // Checked again here, not only when Settings took the folder: a link made since can lead it into
  // the data folder, and the copy would then copy itself until its path is too long.
  const inside = insideDataFolderProblem(source, target);
  if (inside) throw new BackupFailedError(inside);
  const folder = freeBackupFolder(target, now, automatic);
  const partial = `${folder}.partial`;
  const storeCopy = join(partial, 'marquee.db');
  beforeMaking(partial);
  try {
    ensurePrivateDir(target);
    rmSync(partial, { recursive: true, force: true });
    ensurePrivateDir(partial);
    // Made empty and 0600 first: VACUUM INTO writes into an empty file, and the copy holds key
    // hashes and buyers' details.
    closeSync(openSync(storeCopy, 'w', 0o600));
  } catch (err) {
    throw failed(err, folder, partial);
  }
  return { store, target, folder, partial, storeCopy };
}

/** After the store's copy: the other files, the check (`checkCopy`), the rename, and `keep`. */
function finishBackup(
  { dataDir, keep = 0, automatic = false, nativeBinding }: BackupRequest,
  { target, folder, partial, storeCopy }: BackupPlaces,
  facts: CopyFacts,
): DataFolderBackup {
  const source = resolve(dataDir);
  // The files after the store: a signing key is written before the store lists it, so every
  // key the copied store names is on disk by now (a newer one copied too does no harm).
  for (const name of readdirSync(source)) {
    if (notCopiedAsFiles.has(name) || name.startsWith(setAsidePrefix) || name.endsWith('.tmp')) continue;
    cpSync(join(source, name), join(partial, name), { recursive: true, preserveTimestamps: true });
  }
  // Says which backup this is to the first start on a folder it is restored into.
  writeBackupFacts(partial, {
    backup: basename(folder),
    orders: facts.orders,
    tickets: facts.tickets,
    newestOrderAt: facts.newestOrderAt,
  });
  tightenFile(storeCopy);
  tightenTree(partial);
  // Never onto another backup: its name was free when chosen (freeBackupFolder), and a rename onto
  // a folder another run made meanwhile fails, leaving that one whole.
  renameSync(partial, folder);
  const deleted = keep > 0 ? pruneBackups(target, folder, { keep, automatic, nativeBinding }) : [];
  return { folder, ...facts, deleted };
}
