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

/**
 * The recipient's mail: wallet link (which keeps the QR fresh) plus the QR inline, so the mail
 * alone gets them in while the token is valid and the link works after that.
 */
export function transferMail(input: TransferMailInput): OutgoingMail {
  const from = input.senderName ?? 'Someone';
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hi,';
  const subject = `${from} sent you a ticket for ${input.eventTitle}`;
  const lines = [
    greeting,
    '',
    `${from} transferred a ${input.tierName} ticket for ${input.eventTitle} (${input.venue}, doors ${input.doorsAt}) to you.`,
    ...(input.message ? ['', `Their message: ${input.message}`] : []),
    '',
    `Your ticket: ${input.walletUrl}`,
    'Open it at the door; the QR code on that page stays valid.',
  ];
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(from)} transferred a <strong>${escapeHtml(input.tierName)}</strong> ticket for
<strong>${escapeHtml(input.eventTitle)}</strong> (${escapeHtml(input.venue)}, doors ${escapeHtml(input.doorsAt)}) to you.</p>
${input.message ? `<blockquote>${escapeHtml(input.message)}</blockquote>` : ''}
<p><a href="${escapeHtml(input.walletUrl)}">Open your ticket</a>; the QR code on that page stays valid.</p>
<p><img src="cid:${transferQrCid}" alt="Ticket QR code" width="300" height="300"></p>`;
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
