import type { ComposedMailKind } from '../store/mail-repo.js';

/**
 * What the domain hands to the mail adapter (src/server/mail): the domain owns these shapes so it
 * never imports the adapter.
 */

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

/** Queues mail in the caller's transaction, so a mail exists exactly when its cause does. */
export interface MailDrop {
  enqueueComposed(mail: ComposedMail): string;
  /**
   * Sends the mails of `kind` about `ref` still waiting for `from` to `to` instead (a mistyped
   * address corrected before the mail server took them); answers how many. Sent and failed mail
   * stays as it was.
   */
  readdressPending(kind: ComposedMail['kind'], ref: string, from: string, to: string): number;
}
