import type { Db } from './db.js';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

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

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 64,
  ) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.queue.splice(0, this.maxBatch);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          for (const job of jobs) {
            try {
              // A nested better-sqlite3 transaction is a savepoint: a throw undoes only this job.
              outcomes.push({ ok: true, value: this.db.transaction(job.work)() });
            } catch (err) {
              outcomes.push({ ok: false, err });
            }
          }
        })
        .immediate();
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
