import type { OutdatedPassesView } from '../api/types.js';

/** One mail to send again: an order's confirmation, or a transferred ticket's own mail. */
export interface ResendTarget {
  kind: 'order' | 'ticket';
  id: string;
  /** Mails about it the sender gave up on: a new failure makes a new Idempotency-Key. */
  mailsFailed: number;
}

/** What the server says is out of date, as the page acts on it. */
export interface ToResend {
  /** Orders and transferred tickets with an email: their mail goes again. */
  mail: ResendTarget[];
  /** Walk-in sales and tickets handed over with no email: only a reprint reaches their holders. */
  noEmail: { orders: string[]; tickets: string[] };
}

/**
 * The holders whose printed or mailed pass expires before the doors (GET
 * /v2/events/{id}/outdated_passes): orders mailed again with their confirmation, transferred
 * tickets with their own mail, and those with no email named apart, so the button never promises
 * a mail that cannot go.
 */
export function toResend(list: Pick<OutdatedPassesView, 'orders' | 'tickets'>): ToResend {
  const found: ToResend = { mail: [], noEmail: { orders: [], tickets: [] } };
  for (const order of list.orders) {
    if (order.email) found.mail.push({ kind: 'order', id: order.order_id, mailsFailed: order.mails_failed });
    else found.noEmail.orders.push(order.order_id);
  }
  for (const ticket of list.tickets) {
    if (ticket.email)
      found.mail.push({ kind: 'ticket', id: ticket.ticket_id, mailsFailed: ticket.mails_failed });
    else found.noEmail.tickets.push(ticket.ticket_id);
  }
  return found;
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 orders and 1 transferred ticket": whom a button mails. */
export function targetsWords(targets: readonly ResendTarget[]): string {
  const orders = targets.filter((t) => t.kind === 'order').length;
  const tickets = targets.length - orders;
  const parts = [
    ...(orders > 0 ? [countOf(orders, 'order', 'orders')] : []),
    ...(tickets > 0 ? [countOf(tickets, 'transferred ticket', 'transferred tickets')] : []),
  ];
  return parts.join(' and ');
}

/** "Resend tickets to 2 orders and 1 transferred ticket". */
export function resendButtonWords(targets: readonly ResendTarget[]): string {
  return `Resend tickets to ${targetsWords(targets)}`;
}

/** What to say of the orders and transferred tickets with no email, or null when there are none. */
export function noEmailWords(noEmail: ToResend['noEmail']): string | null {
  const { orders, tickets } = noEmail;
  const said: string[] = [];
  if (orders.length > 0) {
    const which = orders.length === 1 ? '1 order was' : `${orders.length} orders were`;
    said.push(
      `${which} sold without an email address (${orders.join(', ')}): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.`,
    );
  }
  if (tickets.length > 0) {
    const which =
      tickets.length === 1 ? '1 transferred ticket was' : `${tickets.length} transferred tickets were`;
    said.push(
      `${which} handed over without an email address (${tickets.join(', ')}): reprint it for its holder at the box office.`,
    );
  }
  return said.length > 0 ? said.join(' ') : null;
}

/**
 * One Idempotency-Key per order (or ticket) and per move of the doors: pressing again, a retry
 * after a dropped answer, or another till replays the first answer and mails nobody twice, while
 * a later move, or a mail the sender gave up on since, mails again.
 */
export function postponeResendKey(eventId: string, doorsAt: string, target: ResendTarget): string {
  const after = target.mailsFailed > 0 ? `:after-${target.mailsFailed}-failed` : '';
  return `doors-moved:${eventId}:${doorsAt}:${target.id}${after}`;
}

/** The outcome in words: what was queued, and each that failed with why. */
export function resendOutcome(
  queued: readonly ResendTarget[],
  failures: readonly { id: string; message: string }[],
): string {
  const orders = queued.filter((t) => t.kind === 'order').length;
  const tickets = queued.length - orders;
  const what = [
    ...(orders > 0 || tickets === 0
      ? [`${orders} ${orders === 1 ? 'order’s tickets' : 'orders’ tickets'}`]
      : []),
    ...(tickets > 0 ? [countOf(tickets, 'transferred ticket', 'transferred tickets')] : []),
  ].join(' and ');
  const sent = `${what} queued to mail again.`;
  if (failures.length === 0) return sent;
  return `${sent} Not sent (${failures.length}): ${failures.map((f) => `${f.id}: ${f.message.replace(/\.$/, '')}`).join('; ')}.`;
}
