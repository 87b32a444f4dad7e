import type { Db } from './db.js';

export type MailStatus = 'pending' | 'sent' | 'failed';

/** `message`: stored whole when queued. The others are composed by the sender when they go out. */
export const mailKinds = ['message', 'order_confirmation', 'ticket_transfer', 'event_cancelled'] as const;
export type MailKind = (typeof mailKinds)[number];
export type ComposedMailKind = Exclude<MailKind, 'message'>;

export interface MailRow {
  seq: number;
  id: string;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON array of {filename, cid, content_type, content_base64}. */
  attachments: string;
  /** `message`: the columns above are the mail; other kinds are composed when sent. */
  kind: MailKind;
  /** The order, ticket or (event_cancelled) event a composed mail is about. */
  ref: string | null;
  /** JSON object of a composed mail's extra inputs, or null. */
  params: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** The row without its bodies: what the admin list shows and what list queries read. */
export type MailSummaryRow = Omit<MailRow, 'text_body' | 'html_body' | 'attachments' | 'params'>;

const summaryColumns =
  'seq, id, to_email, subject, kind, ref, status, attempts, next_attempt_at, last_error, created_at, sent_at';

/** Longer SMTP transcripts add nothing for staff and would bloat every list page. */
const maxErrorLength = 1000;

/**
 * Reads and state changes of `mail_outbox` (rows are written by MailOutbox in the caller's
 * transaction). Every change is one UPDATE guarded by the row's current status, so a send that
 * finishes after an admin retried or the app restarted cannot overwrite a newer state.
 */
export class MailRepo {
  private readonly dueStmt;
  private readonly nextDueStmt;
  private readonly findStmt;
  private readonly sentStmt;
  private readonly retryLaterStmt;
  private readonly failStmt;
  private readonly requeueStmt;
  private readonly pullForwardStmt;
  private readonly waitingStmt;
  private readonly rescheduleStmt;
  private readonly pageAllStmt;
  private readonly pageByStatusStmt;
  private readonly ofOrderStmt;
  private readonly orderOfTicketStmt;

  constructor(db: Db) {
    this.dueStmt = db.prepare(
      `SELECT * FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY seq LIMIT ?`,
    );
    this.nextDueStmt = db.prepare(
      `SELECT MIN(next_attempt_at) AS at FROM mail_outbox WHERE status = 'pending'`,
    );
    this.findStmt = db.prepare(`SELECT ${summaryColumns} FROM mail_outbox WHERE id = ?`);
    this.sentStmt = db.prepare(
      `UPDATE mail_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL
       WHERE id = ? AND status = 'pending'`,
    );
    this.retryLaterStmt = db.prepare(
      `UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
       WHERE id = ? AND status = 'pending'`,
    );
    this.failStmt = db.prepare(
      // next_attempt_at becomes when it was given up: the header counts the mail failed lately
      // (store/mail-counts.ts) on the same index, without reading the table.
      `UPDATE mail_outbox SET status = 'failed', attempts = attempts + 1, last_error = ?, next_attempt_at = ?
       WHERE id = ? AND status = 'pending'`,
    );
    this.requeueStmt = db.prepare(
      // A failed mail starts a fresh set of attempts; a waiting one only becomes due now, keeping
      // its count, so pressing retry again and again cannot keep it from ever being given up.
      `UPDATE mail_outbox
          SET attempts = CASE WHEN status = 'failed' THEN 0 ELSE attempts END,
              status = 'pending', next_attempt_at = ?
        WHERE id = ? AND status IN ('pending', 'failed')`,
    );
    this.pullForwardStmt = db.prepare(
      `UPDATE mail_outbox SET next_attempt_at = ?
       WHERE status = 'pending' AND next_attempt_at > ? AND last_error LIKE ? ESCAPE '\\'`,
    );
    this.waitingStmt = db.prepare(
      `SELECT id, attempts, next_attempt_at, last_error FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at > ?`,
    );
    this.rescheduleStmt = db.prepare(
      `UPDATE mail_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at > ?`,
    );
    this.pageAllStmt = db.prepare(
      `SELECT ${summaryColumns} FROM mail_outbox WHERE seq > ? ORDER BY seq LIMIT ?`,
    );
    this.pageByStatusStmt = db.prepare(
      `SELECT ${summaryColumns} FROM mail_outbox WHERE status = ? AND seq > ? ORDER BY seq LIMIT ?`,
    );
    // No index on ref (migration 010 says why): a scan of the outbox, which retention keeps to
    // about a month of mail. Measured: ~5 ms over 50,000 rows (docs/api.md "Mail of one order").
    // The transfer mails of the order's tickets are found by their ref in the order's tickets.
    // A cancellation mail names the event; it belongs to the order when it went to the order's
    // buyer or to one of its attendees.
    this.ofOrderStmt = db.prepare(
      `SELECT ${summaryColumns} FROM mail_outbox
        WHERE (kind = 'order_confirmation' AND ref = @order)
           OR (kind = 'ticket_transfer' AND ref IN (SELECT id FROM tickets WHERE order_id = @order))
           OR (kind = 'event_cancelled'
               AND ref = (SELECT event_id FROM orders WHERE id = @order)
               AND lower(to_email) IN (
                 SELECT lower(buyer_email) FROM orders WHERE id = @order AND buyer_email IS NOT NULL
                 UNION SELECT lower(email) FROM attendees WHERE order_id = @order AND email IS NOT NULL))
        ORDER BY seq DESC LIMIT @limit`,
    );
    this.orderOfTicketStmt = db.prepare('SELECT order_id FROM tickets WHERE id = ?').pluck();
  }

