import { ConfigError } from './config.js';
import { DataDirInUseError } from './data-dir-lock.js';
import { MigrationNameMismatchError, StoreTooNewError } from './store/db.js';
import { sqliteCode } from './store/sqlite-errors.js';
import { StoreDamagedError } from './store/store-check.js';
import { StoreBackupFailedError } from './store/upgrade-backup.js';
import { SigningKeyDamagedError, SigningKeysFolderMissingError } from './tokens/signing-keys.js';

/** Errors whose message already says what is wrong and what the operator should do. */
const explained = [
  ConfigError,
  DataDirInUseError,
  StoreTooNewError,
  MigrationNameMismatchError,
  StoreBackupFailedError,
  StoreDamagedError,
  SigningKeyDamagedError,
  SigningKeysFolderMissingError,
];

function diskFull(err: unknown): boolean {
  // Node's file errors (writing a key or the certificate) carry their errno name the same way.
  const code = sqliteCode(err);
  return code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE' || code === 'ENOSPC';
}

interface NodeSystemError {
  code?: unknown;
  syscall?: unknown;
  path?: unknown;
  address?: unknown;
  port?: unknown;
}

const systemError = (err: unknown): NodeSystemError =>
  typeof err === 'object' && err !== null ? (err as NodeSystemError) : {};

/** A listener that could not bind: its port is taken, or needs rights this user lacks. */
function portRefusal(err: unknown): string | null {
  const { code, syscall, address, port } = systemError(err);
  if (syscall !== 'listen' || typeof port !== 'number') return null;
  const where = `port ${port}${typeof address === 'string' ? ` on ${address}` : ''}`;
  if (code === 'EADDRINUSE') {
    return (
      `Another program is already listening on ${where} (a Marquee started earlier?). Stop it, ` +
      'or start this one on a free port with MARQUEE_PORT (or MARQUEE_PUBLIC_PORT for the attendee pages).'
    );
  }
  if (code === 'EACCES') {
    return `This user may not listen on ${where}: ports below 1024 need administrator rights. Choose a port from 1024 up.`;
  }
  return null;
}

/** Why a folder or file cannot be made or written, in words, by its error's code. */
const cannotWriteBecause: Record<string, string> = {
  EACCES: 'this user has no permission to write there',
  EPERM: 'this user has no permission to write there',
  EROFS: 'it is on a read-only disk',
  // mkdir under a folder that takes no new folders (a system one such as /proc).
  ENOENT: 'no folder can be made there',
  ENOTDIR: 'a file, not a folder, is in the way',
  EEXIST: 'a file, not a folder, is in the way',
};

/** The data folder (or a file in it) cannot be made or written by the user the server runs as. */
function dataDirRefusal(err: unknown): string | null {
  const { code, path, syscall } = systemError(err);
  if (typeof path !== 'string' || typeof code !== 'string') return null;
  const why = cannotWriteBecause[code];
  // A missing file is a refusal only where a folder was being made (the rest are bugs: exit 1).
  if (why === undefined || (['ENOENT', 'ENOTDIR', 'EEXIST'].includes(code) && syscall !== 'mkdir'))
    return null;
  return (
    `The venue server cannot write ${path}: ${why}. Make the data folder writable by the user ` +
    'that runs Marquee, or point MARQUEE_DATA_DIR at a folder it can write, and start again.'
  );
}

/**
 * The one line to print when a start failed for a reason the operator must fix (the entry point
 * exits 2, as for a bad setting), or null for any other failure (exit 1).
 */
export function startRefusal(err: unknown): string | null {
  if (explained.some((kind) => err instanceof kind)) return (err as Error).message;
  if (diskFull(err)) {
    return (
      'The disk holding the data folder is full, so the venue server cannot start. Free some space ' +
      'on it (or point MARQUEE_DATA_DIR at a folder on another disk) and start again.'
    );
  }
  return portRefusal(err) ?? dataDirRefusal(err);
}
