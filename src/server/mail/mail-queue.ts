import { MailCountsRepo, type MailCounts } from '../store/mail-counts.js';
import type { ActionContext } from '../domain/action-context.js';
import type { ActionRunner, Answer } from '../domain/action-runner.js';
import { conflict, notFound } from '../errors.js';
import { Mail, type MailView } from '../schemas/mail.js';
import { responseJson } from '../schemas/response-json.js';
import type { Db } from '../store/db.js';
import { MailRepo, type MailStatus, type MailSummaryRow } from '../store/mail-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import { isoOrNull, toIso } from '../time.js';
import type { MailOutbox } from './mail-outbox.js';

const mailJson = responseJson(Mail);

export function viewMail(row: MailSummaryRow): MailView {
  return {
    id: row.id,
    to: row.to_email,
    subject: row.subject,
    kind: row.kind,
    ref: row.ref,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    // Only a pending mail has a next attempt; the stored value of a finished one means nothing.
    next_attempt_at: row.status === 'pending' ? toIso(row.next_attempt_at) : null,
    created_at: toIso(row.created_at),
    sent_at: isoOrNull(row.sent_at),
  };
}

const maxMailPerOrder = 100;

/** What a test mail says: it goes through the outbox and the sender like a buyer's mail. */
const testMail = (to: string) => ({
  to,
  subject: 'Marquee test mail',
  text:
    'This is a test mail from your Marquee venue server.\n\n' +
    'It went out the way buyers’ tickets do, so if you are reading it, the box office can email tickets.\n',
});

/** How the outbox reaches the mail server, for test mails. */
export interface MailQueueSending {
  outbox: MailOutbox;
  /** Whether MARQUEE_SMTP_URL names a mail server; without one, mail only waits. */
  serverSetUp: boolean;
}

/** What staff see of the mail outbox (GET /v2/mail) and the one thing they may do: retry. */
export class MailQueue {
  private readonly repo: MailRepo;
  private readonly countsRepo: MailCountsRepo;
  private readonly listeners: (() => void)[] = [];

  constructor(
    db: Db,
    private readonly now: () => number,
    private readonly actions: ActionRunner,
    private readonly sending: MailQueueSending,
  ) {
    this.repo = new MailRepo(db);
    this.countsRepo = new MailCountsRepo(db);
  }

  /** Counts only, for every till's header (GET /v2/outbound/status): no address leaves here. */
  counts(since: number): MailCounts {
    return this.countsRepo.counts(since);
  }

  get serverSetUp(): boolean {
    return this.sending.serverSetUp;
  }

  get(id: string): MailView {
    const row = this.repo.find(id);
    if (!row) throw notFound('mail', id);
    return viewMail(row);
  }

  list(status: MailStatus | undefined, limit: number, cursor: string | undefined): Page<MailView> {
    const list = new ListCursor('mail', { status });
    return toPage(this.repo.page(status, list.decode(cursor), limit + 1), limit, viewMail, list);
  }

  /**
   * An order's mails, oldest first: its confirmations (the checkout's and every resend) and the
   * transfer mails of its tickets (so the till sees whether a friend's ticket went out). What the
   * till shows beside the order. The latest 100 at most (`has_more` says when there were more);
   * an order is mailed a handful of times, so there is no cursor.
   */
  forOrder(orderId: string): Page<MailView> {
    const rows = this.repo.ofOrder(orderId, maxMailPerOrder + 1);
    const latest = rows.slice(0, maxMailPerOrder).reverse();
    return {
      object: 'list',
      data: latest.map(viewMail),
      has_more: rows.length > maxMailPerOrder,
      next_cursor: null,
    };
  }

  /**
   * A failed mail goes back to the queue with a fresh set of attempts; a pending one is made due
   * now (useful once the SMTP server is back). A sent one is refused, so a double click cannot
   * mail the recipient twice.
   */
  retry(action: ActionContext, id: string): Promise<Answer<MailView>> {
    return this.actions.run(action, mailJson, (tx) => {
      const row = this.repo.find(id);
      if (!row) throw notFound('mail', id);
      if (row.status === 'sent') {
        throw conflict('mail_already_sent', 'This mail has already been sent; it is not sent again.');
      }
      this.repo.requeue(id, this.now());
      tx.audit({
        action: 'mail.retried',
        objectType: 'mail',
        objectId: id,
        orderId: this.repo.orderOf(row),
      });
      tx.afterCommit(() => {
        for (const listener of this.listeners) listener();
      });
      return viewMail(this.repo.find(id) ?? row);
    });
  }

  /**
   * Queues a short mail to `to`, so a manager can see the mail server take (or refuse) one: it is
   * listed and retried like any other. Refused when no mail server is set up, since it would only
   * wait, and a test that cannot fail tells nothing.
   */
  sendTest(action: ActionContext, to: string): Promise<Answer<MailView>> {
    return this.actions.run(action, mailJson, (tx) => {
      if (!this.sending.serverSetUp) {
        throw conflict(
          'mail_server_not_set_up',
          'No mail server is set up, so mail waits in the outbox. Set MARQUEE_SMTP_URL (smtp://user:password@host:port) and restart the venue server.',
        );
      }
      const id = this.sending.outbox.enqueue(testMail(to));
      tx.audit({ action: 'mail.test_queued', objectType: 'mail', objectId: id, orderId: null });
      return this.get(id);
    });
  }

  /** The sender subscribes so a retried mail goes out at once. */
  onRequeue(listener: () => void): void {
    this.listeners.push(listener);
  }
}
