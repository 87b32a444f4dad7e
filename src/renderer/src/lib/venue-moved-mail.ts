import type { OrderView } from '../api/types.js';
import type { ResendTarget } from './postpone-resend.js';

/** A venue change saved on this till: what it is now, and when it was saved (one per change). */
export interface VenueMove {
  venue: string;
  savedAt: string;
}

/** Whom a venue change reaches by mail, and the orders only the door can tell. */
export interface VenueMailTargets {
  /** Orders with a buyer email and a ticket still valid: their confirmation mail goes again. */
  mail: ResendTarget[];
  /** Orders with a ticket still valid but no email (walk-in sales). */
  noEmail: string[];
}

/** What of an order (GET /v2/orders) tells whether and how a new venue reaches it. */
export type VenueOrder = Pick<OrderView, 'id' | 'status' | 'buyer'> & {
  tickets: readonly Pick<OrderView['tickets'][number], 'status'>[];
};

/**
 * The event's orders a new venue must reach: not refunded, with a ticket still valid (not every
 * one voided), the ones with a buyer email to mail and the others named apart.
 */
export function venueMailTargets(orders: readonly VenueOrder[]): VenueMailTargets {
  const found: VenueMailTargets = { mail: [], noEmail: [] };
  for (const order of orders) {
    if (order.status === 'refunded' || !order.tickets.some((t) => t.status === 'active')) continue;
    if (order.buyer?.email) found.mail.push({ kind: 'order', id: order.id, mailsFailed: 0 });
    else found.noEmail.push(order.id);
  }
  return found;
}

/**
 * One Idempotency-Key per order and per venue change: a second press, a retry after a lost
 * answer, or the page opened again mails nobody twice, while a later change (saved at another
 * moment) mails again, even back to an earlier venue.
 */
export function venueMoveKey(eventId: string, move: VenueMove, orderId: string): string {
  return `venue-moved:${eventId}:${move.savedAt}:${orderId}`;
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
