import type { OutdatedVenueView } from '../api/types.js';
import { targetsWords, toResend, type ResendTarget, type ToResend } from './postpone-resend.js';

/**
 * The orders and transferred tickets the server says were not told of the latest venue change
 * (GET /v2/events/{id}/outdated_venue): those with an email to mail (an order's confirmation, a
 * transferred ticket's own mail), the others named apart, so the button never promises a mail
 * that cannot go.
 */
export function venueMailTargets(list: Pick<OutdatedVenueView, 'orders' | 'tickets'>): ToResend {
  return toResend(list);
}

/**
 * One Idempotency-Key per order (or ticket) and per venue change (the server's `moved_at`, the
 * same on every till): a second press, a retry after a lost answer, another till or the page
 * opened again mails nobody twice, while a later change, even back to an earlier venue, or a mail
 * the sender gave up on since, mails again.
 */
export function venueMoveKey(eventId: string, movedAt: string, target: ResendTarget): string {
  const after = target.mailsFailed > 0 ? `:after-${target.mailsFailed}-failed` : '';
  return `venue-moved:${eventId}:${movedAt}:${target.id}${after}`;
}

/** "Send the new venue to 2 orders and 1 transferred ticket". */
export function venueButtonWords(targets: readonly ResendTarget[]): string {
  return `Send the new venue to ${targetsWords(targets)}`;
}

/**
 * "3 walk-in orders have no email: tell them at the door (…)", likewise for tickets handed over
 * without an address, or null when there are none.
 */
export function venueNoEmailWords(noEmail: ToResend['noEmail']): string | null {
  const { orders, tickets } = noEmail;
  const said: string[] = [];
  if (orders.length > 0) {
    const which = orders.length === 1 ? '1 walk-in order has' : `${orders.length} walk-in orders have`;
    said.push(`${which} no email: tell them at the door (${orders.join(', ')}).`);
  }
  if (tickets.length > 0) {
    const which =
      tickets.length === 1
        ? '1 transferred ticket was handed over without an email: tell its holder'
        : `${tickets.length} transferred tickets were handed over without an email: tell their holders`;
    said.push(`${which} at the door (${tickets.join(', ')}).`);
  }
  return said.length > 0 ? said.join(' ') : null;
}
