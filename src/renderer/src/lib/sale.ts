import { isEmailAddress } from '../../../shared/email-address.js';
import type { SplitError } from './field-errors.js';
import type { CheckoutBody, EventView, PaymentMethod, TierView } from '../api/types.js';
import { remaining } from '../../../shared/sale-state.js';
import { changeDue, formatMoney, moneyProblemWords, readMoney } from './money.js';

/** What the till offers; `external` (paid elsewhere) stays an API-only method. */
export type TillPayment = Extract<PaymentMethod, 'cash' | 'card' | 'comp'>;
export const tillPayments: readonly TillPayment[] = ['cash', 'card', 'comp'];

export interface Cart {
  quantity: number;
  payment: TillPayment;
  tenderedText: string;
  buyerName: string;
  buyerEmail: string;
  /** Why a comp is free; sent with comps only. */
  compReason: string;
}

/** A tier already put in the sale before the one on screen (several tiers, one order). */
export interface HeldLine {
  tier: TierView;
  quantity: number;
}

/** A comp is free (the server totals it 0), everything else is price × quantity, over every line. */
export function cartTotal(
  tier: Pick<TierView, 'price_cents'>,
  cart: Pick<Cart, 'quantity' | 'payment'>,
  held: readonly Pick<HeldLine, 'quantity' | 'tier'>[] = [],
): number {
  if (cart.payment === 'comp') return 0;
  return held.reduce(
    (sum, line) => sum + line.tier.price_cents * line.quantity,
    tier.price_cents * cart.quantity,
  );
}

export interface CartCheck {
  total: number;
  /** Cash only: what to hand back, or what is still missing. */
  change: number;
  short: number;
  /** Keyed by field (`quantity`, `tendered`, `buyer.name`, `buyer.email`); empty when ready. */
  problems: Record<string, string>;
}

/** What is left of a tier, for a seller asking for more than that: another till sold the rest. */
export function stockWords(tier: Pick<TierView, 'quantity' | 'sold'>): string {
  const left = remaining(tier);
  return left > 0 ? `Only ${left} left.` : 'Sold out.';
}

/**
 * Why a quantity above `maxQuantity` cannot be sold: what is left of the tier when that is the
 * limit (another till sold the rest: the customer can still buy fewer), else the tier's limit
 * per order.
 */
export function tooManyWords(tier: Pick<TierView, 'quantity' | 'sold'>, maxQuantity: number): string {
  return remaining(tier) <= maxQuantity ? stockWords(tier) : `At most ${maxQuantity} in one sale.`;
}

/**
 * The kiosk's line under its quantity: what is left when that is the cap, else the limit per
 * purchase. With 3 tickets left of a tier sold 4 at a time, "At most 3 in one purchase." read as a
 * house rule (buy again for more), the words the till stopped using for the same reason.
 */
export function purchaseLimitWords(
  tier: Pick<TierView, 'quantity' | 'sold'>,
  quantity: number,
  max: number,
): string {
  if (remaining(tier) <= max) return stockWords(tier);
  return quantity >= max ? `At most ${max} in one purchase.` : `Up to ${max} in one purchase.`;
}

