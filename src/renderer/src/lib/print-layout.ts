import { parseCredential } from '../../../shared/ticket-token.js';
import type { OrderView, TicketView, TierView } from '../api/types.js';

/** What a printed ticket (the till's slip, a reprint, the kiosk's receipt) carries as its QR. */
export type PrintedCode =
  /** The paper pass: admits once, until a day after doors, so a slip printed now admits tonight. */
  | { kind: 'pass'; text: string; validUntilMs: number | null }
  /** A tier that refuses paper: the wallet link, which opens the ticket (and its live code) on a phone. */
  | { kind: 'wallet'; text: string };

/**
 * The pass when the ticket has one (`paper_pass` is null when its tier forbids paper or the
 * ticket is no longer active), else the wallet link. Never the 5-minute rotating code: printed, it
 * would be dead before the holder reaches the door.
 */
export function printedCode(ticket: Pick<TicketView, 'paper_pass' | 'wallet_url'>): PrintedCode {
  if (ticket.paper_pass) {
    const exp = parseCredential(ticket.paper_pass)?.claims.exp;
    return { kind: 'pass', text: ticket.paper_pass, validUntilMs: exp ? exp * 1000 : null };
  }
  return { kind: 'wallet', text: ticket.wallet_url };
}

type PricedOrder = Pick<OrderView, 'total_cents'> & {
  tickets: readonly Pick<TicketView, 'tier_id' | 'transferred_from'>[];
};

/**
 * What one ticket of the order cost, for its printed slip, or null when that cannot be known.
 * Tickets do not carry their price, so it is worked out from the order: the tickets sold with it
 * (a transfer adds the recipient's ticket to the order, at the original's price) share the total
 * when they are all of one tier (comps: 0 each); an order of several tiers takes each tier's price
 * only while those prices still add up to what was paid (a tier whose price was edited since the
 * sale would print a price no one paid, so then no price is printed).
 */
export function printedPrice(
  order: PricedOrder,
  ticket: Pick<TicketView, 'tier_id'>,
  tiers: readonly Pick<TierView, 'id' | 'price_cents'>[],
): number | null {
  const sold = order.tickets.filter((t) => t.transferred_from === null);
  if (sold.length === 0) return null;
  if (sold.every((t) => t.tier_id === ticket.tier_id)) return Math.round(order.total_cents / sold.length);
  const priceOf = (tierId: string) => tiers.find((t) => t.id === tierId)?.price_cents;
  let sum = 0;
  for (const t of sold) {
    const price = priceOf(t.tier_id);
    if (price === undefined) return null;
    sum += price;
  }
  return sum === order.total_cents ? (priceOf(ticket.tier_id) ?? null) : null;
}
