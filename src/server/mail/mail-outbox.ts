import { newId } from '../ids.js';
import type { Db } from '../store/db.js';

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

/**
 * Mail is written to the outbox in the caller's transaction, so a mail exists exactly when the
 * change that causes it does; the sender delivers it later, with retries (mail-sender.ts).
 */
export class MailOutbox {
  private readonly insert;
  private readonly listeners: (() => void)[] = [];

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare(
      `INSERT INTO mail_outbox (id, to_email, subject, text_body, html_body, attachments, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
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
   * The sender subscribes so a new mail goes out at once rather than at its next poll. Listeners
   * run inside the caller's transaction, so they must only schedule work, never touch the store.
   */
  onEnqueue(listener: () => void): void {
    this.listeners.push(listener);
  }
}
