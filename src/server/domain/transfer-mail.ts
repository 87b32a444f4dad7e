import type { OutgoingMail } from '../mail/mail-outbox.js';
import { escapeHtml } from '../pages/html.js';

export interface TransferMailInput {
  to: string;
  recipientName: string | null;
  senderName: string | null;
  eventTitle: string;
  venue: string;
  doorsAt: string;
  tierName: string;
  walletUrl: string;
  message: string | undefined;
  /** The new ticket's QR code, made before the transaction (QR rendering is async). */
  qrPng: Buffer;
}

export const transferQrCid = 'ticket-qr@marquee';

/** `2026-12-24T19:00:00.000Z` → `Thu, 24 Dec 2026, 19:00 UTC`; the mail has no time zone of its own. */
export function mailTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const [weekday, day, month, year, time] = at.toUTCString().split(' ');
  return `${weekday} ${day} ${month} ${year}, ${time?.slice(0, 5)} UTC`;
}

/**
 * The recipient's mail: wallet link (which keeps the QR fresh) plus the QR inline, so the mail
 * alone gets them in while the token is valid and the link works after that. A token lives 5
 * minutes and the mail may sit in an inbox for weeks, so both texts say the link is what to open
 * at the door and the inline code only right away.
 */
export function transferMail(input: TransferMailInput): OutgoingMail {
  const from = input.senderName ?? 'Someone';
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hi,';
  const subject = `${from} sent you a ticket for ${input.eventTitle}`;
  const doors = input.doorsAt ? `, doors ${mailTime(input.doorsAt)}` : '';
  const lines = [
    greeting,
    '',
    `${from} transferred a ticket for ${input.eventTitle} (${input.tierName}; ${input.venue}${doors}) to you.`,
    ...(input.message ? ['', `Their message: ${input.message}`] : []),
    '',
    `Your ticket: ${input.walletUrl}`,
    'Open it at the door: the QR code on that page is always current. The code in this mail is',
    'only valid for a few minutes after it was sent.',
  ];
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(from)} transferred a ticket for <strong>${escapeHtml(input.eventTitle)}</strong>
(${escapeHtml(input.tierName)}; ${escapeHtml(input.venue)}${escapeHtml(doors)}) to you.</p>
${input.message ? `<blockquote>${escapeHtml(input.message)}</blockquote>` : ''}
<p><a href="${escapeHtml(input.walletUrl)}">Open your ticket</a> at the door: the QR code on that page is always current.</p>
<p><img src="cid:${transferQrCid}" alt="Ticket QR code" width="300" height="300"></p>
<p><small>This code is only valid for a few minutes after this mail was sent; after that, use the link above.</small></p>`;
  return {
    to: input.to,
    subject,
    text: lines.join('\n'),
    html,
    attachments: [
      {
        filename: 'ticket-qr.png',
        cid: transferQrCid,
        contentType: 'image/png',
        content: input.qrPng,
      },
    ],
  };
}
