import type { Db } from './db.js';

export interface MailCounts {
  waiting: number;
  failed: number;
  /** Of those, the ones given up on since the time asked about (the header's "lately"). */
  failedSince: number;
  /** When the oldest waiting mail was queued (ms), or null when none waits. */
  oldestWaitingAt: number | null;
  /** The last error of the waiting mail tried most recently, or null (none tried yet). */
  latestError: string | null;
}

/**
 * The outbox at a glance for the box office header, polled by every till: counts walk the
 * (status, next_attempt_at) index and never read the table, however much mail piles up. The
 * statements are exported so a test can check their query plans stay on the index.
 */
export const mailCountsSql = {
  // MIN(seq) rides along in the covering index (the rowid is in every index entry): the oldest
  // waiting mail is the lowest seq, as mail is queued in order.
  counts: `SELECT
     (SELECT COUNT(*) FROM mail_outbox WHERE status = 'pending') AS waiting,
     (SELECT MIN(seq) FROM mail_outbox WHERE status = 'pending') AS oldest_seq,
     (SELECT COUNT(*) FROM mail_outbox WHERE status = 'failed') AS failed,
     (SELECT COUNT(*) FROM mail_outbox WHERE status = 'failed' AND next_attempt_at >= @since) AS failed_since`,
  created: 'SELECT created_at FROM mail_outbox WHERE seq = ?',
  // A failed try pushes a mail's next attempt ahead, so the one due last is the one tried last.
  latest: `SELECT last_error FROM mail_outbox WHERE status = 'pending' ORDER BY next_attempt_at DESC LIMIT 1`,
};

export class MailCountsRepo {
  private readonly countsStmt;
  private readonly createdStmt;
  private readonly latestStmt;

  constructor(db: Db) {
    this.countsStmt = db.prepare(mailCountsSql.counts);
    this.createdStmt = db.prepare(mailCountsSql.created).pluck();
    this.latestStmt = db.prepare(mailCountsSql.latest).pluck();
  }

  /** `since` (ms): failed mail given up on from then on is also counted apart (a failed mail's
   * next_attempt_at is when it was given up, store/mail-repo.ts). */
  counts(since: number): MailCounts {
    const row = this.countsStmt.get({ since }) as {
      waiting: number;
      oldest_seq: number | null;
      failed: number;
      failed_since: number;
    };
    const oldestWaitingAt =
      row.oldest_seq === null ? null : ((this.createdStmt.get(row.oldest_seq) as number | undefined) ?? null);
    const latestError =
      row.waiting === 0 ? null : ((this.latestStmt.get() as string | null | undefined) ?? null);
    return {
      waiting: row.waiting,
      failed: row.failed,
      failedSince: row.failed_since,
      oldestWaitingAt,
      latestError,
    };
  }
}