export function checkCart(
  tier: Pick<TierView, 'price_cents' | 'currency' | 'quantity' | 'sold'>,
  cart: Cart,
  maxQuantity: number,
  held: readonly HeldLine[] = [],
): CartCheck {
  const total = cartTotal(tier, cart, held);
  const problems: Record<string, string> = {};
  if (cart.quantity < 1) problems.quantity = 'Enter how many tickets.';
  else if (cart.quantity > maxQuantity) problems.quantity = tooManyWords(tier, maxQuantity);
  let change = 0;
  let short = 0;
  if (cart.payment === 'cash' && total > 0) {
    // Read as every typed amount is (readMoney): "1 234,50" is read, an unclear "1,250" dinars says why.
    const tendered = readMoney(cart.tenderedText, tier.currency);
    if ('problem' in tendered) {
      problems.tendered =
        tendered.problem.kind === 'empty'
          ? 'Enter the cash handed over.'
          : moneyProblemWords(tendered.problem, cart.tenderedText, tier.currency, 'the cash handed over');
    } else {
      ({ change, short } = changeDue(total, tendered.minor));
      if (short > 0) problems.tendered = `${formatMoney(short, tier.currency)} short.`;
    }
  }
  // Card payments need someone to answer to (the server requires buyer name and email for them);
  // a comp names its guest and why it is free; a cash walk-in may stay anonymous, or give only an
  // address to get the tickets by mail.
  const email = cart.buyerEmail.trim();
  if (cart.payment === 'card') {
    if (!cart.buyerName.trim()) problems['buyer.name'] = 'Card sales need the buyer’s name.';
    if (!email) problems['buyer.email'] = 'Card sales need the buyer’s email.';
  }
  if (cart.payment === 'comp') {
    if (!cart.buyerName.trim()) problems['buyer.name'] = 'Say who the free tickets are for.';
    if (!cart.compReason.trim()) problems.comp_reason = 'Say why these tickets are free.';
  }
  // The server's own rule (shared/email-address.ts): the seller takes the card on the terminal
  // before pressing Complete, so an address the server would refuse must be refused here, first.
  if (email && !isEmailAddress(email)) problems['buyer.email'] = `“${email}” is not an email address.`;
  return { total, change, short, problems };
}

/**
 * Why `tier` cannot join the sale in progress, or null: an order carries one access code
 * (CONTRACT.md checkout `access_code?`), so two access-code tiers with different codes cannot be
 * in one sale; the server refused the second as "The access_code is not valid for this tier."
 */
export function accessCodeClash(
  tier: Pick<TierView, 'id' | 'name' | 'visibility' | 'access_code'>,
  held: readonly HeldLine[],
): string | null {
  if (tier.visibility !== 'access_code') return null;
  const other = held.find(
    (line) =>
      line.tier.id !== tier.id &&
      line.tier.visibility === 'access_code' &&
      line.tier.access_code !== tier.access_code,
  );
  if (!other) return null;
  return `${other.tier.name} and ${tier.name} have different access codes, and one sale carries one code: complete this sale, then sell ${tier.name} as a new one.`;
}

/**
 * The POST /v2/orders body: the held lines, then the one on screen (so its refusals name
 * `items[held.length]`). Staff know an access code tier's code already; an order carries one.
 */
export function checkoutBody(
  event: Pick<EventView, 'id'>,
  tier: TierView,
  cart: Cart,
  held: readonly HeldLine[] = [],
): CheckoutBody {
  const lines = [...held, { tier, quantity: cart.quantity }];
  const body: CheckoutBody = {
    event_id: event.id,
    items: lines.map((line) => ({ tier_id: line.tier.id, quantity: line.quantity })),
    payment_method: cart.payment,
    // A sale at this box office is a till sale in the event report, also on the desktop app's
    // admin key (which would otherwise count as an integration: docs/api.md "Sales channels").
    channel: 'till',
    // What the customer was asked for: a tier repriced since is refused (price_changed), never
    // charged at a price the seller did not take.
    expected_total_cents: cartTotal(tier, cart, held),
  };
  const name = cart.buyerName.trim();
  const email = cart.buyerEmail.trim();
  if (name || email) body.buyer = { ...(name ? { name } : {}), ...(email ? { email } : {}) };
  const coded = lines.find((line) => line.tier.visibility === 'access_code' && line.tier.access_code);
  if (coded?.tier.access_code) body.access_code = coded.tier.access_code;
  if (cart.payment === 'comp' && cart.compReason.trim()) body.comp_reason = cart.compReason.trim();
  return body;
}

/** The fields the payment step shows; a refusal about anything else must still be seen there. */
const paymentFields = ['tendered', 'buyer.name', 'buyer.email', 'comp_reason'];

/**
 * What to say above the Complete button: the form-level refusal plus any refusal about a field
 * this step does not show (a tier that sold out or closed while the seller took the money names
 * `items[0].quantity` or `tier_id`). Without this such a sale failed with nothing on screen.
 */
export function paymentFormError(error: SplitError | null): string | null {
  if (!error) return null;
  const hidden = Object.entries(error.fields)
    .filter(([field]) => !paymentFields.includes(field))
    .map(([, message]) => message);
  const all = [error.form, ...hidden].filter((message): message is string => Boolean(message));
  return all.length > 0 ? all.join(' ') : null;
}
