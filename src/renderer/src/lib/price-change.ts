import type { TierView } from '../api/types.js';
import { formatMoney } from './money.js';
import type { HeldLine, TillPayment } from './sale.js';

/**
 * What the till says when the server refused a sale for price_changed: the manager repriced a
 * tier while the seller took the money. `shown` are the sale's lines at the prices the customer
 * was asked for; `fresh` the tiers as read again. Said in money, with the tier that changed and
 * what to do with the difference: cash is settled by the panel's change due or shortfall, a card
 * already taken on the terminal for the old total is not, so the seller is told. With the cash
 * handed over known (`tenderedCents`), the words go by it, as the panel's change due does: the
 * difference between the totals would tell a seller to ask for more than a note that already
 * covers the new total, or to hand back part of a change the done screen then pays again.
 */
export function priceChangeWords(
  shown: readonly HeldLine[],
  fresh: readonly TierView[],
  payment: TillPayment = 'cash',
  tenderedCents: number | null = null,
): string {
  const changes: string[] = [];
  let total = 0;
  let was = 0;
  let currency: string | null = null;
  for (const line of shown) {
    const now = fresh.find((tier) => tier.id === line.tier.id);
    if (!now) return 'A tier in this sale is no longer offered. Start the sale again.';
    currency = now.currency;
    total += now.price_cents * line.quantity;
    was += line.tier.price_cents * line.quantity;
    if (now.price_cents !== line.tier.price_cents)
      changes.push(
        `${now.name} is now ${formatMoney(now.price_cents, now.currency)} (was ${formatMoney(line.tier.price_cents, line.tier.currency)})`,
      );
  }
  const start = 'The price changed while you were selling';
  if (changes.length === 0 || currency === null || total === was)
    return `${start}. Check the total with the customer, then complete the sale again.`;
  const money = (cents: number) => formatMoney(cents, currency ?? '');
  const difference = money(Math.abs(total - was));
  const todo =
    payment === 'cash' && tenderedCents !== null
      ? cashTodo(total, tenderedCents, money)
      : payment === 'card'
        ? total > was
          ? `the card terminal must take ${difference} more`
          : `refund ${difference} on the card terminal`
        : total > was
          ? `ask the customer for ${difference} more`
          : `the customer gets ${difference} back`;
  return `${start}: ${changes.join('; ')}. The total is now ${money(total)}: ${todo}, then complete the sale again.`;
}

/** What to do with the cash handed over, measured against the new total. */
function cashTodo(total: number, tendered: number, money: (cents: number) => string): string {
  if (tendered < total) return `ask the customer for ${money(total - tendered)} more`;
  return `the ${money(tendered)} handed over covers it (change ${money(tendered - total)}, given when the sale is done)`;
}

/**
 * The kiosk's words when the tier was repriced between the customer choosing and paying: they
 * see the new total before any card is read.
 */
export function kioskRepricedWords(
  tier: Pick<TierView, 'name' | 'price_cents' | 'currency'>,
  wasCents: number,
  quantity: number,
): string {
  const money = (cents: number) => formatMoney(cents, tier.currency);
  return `The price of ${tier.name} is now ${money(tier.price_cents)} (it was ${money(wasCents)}), so the total is now ${money(tier.price_cents * quantity)}. Nothing was charged: press Pay by card to pay the new total, or Back to change your tickets.`;
}
