import type { SendMailOptions } from 'nodemailer';
import type { MailRow } from '../store/mail-repo.js';

interface StoredAttachment {
  filename: string;
  cid: string | null;
  content_type: string;
  content_base64: string;
}

/** The domain of the From address, for Message-IDs; a bare or odd From falls back to a fixed one. */
function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'marquee.local';
}

/**
 * Turns an outbox row into what nodemailer sends. The Message-ID is derived from the mail's id,
 * so if a crash makes the sender deliver a mail twice (at-least-once), mail clients can tell.
 */
export function messageFromRow(row: MailRow, from: string): SendMailOptions {
  const attachments = (JSON.parse(row.attachments) as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.content_type,
    content: Buffer.from(a.content_base64, 'base64'),
    // A cid makes nodemailer place the part inline in multipart/related, for `<img src="cid:…">`.
    ...(a.cid ? { cid: a.cid } : {}),
  }));
  return {
    from,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
    attachments,
    messageId: `<${row.id}@${messageIdDomain(from)}>`,
    headers: { 'X-Marquee-Mail-Id': row.id },
  };
}
