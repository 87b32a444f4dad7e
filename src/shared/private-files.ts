/**
 * Node only. Files that hold credentials (the venue store with its webhook secrets, signing and
 * TLS keys, admin-key.txt, a door's scanner.db with its API key) are readable by their owner
 * only: directories 0700, files 0600, whatever the process umask. Stores and keys made by
 * older versions with 0644 are tightened when they are next opened.
 */
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/**
 * Sets `mode` on `path` when group or others have any access to it. EPERM (a file someone else
 * owns) and ENOENT are left alone: the point is to tighten our own files, not to fail a start.
 */
function tighten(path: string, mode: number): void {
  try {
    if ((lstatSync(path).mode & 0o077 & ~mode) === 0) return;
    chmodSync(path, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOENT') throw err;
  }
}

const errnoCode = (err: unknown): unknown => (err as NodeJS.ErrnoException).code;

/** The error a folder path gets when a file stands where a folder should be. */
const notAFolder = (path: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), {
    code: 'ENOTDIR',
    syscall: 'mkdir',
    path,
  });

/** True for a folder, false for nothing there (or under a file: found further up); a file throws. */
function isFolder(path: string): boolean {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (err) {
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR') return false;
    throw err;
  }
  if (!isDirectory) throw notAFolder(path);
  return true;
}

/**
 * `mkdir -p`, one folder at a time: Node's recursive mkdir loops for ever under a pseudo
 * filesystem such as /proc (each mkdir there fails ENOENT, and it retries the parent) instead of
 * failing. Here the first folder that cannot be made fails with its own error (ENOENT, EACCES,
 * EROFS), and a file where a folder should be fails ENOTDIR, for start-refusal.ts to word.
 */
function makeFolders(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !isFolder(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode });
    } catch (err) {
      // Made meanwhile by another process: as good as made here.
      if (errnoCode(err) !== 'EEXIST' || !statSync(folder).isDirectory()) throw err;
    }
  }
}

/** Creates `dir` (and missing parents) 0700; an existing `dir` itself is tightened to 0700. */
export function ensurePrivateDir(dir: string): void {
  makeFolders(dir, privateDirMode);
  tighten(dir, privateDirMode);
}

/** Creates missing parents 0700 but leaves an existing parent as it is (a folder the user chose). */
export function ensureParentDir(dir: string): void {
  makeFolders(dir, privateDirMode);
}

/** Tightens an existing file to 0600; a missing one is left missing. */
export function tightenFile(file: string): void {
  tighten(file, privateFileMode);
}

/**
 * Before SQLite opens `file`: creates it empty with mode 0600 when missing (SQLite would make it
 * 0644, and makes its -wal and -shm with the database file's mode), and tightens an existing one
 * and any -wal, -shm or -journal left beside it.
 */
export function preparePrivateSqliteFile(file: string): void {
  closeSync(openSync(file, 'a', privateFileMode));
  for (const suffix of ['', '-wal', '-shm', '-journal']) tightenFile(`${file}${suffix}`);
}

/**
 * Every file under `dir` to 0600 and every folder to 0700, `depth` levels down (the data dir holds
 * `tls/` and `signing-keys/` one level down). Symbolic links are not followed.
 */
export function tightenTree(dir: string, depth = 2): void {
  tighten(dir, privateDirMode);
  if (depth === 0) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tightenTree(path, depth - 1);
    else if (entry.isFile()) tightenFile(path);
  }
}
