import type { EventRow } from '../store/events-repo.js';
import type { OrderRow } from '../store/orders-repo.js';
import type { TicketRow } from '../store/tickets-repo.js';
import type { ComposedMail } from './mail-port.js';

export const ticketsWord = (count: number): string => (count === 1 ? 'ticket' : 'tickets');

/** Also what the outbox lists while the mail waits: checkout knows the title and the count. */
export function orderMailSubject(eventTitle: string, ticketCount: number): string {
  return `Your ${ticketsWord(ticketCount)} for ${eventTitle}`;
}

/**
 * Also what the outbox lists while the mail waits. A transfer to the holder's own address is a
 * replacement (a lost phone, a code passed round: docs/api.md "Replacing a lost or shared
 * ticket"), and says so: "Ada sent you a ticket" to Ada read as someone else's doing.
 */
export function transferMailSubject(
  senderName: string | null,
  eventTitle: string,
  replacement = false,
): string {
  if (replacement) return `Your new ticket for ${eventTitle}`;
  return `${senderName ?? 'Someone'} sent you a ticket for ${eventTitle}`;
}

/** A transfer from a holder to their own address: the box office replacing a lost or shared ticket. */
export function isReplacement(
  fromEmail: string | null | undefined,
  toEmail: string | null | undefined,
): boolean {
  return !!fromEmail && !!toEmail && fromEmail.trim().toLowerCase() === toEmail.trim().toLowerCase();
}

/**
 * Tickets an order's mail carries: the active ones its buyer still holds. A transfer's new ticket
 * sits on the same order but belongs to its recipient, who got their own mail.
 */
export const heldByBuyer = (ticket: TicketRow): boolean =>
  ticket.status === 'active' && ticket.transferred_from === null;

/**
 * The outbox row of an order's confirmation: who gets it and which order it is. The mail itself
 * (text, PDF tickets) is composed when it is sent (ticket-mail-composer.ts), so queuing it costs a
 * checkout one small INSERT.
 */
export function orderConfirmation(
  order: Pick<OrderRow, 'id'>,
  event: Pick<EventRow, 'title'>,
  ticketCount: number,
  to: string,
): ComposedMail {
  return {
    kind: 'order_confirmation',
    to,
    subject: orderMailSubject(event.title, ticketCount),
    ref: order.id,
  };
}

/** Also what the outbox lists while the mail waits. */
export function cancelMailSubject(eventTitle: string): string {
  return `Cancelled: ${eventTitle}`;
}

/**
 * The outbox row telling one holder their event is cancelled: the event is its ref, the count
 * and the organiser's words ride in params, the text is composed when it is sent.
 */
export function eventCancelledMail(
  event: Pick<EventRow, 'id' | 'title'>,
  to: string,
  ticketCount: number,
  message: string | undefined,
): ComposedMail {
  return {
    kind: 'event_cancelled',
    to,
    subject: cancelMailSubject(event.title),
    ref: event.id,
    params: { tickets: String(ticketCount), ...(message ? { message } : {}) },
  };
}
