import { escapeHtml } from '../../shared/escape-html.js';
import type { OutgoingMail } from '../domain/mail-port.js';
import { orderMailSubject, ticketsWord } from '../domain/mail-subjects.js';
import { orderPdfSentence } from './phone-only-words.js';
import type { PdfTicket } from './ticket-pdf.js';

/** The event as ticket mail shows it; `doors` already in the event's zone (formatAttendeeTime). */
export interface MailEvent {
  title: string;
  venue: string;
  doors: string;
}

export interface OrderMailInput {
  to: string;
  buyerName: string | null;
  orderId: string;
  event: MailEvent;
  tickets: readonly PdfTicket[];
  pdf: Buffer;
}

export const orderPdfName = (orderId: string): string => `tickets-${orderId}.pdf`;

const ticketLine = (ticket: PdfTicket): string =>
  `${ticket.tierName}${ticket.attendeeName ? ` (${ticket.attendeeName})` : ''}`;

/**
 * The order confirmation: the event, each ticket's wallet link, and the PDF with one page per
 * ticket. The PDF is what gets people in (its codes are paper passes), the links show the same
 * ticket on a phone.
 */
export function orderMail(input: OrderMailInput): OutgoingMail {
  const { event, tickets } = input;
  const count = tickets.length;
  const greeting = input.buyerName ? `Hi ${input.buyerName},` : 'Hi,';
  const intro = `Thank you for your order (${input.orderId}). ${orderPdfSentence(tickets)}`;
  const text = [
    greeting,
    '',
    intro,
    '',
    event.title,
    event.venue,
    `Doors: ${event.doors}`,
    '',
    `Your ${ticketsWord(count)}, also online:`,
    ...tickets.map((ticket) => `- ${ticketLine(ticket)}: ${ticket.walletUrl}`),
    '',
    'Each code admits one person, once. Keep them to yourself: whoever shows a code first gets in.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><strong>${escapeHtml(event.title)}</strong><br>${escapeHtml(event.venue)}<br>Doors: ${escapeHtml(event.doors)}</p>
<p>Your ${ticketsWord(count)}, also online:</p>
<ul>
${tickets.map((ticket) => `<li><a href="${escapeHtml(ticket.walletUrl)}">${escapeHtml(ticketLine(ticket))}</a></li>`).join('\n')}
</ul>
<p><small>Each code admits one person, once. Keep them to yourself: whoever shows a code first gets in.</small></p>`;
  return {
    to: input.to,
    subject: orderMailSubject(event.title, count),
    text,
    html,
    attachments: [
      { filename: orderPdfName(input.orderId), contentType: 'application/pdf', content: input.pdf },
    ],
  };
}
