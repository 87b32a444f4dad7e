import { ConfigError } from './config.js';
import { StoreTooNewError } from './store/db.js';
import { sqliteCode } from './store/sqlite-errors.js';
import { StoreDamagedError } from './store/store-check.js';
import { SigningKeyDamagedError } from './tokens/signing-keys.js';

/** Errors whose message already says what is wrong and what the operator should do. */
const explained = [ConfigError, StoreTooNewError, StoreDamagedError, SigningKeyDamagedError];

function diskFull(err: unknown): boolean {
  // Node's file errors (writing a key or the certificate) carry their errno name the same way.
  const code = sqliteCode(err);
  return code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE' || code === 'ENOSPC';
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
  return null;
}
