import { newId } from '../ids.js';
import type { Db } from '../store/db.js';
import type { ComposedMail, MailDrop, OutgoingMail } from '../domain/mail-port.js';

/**
 * Mail is written to the outbox in the caller's transaction, so a mail exists exactly when the
 * change that causes it does; the sender delivers it later, with retries (mail-sender.ts).
 */
export class MailOutbox implements MailDrop {
  private readonly insert;
  private readonly insertComposed;
  private readonly readdressStmt;
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
    this.readdressStmt = db.prepare(
      `UPDATE mail_outbox SET to_email = @to WHERE kind = @kind AND ref = @ref AND to_email = @from
         AND status = 'pending'`,
    );
  }

  readdressPending(kind: ComposedMail['kind'], ref: string, from: string, to: string): number {
    return this.readdressStmt.run({ kind, ref, from, to }).changes;
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
