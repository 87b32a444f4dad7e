import type { OrderView } from '../api/types.js';

/** What a postponement's resend needs of an order. */
export type ResendCandidate = Pick<OrderView, 'id'> & {
  buyer: { email: string | null } | null;
  tickets: readonly { status: string; paper_pass: string | null }[];
};

/** The orders a postponement concerns: those that can be mailed again, and those that cannot. */
export interface OrdersToResend {
  /** Orders with a buyer email: their mail goes again. */
  mail: string[];
  /** Walk-in sales with no email: only a reprint at the box office reaches their holders. */
  noEmail: string[];
}

/**
 * The orders whose tickets must reach their holders again after the doors moved more than a day
 * later: those with a ticket their buyer still holds that has a paper pass (its print or PDF
 * expires before the new doors). Phone-only, voided and transferred tickets need nothing: their
 * pages follow the doors. An order sold without an email is counted apart, so the button never
 * promises a mail that cannot go.
 */
export function ordersToResend(orders: readonly ResendCandidate[]): OrdersToResend {
  const found: OrdersToResend = { mail: [], noEmail: [] };
  for (const order of orders) {
    if (!order.tickets.some((t) => t.status === 'active' && t.paper_pass !== null)) continue;
    (order.buyer?.email ? found.mail : found.noEmail).push(order.id);
  }
  return found;
}

/** What to say of the orders sold without an email, or null when there are none. */
export function noEmailWords(orderIds: readonly string[]): string | null {
  if (orderIds.length === 0) return null;
  const which = orderIds.length === 1 ? '1 order was' : `${orderIds.length} orders were`;
  return `${which} sold without an email address (${orderIds.join(', ')}): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.`;
}

/**
 * One Idempotency-Key per order and per move of the doors: pressing the button again (or a retry
 * after a dropped answer) replays the first answer and mails nobody twice, while a later move
 * of the same show mails again.
 */
export function postponeResendKey(eventId: string, doorsAt: string, orderId: string): string {
  return `doors-moved:${eventId}:${doorsAt}:${orderId}`;
}

/** The outcome in words: how many were queued, and each that failed with why. */
export function resendOutcome(
  queued: number,
  failures: readonly { orderId: string; message: string }[],
): string {
  const sent = `${queued} ${queued === 1 ? 'order’s tickets' : 'orders’ tickets'} queued to mail again.`;
  if (failures.length === 0) return sent;
  return `${sent} Not sent (${failures.length}): ${failures.map((f) => `${f.orderId}: ${f.message.replace(/\.$/, '')}`).join('; ')}.`;
}
