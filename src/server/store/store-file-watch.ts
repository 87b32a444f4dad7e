import { linkSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Db } from './db.js';
import type { StorageHealth, StorageLog, StoreFileChange } from './storage-health.js';

interface FileIdentity {
  dev: number;
  ino: number;
}

function identityOf(file: string): FileIdentity | null {
  try {
    const { dev, ino } = statSync(file);
    return { dev, ino };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Whether the file at the store's path is still the one the connection opened. */
export function storeFileChange(file: string, opened: FileIdentity): StoreFileChange | null {
  const now = identityOf(file);
  if (!now) return 'deleted';
  return now.dev === opened.dev && now.ino === opened.ino ? null : 'replaced';
}

/**
 * Looks every `everyMs` whether marquee.db is still the file the server has open. SQLite keeps
 * writing to the file it opened: once that file is deleted or replaced, every sale it
 * acknowledges is in a file nobody can open again, and the next start begins on an empty (or a
 * foreign) store. So the first look that finds it gone tells `onChange` once and stops looking.
 * A stat a second, on a timer: nothing on a request's path.
 */
export function watchStoreFile(
  db: Db,
  onChange: (change: StoreFileChange) => void,
  everyMs = 1_000,
): { stop(): void } {
  const opened = identityOf(db.name);
  if (!opened) return { stop: () => undefined };
  const timer = setInterval(() => {
    let change: StoreFileChange | null;
    try {
      change = storeFileChange(db.name, opened);
    } catch {
      // The folder cannot be looked at just now (a stalled disk): the next tick looks again.
      return;
    }
    if (!change) return;
    clearInterval(timer);
    onChange(change);
  }, everyMs);
  // A running server is kept alive by its listener, not by this timer.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const stampOf = (at: number): string => new Date(at).toISOString().replace(/[:.]/g, '-');

/**
 * Writes everything the server's connection still sees (the store as of its last commit) to a
 * file in the data folder, with SQLite's online backup. Where marquee.db was deleted the copy
 * takes its place, so the next start simply carries on; where another file is there now it is
 * never overwritten, and the copy is left beside it as marquee.db.rescued-<UTC time>. Answers
 * the path of the copy.
 */
export async function rescueStore(
  db: Db,
  change: StoreFileChange,
  now: number,
  /** The server's own write-ahead log as it was when the watch began. */
  wal: FileIdentity | null,
): Promise<string> {
  const rescued = `${db.name}.rescued-${stampOf(now)}`;
  const partial = `${rescued}.partial`;
  try {
    await db.backup(partial);
    renameSync(partial, rescued);
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
  // SQLite closes a connection whose file moved without checkpointing, and leaves its WAL at
  // marquee.db-wal: the next start would replay it onto whatever file is at the path, mixing
  // this store's pages into another. The copy holds all of it, so the WAL goes aside (kept).
  const walFile = `${db.name}-wal`;
  if (wal && storeFileChange(walFile, wal) === null) renameSync(walFile, `${rescued}.old-wal`);
  if (change === 'replaced') return rescued;
  try {
    // link, not rename: it fails if a file reached the path meanwhile, rather than replace it.
    linkSync(rescued, db.name);
  } catch {
    return rescued;
  }
  rmSync(rescued, { force: true });
  return db.name;
}

/**
 * The running server's answer when marquee.db is deleted or replaced under it: StorageHealth
 * refuses every later write (503, health degraded), the WAL checkpointer stops (its connection
 * would open whatever is at the path now), and the store as the server last saw it is rescued.
 */
export function guardStoreFile(deps: {
  db: Db;
  storage: StorageHealth;
  checkpoints: { stop(): Promise<void> };
  log: StorageLog;
  now: () => number;
}): { stop(): void } {
  const { db, storage, log } = deps;
  const wal = identityOf(`${db.name}-wal`);
  return watchStoreFile(db, (change) => {
    storage.noteStoreMoved(change);
    void deps.checkpoints
      .stop()
      .then(() => rescueStore(db, change, deps.now(), wal))
      .then(
        (path) => storage.noteRescued(path),
        (err: unknown) =>
          log.error({ err }, 'the venue store could not be rescued: do not stop the server, ask for help'),
      );
  });
}
