import { readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inTransaction, type Db } from './db.js';
import { sqliteCode } from './sqlite-errors.js';

/** The logger calls StorageHealth makes (pino's, as Fastify's logger has them). */
export interface StorageLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * What became of marquee.db under the running server (store-file-watch.ts): `deleted` (nothing
 * at its path) or `replaced` (another file there: a backup copied over it, a sync tool's version).
 */
export type StoreFileChange = 'deleted' | 'replaced';

/**
 * What GET /v2/health reports while the store takes no writes: `full` while they fail for want
 * of space; `moved` once marquee.db was deleted or replaced under the running server
 * (store-file-watch.ts), until a restart.
 */
export type StorageProblem =
  | {
      status: 'full';
      /** When the first write failed (ms). */
      since: number;
    }
  | {
      status: 'moved';
      /** When the server found the file gone (ms). */
      since: number;
      change: StoreFileChange;
      /** Where the store as the server last saw it was written, once it is (else null). */
      rescuedTo: string | null;
    };

/**
 * Below this much free space an I/O error from SQLite counts as the disk being full: SQLite names
 * ENOSPC on its own files SQLITE_FULL, but a failed write elsewhere (quota, the -shm file growing)
 * arrives as an SQLITE_IOERR_* whose cause only the file system can tell.
 */
const nearlyFullBytes = 1024 * 1024;

/** A write this close to the file-size limit fails for it: a WAL frame is a page and a header. */
const nearFileSizeLimitBytes = 64 * 1024;

/** The soft file-size limit of this process (Linux /proc/self/limits), or null when unlimited or unknown. */
function processFileSizeLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith('Max file size'));
    const soft = line?.slice('Max file size'.length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the disk holding the store is full, as the store's writers find out, and recovery
 * without a restart. Any writer (a request, the group commit, a background flush, the webhook
 * dispatcher, the mail sender, the WAL checkpointer) reports a failed write with noteFailure();
 * the first one that failed for want of space turns the state to `full`, logs it once, and starts
 * probing: every `probeEveryMs` a TRUNCATE checkpoint (which copies the WAL into the store and
 * gives the WAL's space back) and a tiny committed write. When both succeed the state is `ok`
 * again, logged once, and listeners (the workers that paused) are told.
 */
export class StorageHealth {
  private problem: StorageProblem | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly listeners = new Set<(problem: StorageProblem | null) => void>();
  private readonly probeWrite;
  private readonly probeErase;

  /** The process's file-size limit in bytes (ulimit -f), read once; null when there is none. */
  private readonly fileSizeLimit = processFileSizeLimit();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: StorageLog,
    private readonly probeEveryMs = 2_000,
  ) {
    // A row written and removed in one transaction: its page still goes to the WAL on commit,
    // so the commit needs space like any other, and the store keeps no trace of it.
    this.probeWrite = db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('storage_probe', ?)");
    this.probeErase = db.prepare("DELETE FROM settings WHERE key = 'storage_probe'");
  }

  /** Null while writes succeed. */
  get state(): StorageProblem | null {
    return this.problem;
  }

  get full(): boolean {
    return this.problem !== null;
  }

  /** Called with the new state on each change (full, or null when space is back). */
  onChange(listener: (problem: StorageProblem | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether an error from SQLite, or from writing a file beside it, means the disk has no space left. */
  isFullError(err: unknown): boolean {
    const code = sqliteCode(err);
    if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE') return true;
    // Node's own file writes in the data folder (a new signing key) say so by errno.
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    // A file-size limit (ulimit -f) makes the write fail EFBIG, which SQLite names SQLITE_IOERR_WRITE.
    if (code === 'EFBIG') return true;
    if (!code?.startsWith('SQLITE_IOERR')) return false;
    try {
      const fs = statfsSync(dirname(this.db.name));
      return fs.bavail * fs.bsize < nearlyFullBytes || this.atFileSizeLimit();
    } catch {
      return false;
    }
  }

  /**
   * Whether the store or its WAL has reached the process's file-size limit: the server was
   * started under `ulimit -f`, and the store can grow no more, as on a full disk.
   */
  private atFileSizeLimit(): boolean {
    if (this.fileSizeLimit === null) return false;
    const largest = Math.max(
      ...[this.db.name, `${this.db.name}-wal`].map(
        (file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0,
      ),
    );
    return largest + nearFileSizeLimitBytes >= this.fileSizeLimit;
  }

  /**
   * Whether a failed write means the data folder takes no writes at all: the disk turned
   * read-only (Linux remounts a disk read-only after an I/O fault, and SQLite then answers
   * SQLITE_IOERR_WRITE) or its permissions changed under the server. SQLite cannot tell which
   * fault it met, so the folder is asked by making a file in it: only after a write failed.
   */
  isReadOnlyError(err: unknown): boolean {
    const code = sqliteCode(err);
    if (code?.startsWith('SQLITE_READONLY') || code === 'EROFS') return true;
    if (!code?.startsWith('SQLITE_IOERR') && code !== 'EACCES' && code !== 'EPERM') return false;
    const probe = join(dirname(this.db.name), '.write-probe');
    try {
      writeFileSync(probe, '');
      rmSync(probe, { force: true });
      return false;
    } catch (probeErr) {
      return ['EROFS', 'EACCES', 'EPERM'].includes(sqliteCode(probeErr) ?? '');
    }
  }

  /** A write failed: true (and the state is `full`) when it failed for want of space. */
  noteFailure(err: unknown): boolean {
    if (!this.isFullError(err)) return false;
    if (this.problem || this.stopped) return true;
    this.problem = { status: 'full', since: this.now() };
    this.log.error(
      // A file-size limit is named: there the cure is lifting it (and a restart), not freeing space.
      {
        err,
        store: this.db.name,
        ...(this.fileSizeLimit !== null && { file_size_limit: this.fileSizeLimit }),
      },
      'The disk holding the venue store is full: writes are refused (HTTP 507) until space is freed',
    );
    this.scheduleProbe();
    this.emit();
    return true;
  }

  /**
   * Runs a background write (a flush, a purge) whose failure must not crash the process: a full
   * disk is noted, anything else logged as `what` failing.
   */
  background(what: string, write: () => void): void {
    try {
      write();
    } catch (err) {
      // Refused because the store file moved: said once already (noteStoreMoved), not each time.
      if (this.refusedAsMoved(err)) return;
      if (!this.noteFailure(err)) this.log.error({ err }, `${what} failed`);
    }
  }

  /**
   * marquee.db was deleted or replaced under the running server: from now on this connection
   * refuses every write (SQLite's query_only, so the refusal costs the writes' path nothing and
   * no sale is acknowledged into a file the next start cannot see), and the workers that pause
   * on a full disk pause. Only a restart ends it.
   */
  noteStoreMoved(change: StoreFileChange): void {
    if (this.problem?.status === 'moved' || !this.db.open) return;
    this.db.pragma('query_only = ON');
    this.problem = { status: 'moved', since: this.now(), change, rescuedTo: null };
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    this.log.error(
      { store: this.db.name, change },
      `The venue store file was ${change} while the server ran: writes are refused until a restart`,
    );
    this.emit();
  }

  /** The store as the server last saw it was written to `path` (store-file-watch.ts rescueStore). */
  noteRescued(path: string): void {
    if (this.problem?.status !== 'moved') return;
    this.problem = { ...this.problem, rescuedTo: path };
    this.log.error(
      { rescued_to: path },
      'Every sale the server acknowledged was written to the rescued copy',
    );
    this.emit();
  }

  /** Whether an error is a write this connection refused because the store file moved. */
  refusedAsMoved(err: unknown): boolean {
    return this.problem?.status === 'moved' && (sqliteCode(err)?.startsWith('SQLITE_READONLY') ?? false);
  }

  /** One recovery attempt; true when the store takes writes again (the state is then `ok`). */
  probe(): boolean {
    if (this.problem?.status === 'moved') return false;
    if (!this.problem || !this.db.open) return !this.problem;
    try {
      const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      // A reader still on an old snapshot keeps the WAL for now; the next probe tries again.
      if (result?.busy) return false;
      inTransaction(this.db, () => {
        this.probeWrite.run(String(this.now()));
        this.probeErase.run();
      });
    } catch (err) {
      if (!this.isFullError(err)) this.log.warn({ err }, 'storage probe failed');
      return false;
    }
    const since = this.problem.since;
    this.problem = null;
    this.log.info(
      { store: this.db.name, fullForMs: this.now() - since },
      'The venue store takes writes again; the write-ahead log was truncated',
    );
    this.emit();
    return true;
  }

  /** Ends probing; the store is about to close. */
  stop(): void {
    this.stopped = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private scheduleProbe(): void {
    if (this.stopped || this.probeTimer) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      if (!this.probe()) this.scheduleProbe();
    }, this.probeEveryMs);
    // A server on a full disk is kept alive by its listener, not by this timer.
    this.probeTimer.unref();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.problem);
  }
}
