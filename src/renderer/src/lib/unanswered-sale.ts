import type { CheckoutBody } from '../api/types.js';
import { forgetInTab, keepInTab, keptInTab, type KeeperStorage } from './tab-storage.js';
import { tillPayments, type Cart } from './sale.js';

/**
 * How long a till waits for the answer to a sale. A slow Wi-Fi's 10 s answer is still taken; a
 * link that swallowed the answer does not leave "Selling…" on screen for good. Either way the
 * sale keeps its Idempotency-Key, so pressing again replays it rather than selling twice.
 */
export const saleAnswerMs = 30_000;

/** Said when the sale was sent and no answer came back: it may well have been recorded. */
export const unansweredSaleWords =
  'The venue server did not answer, so this till cannot tell whether the sale went through. Press Complete sale again: a sale that went through is shown, never sold twice.';

/** A second press reached the server while the first was still being recorded. */
export const stillRecordingWords =
  'The venue server is still recording this sale. Press Complete sale again in a moment: it will not be sold twice.';

/** The page was reloaded (or the browser restarted the tab) while the sale was on its way. */
export const reloadedSaleWords =
  'This page was reloaded while the sale was being sent, so it may have gone through. Press Complete sale to finish it: it will not be sold twice.';

/** The cart was changed after a lost answer, and the first try had gone through: that is the sale. */
export const soldBeforeChangeWords =
  'This sale had gone through before the change was made, so it is shown as it was sold. Change or refund it in Orders if the customer wants something else.';

/** At most this many different carts are remembered under one key (each change after a lost answer adds one). */
const maxSent = 5;

/** What the till had on screen for the sale, to put back after a reload. */
export interface KeptCart extends Cart {
  eventId: string;
  tierId: string;
  held: { tierId: string; quantity: number }[];
}

/** A sale sent under `key` whose answer the till has not had yet. */
export interface UnansweredSale {
  key: string;
  /** Each different body sent under the key, first first; the server recorded at most one. */
  sent: CheckoutBody[];
  cart: KeptCart;
}

/** `sent` with `body` added unless the same body was already sent. */
export function withSent(sent: readonly CheckoutBody[], body: CheckoutBody): CheckoutBody[] {
  const text = JSON.stringify(body);
  if (sent.some((earlier) => JSON.stringify(earlier) === text)) return [...sent];
  return [...sent, body].slice(0, maxSent);
}

export const unansweredSaleStorageKey = 'marquee.tillSale';

export function keepUnansweredSale(storage: KeeperStorage | null, sale: UnansweredSale): void {
  keepInTab(storage, unansweredSaleStorageKey, sale);
}

export function forgetUnansweredSale(storage: KeeperStorage | null): void {
  forgetInTab(storage, unansweredSaleStorageKey);
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The sale kept before a reload, or null; anything unreadable counts as nothing kept. */
export function keptUnansweredSale(storage: KeeperStorage | null): UnansweredSale | null {
  const value = keptInTab(storage, unansweredSaleStorageKey) as Partial<UnansweredSale> | null;
  const cart = value?.cart;
  if (
    !value ||
    !isString(value.key) ||
    !Array.isArray(value.sent) ||
    value.sent.length === 0 ||
    !cart ||
    ![cart.eventId, cart.tierId, cart.tenderedText, cart.buyerName, cart.buyerEmail, cart.compReason].every(
      isString,
    ) ||
    !Array.isArray(cart.held) ||
    typeof cart.quantity !== 'number' ||
    !tillPayments.includes(cart.payment)
  )
    return null;
  return { key: value.key, sent: value.sent, cart };
}

/**
 * An AbortSignal that fires after `ms` as a TimeoutError. Made with a page timer rather than
 * AbortSignal.timeout, so a test's fake clock can run it out.
 */
export function answerDeadline(ms = saleAnswerMs): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The venue server did not answer in time.', 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/**
 * How many of a tier the sale panel takes, or null for no panel (the tile says why). A sale
 * waiting on its answer keeps its panel and its quantity even when the tier now reads sold out
 * or closed: it may be the sale that sold the last tickets, and only pressing again shows it.
 */
export function saleLimit(
  tier: { sellable: boolean; maxQuantity: number },
  waitingQuantity: number | null,
): number | null {
  if (waitingQuantity !== null) return Math.max(tier.maxQuantity, waitingQuantity);
  return tier.sellable ? tier.maxQuantity : null;
}
