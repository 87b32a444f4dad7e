import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { inTransaction, type Db } from './db.js';
import { sqliteCode } from './sqlite-errors.js';

/** The logger calls StorageHealth makes (pino's, as Fastify's logger has them). */
export interface StorageLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What GET /v2/health reports while writes fail for want of space. */
export interface StorageProblem {
  status: 'full';
  /** When the first write failed (ms). */
  since: number;
}

/**
 * Below this much free space an I/O error from SQLite counts as the disk being full: SQLite names
 * ENOSPC on its own files SQLITE_FULL, but a failed write elsewhere (quota, the -shm file growing)
 * arrives as an SQLITE_IOERR_* whose cause only the file system can tell.
 */
const nearlyFullBytes = 1024 * 1024;

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
    if (!code?.startsWith('SQLITE_IOERR')) return false;
    try {
      const fs = statfsSync(dirname(this.db.name));
      return fs.bavail * fs.bsize < nearlyFullBytes;
    } catch {
      return false;
    }
  }

  /** A write failed: true (and the state is `full`) when it failed for want of space. */
  noteFailure(err: unknown): boolean {
    if (!this.isFullError(err)) return false;
    if (this.problem || this.stopped) return true;
    this.problem = { status: 'full', since: this.now() };
    this.log.error(
      { err, store: this.db.name },
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
      if (!this.noteFailure(err)) this.log.error({ err }, `${what} failed`);
    }
  }

  /** One recovery attempt; true when the store takes writes again (the state is then `ok`). */
  probe(): boolean {
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
