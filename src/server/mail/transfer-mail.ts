import { escapeHtml } from '../../shared/escape-html.js';
import type { OutgoingMail } from '../domain/mail-port.js';
import { transferMailSubject } from '../domain/mail-subjects.js';
import type { MailEvent } from './order-mail.js';
import { ticketPdfSentence } from './phone-only-words.js';
import type { PdfTicket } from './ticket-pdf.js';

export interface TransferMailInput {
  to: string;
  recipientName: string | null;
  senderName: string | null;
  /** The holder's old ticket, when this is a replacement (a transfer to their own address). */
  replaces: string | null;
  event: MailEvent;
  ticket: PdfTicket;
  message: string | undefined;
  /** The recipient's ticket as a one-page PDF (ticket-pdf.ts). */
  pdf: Buffer;
}

export const transferPdfName = (ticketId: string): string => `ticket-${ticketId}.pdf`;

/**
 * The recipient's mail: their ticket as a PDF (with its paper pass, which works for as long as
 * the ticket does) and the wallet link that shows it on a phone.
 */
export function transferMail(input: TransferMailInput): OutgoingMail {
  const from = input.senderName ?? 'Someone';
  const { event, ticket } = input;
  const greeting = input.recipientName ? `Hi ${input.recipientName},` : 'Hi,';
  const what = `${event.title} (${ticket.tierName}; ${event.venue}, doors ${event.doors})`;
  const about = input.replaces
    ? `Here is your new ticket for ${what}. It replaces ticket ${input.replaces}, which no longer gets anyone in: not a print of it, a screenshot or the phone it was on.`
    : `${from} transferred a ticket for ${what} to you.`;
  const said = input.replaces ? 'A note from the box office' : 'Their message';
  const text = [
    greeting,
    '',
    about,
    ...(input.message ? ['', `${said}: ${input.message}`] : []),
    '',
    ticketPdfSentence(ticket),
    `It is also online: ${ticket.walletUrl}`,
    '',
    'The code admits one person, once. Keep it to yourself: whoever shows it first gets in.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(about)}</p>
${input.message ? `<blockquote>${escapeHtml(input.message)}</blockquote>` : ''}
<p>${escapeHtml(ticketPdfSentence(ticket))}
It is also online: <a href="${escapeHtml(ticket.walletUrl)}">open your ticket</a>.</p>
<p><small>The code admits one person, once. Keep it to yourself: whoever shows it first gets in.</small></p>`;
  return {
    to: input.to,
    subject: transferMailSubject(input.senderName, event.title, input.replaces !== null),
    text,
    html,
    attachments: [
      { filename: transferPdfName(ticket.id), contentType: 'application/pdf', content: input.pdf },
    ],
  };
}
