import { newId } from '../ids.js';
import type { Db } from '../store/db.js';
import type { ComposedMailKind } from '../store/mail-repo.js';

export interface MailAttachment {
  filename: string;
  /** Content-ID, so the HTML body can show it inline as `<img src="cid:…">`. */
  cid?: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface ComposedMail {
  kind: ComposedMailKind;
  to: string;
  /** What the outbox list shows until the mail is sent; the sender composes the real one. */
  subject: string;
  /** The order (order_confirmation) or ticket (ticket_transfer) the mail is about. */
  ref: string;
  /** What the composer needs that the store does not keep (a transfer's personal message). */
  params?: Record<string, string>;
}

/**
 * Mail is written to the outbox in the caller's transaction, so a mail exists exactly when the
 * change that causes it does; the sender delivers it later, with retries (mail-sender.ts).
 */
export class MailOutbox {
  private readonly insert;
  private readonly insertComposed;
  private readonly listeners: (() => void)[] = [];

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare(
      `INSERT INTO mail_outbox (id, to_email, subject, text_body, html_body, attachments, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    );
    this.insertComposed = db.prepare(
      `INSERT INTO mail_outbox (id, to_email, subject, text_body, kind, ref, params, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, '', ?, ?, ?, 'pending', ?, ?)`,
    );
  }

  enqueue(mail: OutgoingMail): string {
    const id = newId('mail');
    const at = this.now();
    const attachments = (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      cid: a.cid ?? null,
      content_type: a.contentType,
      content_base64: a.content.toString('base64'),
    }));
    this.insert.run(
      id,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      JSON.stringify(attachments),
      at,
      at,
    );
    for (const listener of this.listeners) listener();
    return id;
  }

  /**
   * Queues a mail that names what to send; the sender composes it (PDF and all) when it goes out.
   * One small row, so a checkout pays for an INSERT, not for rendering tickets.
   */
  enqueueComposed(mail: ComposedMail): string {
    const id = newId('mail');
    const at = this.now();
    const params = mail.params === undefined ? null : JSON.stringify(mail.params);
    this.insertComposed.run(id, mail.to, mail.subject, mail.kind, mail.ref, params, at, at);
    for (const listener of this.listeners) listener();
    return id;
  }

  /**
   * The sender subscribes so a new mail goes out at once rather than at its next poll. Listeners
   * run inside the caller's transaction, so they must only schedule work, never touch the store.
   */
  onEnqueue(listener: () => void): void {
    this.listeners.push(listener);
  }
}
