import { envelopeAddress } from '../../shared/email-address.js';
import type { SendMailOptions } from 'nodemailer';
import type { MailRow } from '../store/mail-repo.js';
import type { OutgoingMail } from '../domain/mail-port.js';

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

/** A `message` row as the mail it stores. */
export function storedMail(row: MailRow): OutgoingMail {
  const attachments = (JSON.parse(row.attachments) as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.content_type,
    content: Buffer.from(a.content_base64, 'base64'),
    ...(a.cid ? { cid: a.cid } : {}),
  }));
  return {
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body === null ? {} : { html: row.html_body }),
    attachments,
  };
}

/**
 * What nodemailer sends for the outbox mail `id`. The Message-ID is derived from the mail's id,
 * so if a crash makes the sender deliver a mail twice (at-least-once), mail clients can tell.
 */
export function nodemailerMessage(id: string, mail: OutgoingMail, from: string): SendMailOptions {
  return {
    from,
    to: envelopeAddress(mail.to),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      // A cid makes nodemailer place the part inline in multipart/related, for `<img src="cid:…">`.
      ...(a.cid ? { cid: a.cid } : {}),
    })),
    messageId: `<${id}@${messageIdDomain(from)}>`,
    headers: { 'X-Marquee-Mail-Id': id },
  };
}
