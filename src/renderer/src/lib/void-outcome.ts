import type { OrderView, TicketView } from '../api/types.js';
import { formatMoney } from './money.js';
import { defaultRefundMethod, noShiftRefundWords } from './refund-words.js';

/**
 * What staff are told after a void, from the order before and after it: the server refunds the
 * ticket's price only up to what is left on the order, and an order refunded in full voids its
 * other active tickets too (docs/api.md "Void"). Saying "refunded its price" was wrong in both
 * cases, and a guest holding one of those other tickets would be turned away at the door.
 */
export function voidOutcome(ticket: TicketView, before: OrderView, after: OrderView): string {
  const refunded = after.refunded_cents - before.refunded_cents;
  const alsoVoided = after.tickets.filter(
    (t) =>
      t.id !== ticket.id &&
      t.status === 'voided' &&
      before.tickets.find((b) => b.id === t.id)?.status === 'active',
  );
  const parts = [`Voided ${ticket.id}.`];
  parts.push(
    refunded > 0
      ? `Refunded ${formatMoney(refunded, after.currency)}.`
      : ticket.price_cents === 0
        ? 'It was free: no money moved.'
        : 'No refund.',
  );
  if (alsoVoided.length > 0) {
    parts.push(
      `The order is now refunded in full, so ${alsoVoided.length === 1 ? 'its other ticket' : `its ${alsoVoided.length} other tickets`} (${alsoVoided.map((t) => t.id).join(', ')}) ${alsoVoided.length === 1 ? 'was' : 'were'} voided too.`,
    );
  }
  return parts.join(' ');
}

/** The warning shown before a void with refund, when the refund may complete the order's. */
export function voidWarning(ticket: TicketView, order: OrderView): string | null {
  const others = order.tickets.filter((t) => t.id !== ticket.id && t.status === 'active');
  if (others.length === 0 || order.refunded_cents === 0) return null;
  const left = order.total_cents - order.refunded_cents;
  return `Only ${formatMoney(left, order.currency)} is left to refund on this order. If this refund uses it up, the order's other active tickets are voided too.`;
}

/**
 * Where the refund a void records says the money went, and what staff then do by hand. Cash comes
 * out of this till's shift when one is open; with none, no report counts it (`shiftOpen` false),
 * and with the shift unknown (not asked yet) the drawer is named without a promise either way.
 */
function voidRefundHow(method: 'cash' | 'card' | 'other', shiftOpen: boolean | null): string {
  if (method === 'card') return 'as paid back to the card. Refund it on the card terminal.';
  if (method === 'other') return 'as paid back some other way. Pay the guest back where they paid.';
  const shift =
    shiftOpen === null
      ? ''
      : shiftOpen
        ? ' (the shift expects that much less cash)'
        : ` (${noShiftRefundWords})`;
  return `as cash from the drawer${shift}. Hand it to the guest from the drawer.`;
}

/**
 * What a void with refund gives back for this ticket: its price (`price_cents`, what it cost on
 * its order: 0 for a free tier's or a comp's ticket), no more than is left on the order, as the
 * server reckons it (domain/tickets.ts).
 */
export function voidRefundCents(
  ticket: Pick<TicketView, 'price_cents'>,
  order: Pick<OrderView, 'total_cents' | 'refunded_cents'>,
): number {
  return Math.max(0, Math.min(ticket.price_cents, order.total_cents - order.refunded_cents));
}

/**
 * What a void does with the money, said before it is confirmed, with the amount. The API's void
 * takes no refund method: with the refund on, the server records the ticket's price (no more than
 * is left on the order) as refunded the way the order was paid (domain/refund-ledger.ts), and
 * moves no money. A free or comp ticket has nothing to give back, said as such (the dialog then
 * offers no refund at all).
 */
export function voidMoneyWords(
  order: Pick<OrderView, 'payment_method' | 'total_cents' | 'refunded_cents' | 'currency'>,
  ticket: Pick<TicketView, 'price_cents'>,
  refund: boolean,
  shiftOpen: boolean | null,
): string {
  if (order.payment_method === 'comp' || ticket.price_cents === 0) {
    const what = order.payment_method === 'comp' ? 'complimentary' : 'free';
    return `This ticket was ${what}: nothing is refunded and no money goes back to the guest.`;
  }
  const price = formatMoney(ticket.price_cents, order.currency);
  const cents = voidRefundCents(ticket, order);
  if (cents === 0) {
    return `This ticket cost ${price}, but the order has been refunded in full already: nothing more is refunded and no money goes back to the guest.`;
  }
  if (!refund) {
    return `No refund is recorded: the order keeps the ${price} this ticket cost and no money goes back to the guest.`;
  }
  const amount = formatMoney(cents, order.currency);
  const capped =
    cents < ticket.price_cents ? ` (the ticket cost ${price}, but only ${amount} is left on the order)` : '';
  return `${amount}${capped} is recorded as refunded ${voidRefundHow(defaultRefundMethod(order), shiftOpen)} Marquee itself moves no money.`;
}
