import type { Db } from './db.js';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/**
 * Group commit: write actions that arrive in the same turn of the event loop run one after the
 * other inside ONE SQLite transaction, each in its own savepoint, and are answered only after
 * that transaction commits. Each action still commits or rolls back alone (a refused checkout
 * rolls back to its savepoint and leaves its neighbours alone), but the cost of a commit (the WAL
 * write of every page touched) is paid once per batch instead of once per request.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  /** Jobs announced through runAfter() and not queued yet. */
  private preparing = 0;
  private waitTimer: NodeJS.Timeout | undefined;
  /** Built once: better-sqlite3 wrappers are reusable, and building them per batch cost CPU. */
  private readonly runBatch;
  private readonly runJob;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
    private readonly maxWaitMs = 2,
  ) {
    // A nested better-sqlite3 transaction is a savepoint: a throw undoes only that job.
    this.runJob = db.transaction((work: () => unknown) => work());
    this.runBatch = db.transaction((jobs: readonly Job[], outcomes: Outcome[]) => {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: this.runJob(job.work) });
        } catch (err) {
          // SQLite undoes the WHOLE transaction after some errors (a full disk, an I/O error),
          // not just the job's savepoint: the jobs before this one are gone too, and the ones
          // after it would each commit on their own. Fail the batch instead.
          if (!this.db.inTransaction) throw err;
          outcomes.push({ ok: false, err });
        }
      }
    });
  }

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Runs `work` in a batch once `ready` settles (a checkout's tokens being signed off the event
   * loop). Until then the next batch waits for it, up to `maxWaitMs`, so checkouts that arrive
   * together still share one commit instead of trickling into several small ones.
   */
  async runAfter<T>(ready: Promise<unknown>, work: () => T): Promise<T> {
    this.preparing++;
    try {
      await ready;
    } finally {
      this.preparing--;
    }
    return this.run(work);
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => this.flushUnlessWaiting());
  }

  /** Flushes now, or once what is being prepared arrives (runAfter), at most maxWaitMs later. */
  private flushUnlessWaiting(): void {
    this.scheduled = false;
    if (this.preparing > 0 && this.queue.length < this.maxBatch) {
      this.waitTimer ??= setTimeout(() => this.flushNow(), this.maxWaitMs);
      return;
    }
    this.flushNow();
  }

  private flushNow(): void {
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.flush();
    this.schedule();
  }

  private flush(): void {
    const jobs = this.queue.splice(0, this.maxBatch);
    const outcomes: Outcome[] = [];
    try {
      this.runBatch.immediate(jobs, outcomes);
    } catch (err) {
      // The commit itself failed: nothing of the batch was written, so every job failed.
      for (const job of jobs) job.reject(err);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.err);
    });
  }
}