  /** Pending mails whose time has come, in the order they were written. */
  due(now: number, limit: number): MailRow[] {
    return this.dueStmt.all(now, limit) as MailRow[];
  }

  /** When the earliest pending mail falls due, or null when nothing waits. */
  nextDueAt(): number | null {
    return (this.nextDueStmt.get() as { at: number | null }).at;
  }

  find(id: string): MailSummaryRow | undefined {
    return this.findStmt.get(id) as MailSummaryRow | undefined;
  }

  markSent(id: string, at: number): boolean {
    return this.sentStmt.run(at, id).changes === 1;
  }

  markRetry(id: string, error: string, nextAttemptAt: number): boolean {
    return this.retryLaterStmt.run(error.slice(0, maxErrorLength), nextAttemptAt, id).changes === 1;
  }

  markFailed(id: string, error: string, at: number): boolean {
    return this.failStmt.run(error.slice(0, maxErrorLength), at, id).changes === 1;
  }

  /** A failed mail goes back to the queue with a fresh set of attempts; a waiting one is due now. */
  requeue(id: string, at: number): boolean {
    return this.requeueStmt.run(at, id).changes === 1;
  }

  /** Makes pending mails whose last error starts with `errorPrefix` due now. */
  pullForward(errorPrefix: string, at: number): number {
    const pattern = `${errorPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.pullForwardStmt.run(at, at, pattern).changes;
  }

  /** Pending mails not yet due: the ones waiting out a backoff. */
  waiting(now: number): Pick<MailRow, 'id' | 'attempts' | 'next_attempt_at' | 'last_error'>[] {
    return this.waitingStmt.all(now) as Pick<MailRow, 'id' | 'attempts' | 'next_attempt_at' | 'last_error'>[];
  }

  /** Makes a pending mail due earlier (never later) than it was. */
  dueEarlier(id: string, at: number): boolean {
    return this.rescheduleStmt.run(at, id, at).changes === 1;
  }

  /**
   * The latest mail about an order: its confirmations, its tickets' transfer mails and the
   * event's cancellation mails to its buyer or attendees, newest first.
   */
  ofOrder(orderId: string, limit: number): MailSummaryRow[] {
    return this.ofOrderStmt.all({ order: orderId, limit }) as MailSummaryRow[];
  }

  /**
   * The order a mail is about: its ref, or the order of the ticket a transfer mail carries. A
   * cancellation mail is about an event (one holder's tickets may span orders): none.
   */
  orderOf(row: Pick<MailSummaryRow, 'kind' | 'ref'>): string | null {
    if (row.ref === null) return null;
    if (row.kind === 'order_confirmation') return row.ref;
    if (row.kind === 'ticket_transfer')
      return (this.orderOfTicketStmt.get(row.ref) as string | undefined) ?? null;
    return null;
  }

  page(status: MailStatus | undefined, afterSeq: number, limit: number): MailSummaryRow[] {
    return (
      status === undefined
        ? this.pageAllStmt.all(afterSeq, limit)
        : this.pageByStatusStmt.all(status, afterSeq, limit)
    ) as MailSummaryRow[];
  }
}
