import type { OrderView } from '../api/types.js';

/** What a postponement's resend needs of an order. */
export type ResendCandidate = Pick<OrderView, 'id'> & {
  tickets: readonly { status: string; paper_pass: string | null }[];
};

/**
 * The orders whose mail must go again after the doors moved more than a day later: those with a
 * ticket their buyer still holds that has a paper pass (its print or PDF expires before the new
 * doors). Phone-only, voided and transferred tickets need nothing: their pages follow the doors.
 */
export function ordersToResend(orders: readonly ResendCandidate[]): string[] {
  return orders
    .filter((o) => o.tickets.some((t) => t.status === 'active' && t.paper_pass !== null))
    .map((o) => o.id);
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
