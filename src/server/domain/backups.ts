import { accessSync, constants, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { ApiError, invalidField } from '../errors.js';
import type { BackupView } from '../schemas/backups.js';
import { firstSigningKidOfBackup } from '../store/backup-identity.js';
import {
  BackupFailedError,
  backUpDataFolderOffThread,
  automaticSuffix,
  backupFolderPrefix,
  type DataFolderBackup,
} from '../store/data-folder-backup.js';
import { insideDataFolderProblem } from '../store/inside-folder.js';

/**
 * Backups taken from the box office (POST /v2/backups, docs/api.md "Backing up while the server
 * runs"): the same consistent copy as `npm run backup`, for a manager without a terminal. The
 * folder is the one Settings names, else `marquee-backups` beside the data folder.
 */

/** A backup's folder name: its UTC time, and `-auto` when taken on its own after a shift closed. */
export const backupName = /^marquee-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(-auto)?$/;

export function defaultBackupFolder(dataDir: string): string {
  return join(dirname(resolve(dataDir)), 'marquee-backups');
}

/**
 * Makes `target` and the missing folders above it one at a time. Node's `mkdirSync(…, {recursive:
 * true})` never returns for a path under /proc (it retries the ENOENT for ever), and would freeze
 * the server, every till with it, on one folder typed into Settings; made one level at a time, the
 * same path is refused in words.
 */
function makeFolders(target: string): void {
  const missing: string[] = [];
  for (let at = target; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const folder of missing) mkdirSync(folder, { mode: 0o700 });
}

/** Why `folder` cannot take backups of `dataDir`, in words; null when it can (made if missing). */
export function backupFolderProblem(dataDir: string, folder: string): string | null {
  if (!isAbsolute(folder))
    return `The backup folder must be a full path (such as /media/usb/backups), not ${folder}.`;
  const target = resolve(folder);
  // Before anything is made: a link into the data folder would otherwise get a folder made there.
  const inside = insideDataFolderProblem(dataDir, target);
  if (inside) return inside;
  try {
    if (!existsSync(target)) makeFolders(target);
    if (!statSync(target).isDirectory()) return `${target} is a file, not a folder.`;
    accessSync(target, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return `Backups cannot be saved in ${target} (${folderRefusalWords(code)}). Choose a folder the venue server can write to.`;
  }
  return null;
}

/** A manager reads this in Settings › Backup: the reason in words, the system's code only when unknown. */
function folderRefusalWords(code: string | undefined): string {
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'the venue server may not write there';
  // mkdir answers ENOENT where no folder can be made at all, as under /proc.
  if (code === 'ENOENT') return 'no folder can be made in that place';
  if (code === 'ENOTDIR') return 'part of that path is a file, not a folder';
  if (code === 'ENOSPC') return 'its disk is full';
  return `the system answered ${code ?? 'an error'}`;
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

function timeOf(name: string): string | null {
  const m = backupName.exec(name);
  // With milliseconds, like every other time the API answers (docs/api.md "Conventions").
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.000Z` : null;
}

export function isDiskFull(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') return true;
  }
  return false;
}

export class BackupsService {
  /**
   * The backup being saved, null when none is. One at a time: two at once would build the same
   * `.partial` folder in the same second.
   */
  private inFlight: Promise<unknown> | null = null;
  /**
   * Which store each backup seen holds, by path (store/backup-identity.ts): a whole backup is never
   * changed, so each is opened once, not at every look at Settings › Backup.
   */
  private readonly storeOf = new Map<string, string | null>();

  constructor(
    private readonly dataDir: string,
    /** The folder Settings names, else the default one. */
    private readonly configuredFolder: () => string,
    /** This store's first signing key id (SigningKeys.firstKid): its backups carry the same. */
    private readonly storeKid: string,
    private readonly now: () => number,
    /** The native binding the server's own connection loaded (ServerOptions.storeBinding). */
    private readonly nativeBinding?: string,
  ) {}

  folder(): string {
    return this.configuredFolder();
  }

  /** Resolves once no backup is being saved (at once when none is). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
  }

  /**
   * Takes a backup now; keeps the newest `keep` of its kind in the folder (0: all, as the CLI's
   * default). `automatic`: taken on its own after a shift closed (domain/automatic-backups.ts),
   * named by `at` (the close's time).
   */
  async take(
    keep: number,
    { automatic = false, at = this.now() }: { automatic?: boolean; at?: number } = {},
  ): Promise<BackupView & { deleted: string[] }> {
    const destination = this.folder();
    const problem = backupFolderProblem(this.dataDir, destination);
    if (problem) throw invalidField('backup_folder', `${problem} Change it in Settings › Backup.`);
    if (this.inFlight)
      throw new ApiError(
        409,
        'backup_in_progress',
        'A backup is being saved already: wait for it to finish.',
      );
    let made: DataFolderBackup;
    try {
      const copying = backUpDataFolderOffThread({
        dataDir: this.dataDir,
        destination,
        now: at,
        keep,
        automatic,
        nativeBinding: this.nativeBinding,
      });
      this.inFlight = copying;
      made = await copying;
    } catch (err) {
      if (!(err instanceof BackupFailedError)) throw err;
      if (isDiskFull(err))
        throw new ApiError(
          507,
          'insufficient_storage',
          `The disk holding ${destination} is full, so no backup was saved (sales are not affected). ` +
            'Free space there or choose another backup folder in Settings › Backup, then try again.',
        );
      throw new ApiError(409, 'backup_failed', err.message);
    } finally {
      this.inFlight = null;
    }
    return {
      ...this.describe(made.folder),
      orders: made.orders,
      tickets: made.tickets,
      deleted: made.deleted,
    };
  }

  /**
   * This store's whole backups in the folder, oldest first (a `.partial` one is never listed). A
   * backup folder may be shared (the default one beside two data folders, one USB stick for two
   * venues): another store's backups there are not this venue's to see or restore.
   */
  list(): BackupView[] {
    const folder = this.folder();
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.startsWith(backupFolderPrefix) && timeOf(name) !== null)
      .filter((name) => this.isOwnBackup(join(folder, name)))
      .sort()
      .flatMap((name) => {
        try {
          return [this.describe(join(folder, name))];
        } catch {
          return []; // deleted while being read
        }
      });
  }

  /** Whether the backup at `path` holds this store (another venue's, or an unreadable copy: no). */
  private isOwnBackup(path: string): boolean {
    if (!this.storeOf.has(path)) this.storeOf.set(path, firstSigningKidOfBackup(path, this.nativeBinding));
    return this.storeOf.get(path) === this.storeKid;
  }

  private describe(path: string): BackupView {
    const name = basename(path);
    return {
      object: 'backup',
      name,
      path,
      folder: dirname(path),
      created_at: timeOf(name) ?? new Date(this.now()).toISOString(),
      automatic: name.endsWith(automaticSuffix),
      size_bytes: sizeOf(path),
      orders: null,
      tickets: null,
    };
  }
}
