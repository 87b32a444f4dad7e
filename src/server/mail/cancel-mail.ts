import { escapeHtml } from '../../shared/escape-html.js';
import type { OutgoingMail } from '../domain/mail-port.js';
import { cancelMailSubject, ticketsWord } from '../domain/mail-subjects.js';
import type { MailEvent } from './order-mail.js';

export interface CancelMailInput {
  to: string;
  event: MailEvent;
  /** How many of the event's active tickets this address holds. */
  tickets: number;
  /** The organiser's words, as given on cancel. */
  message: string | undefined;
}

/**
 * Tells a ticket holder the event is off. It promises nothing about money: refunds are a separate
 * step the venue may or may not take (it may reschedule), so without the organiser's words the
 * mail says only that the box office will tell them.
 */
export function cancelMail(input: CancelMailInput): OutgoingMail {
  const { event, tickets } = input;
  const yours = tickets === 1 ? 'Your ticket' : `Your ${tickets} tickets`;
  const about = `${event.title} at ${event.venue} (doors ${event.doors}) has been cancelled.`;
  const scan = `${yours} for it will not be scanned.`;
  const refunds = 'The box office will tell you about refunds.';
  const text = [
    'Hi,',
    '',
    about,
    scan,
    ...(input.message ? ['', 'A message from the organiser:', input.message] : ['', refunds]),
    '',
    `You get this mail because you hold ${tickets} ${ticketsWord(tickets)} for this event.`,
  ].join('\n');
  const html = `<p>Hi,</p>
<p><strong>${escapeHtml(event.title)}</strong><br>${escapeHtml(event.venue)}<br>Doors: ${escapeHtml(event.doors)}</p>
<p>This event has been cancelled. ${escapeHtml(scan)}</p>
${input.message ? `<p>A message from the organiser:</p>\n<blockquote style="white-space: pre-line">${escapeHtml(input.message)}</blockquote>` : `<p>${escapeHtml(refunds)}</p>`}
<p><small>You get this mail because you hold ${tickets} ${ticketsWord(tickets)} for this event.</small></p>`;
  return { to: input.to, subject: cancelMailSubject(event.title), text, html };
}
