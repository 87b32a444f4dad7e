import type { OutdatedVenueView } from '../api/types.js';
import type { ResendTarget } from './postpone-resend.js';

/** Whom a venue change reaches by mail, and the orders only the door can tell. */
export interface VenueMailTargets {
  /** Orders with a buyer email not told since the change: their confirmation mail goes again. */
  mail: ResendTarget[];
  /** Orders sold before the change with no email (walk-in sales). */
  noEmail: string[];
}

/**
 * The orders the server says were not told of the latest venue change (GET
 * /v2/events/{id}/outdated_venue): those with a buyer email to mail, the others named apart, so
 * the button never promises a mail that cannot go.
 */
export function venueMailTargets(list: Pick<OutdatedVenueView, 'orders'>): VenueMailTargets {
  const found: VenueMailTargets = { mail: [], noEmail: [] };
  for (const order of list.orders) {
    if (order.email) found.mail.push({ kind: 'order', id: order.order_id, mailsFailed: order.mails_failed });
    else found.noEmail.push(order.order_id);
  }
  return found;
}

/**
 * One Idempotency-Key per order and per venue change (the server's `moved_at`, the same on every
 * till): a second press, a retry after a lost answer, another till or the page opened again mails
 * nobody twice, while a later change, even back to an earlier venue, or a mail the sender gave up
 * on since, mails again.
 */
export function venueMoveKey(eventId: string, movedAt: string, target: ResendTarget): string {
  const after = target.mailsFailed > 0 ? `:after-${target.mailsFailed}-failed` : '';
  return `venue-moved:${eventId}:${movedAt}:${target.id}${after}`;
}

/** "Send the new venue to 2 orders". */
export function venueButtonWords(count: number): string {
  return `Send the new venue to ${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** "3 walk-in orders have no email: tell them at the door", or null when there are none. */
export function venueNoEmailWords(orders: readonly string[]): string | null {
  if (orders.length === 0) return null;
  const which = orders.length === 1 ? '1 walk-in order has' : `${orders.length} walk-in orders have`;
  return `${which} no email: tell them at the door (${orders.join(', ')}).`;
}
