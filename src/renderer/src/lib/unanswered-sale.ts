import type { CheckoutBody } from '../api/types.js';
import {
  forgetInTab,
  keepInTab,
  keptInTab,
  keptNames,
  type KeeperStorage,
  type ListableStorage,
} from './tab-storage.js';
import { tillPayments, type Cart } from './sale.js';

/**
 * How long a till waits for the answer to a sale. A slow Wi-Fi's 10 s answer is still taken; a
 * link that swallowed the answer does not leave "Selling…" on screen for good. Either way the
 * sale keeps its Idempotency-Key, so pressing again replays it rather than selling twice.
 */
export const saleAnswerMs = 30_000;

/** Said when the sale was sent and no answer came back: it may well have been recorded. */
export const unansweredSaleWords =
  'The venue server did not answer, so this till cannot tell whether the sale went through. Keep the customer here: the till checks by itself as soon as the server answers, or press Complete sale again. A sale that went through is shown, never sold twice.';

/** A second press reached the server while the first was still being recorded. */
export const stillRecordingWords =
  'The venue server is still recording this sale. Press Complete sale again in a moment: it will not be sold twice.';

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
  /** When it was first sent (ms, this till's clock): said to the seller, and how long it can be checked. */
  sentAt: number;
  /** Who rang it up (null at a till without staff): named to whoever finds it at the till next. */
  seller: Seller | null;
  /**
   * The shift open on screen when it was first sent (null: none, or kept before this was): sent
   * with it when it is settled later, so a shift cashed up meanwhile keeps it (a late sale).
   */
  shift?: string | null;
}

/** A staff member as an unanswered sale remembers them: no credential, only who it was. */
export interface Seller {
  id: string;
  name: string;
}

/** `sent` with `body` added unless the same body was already sent. */
export function withSent(sent: readonly CheckoutBody[], body: CheckoutBody): CheckoutBody[] {
  const text = JSON.stringify(body);
  if (sent.some((earlier) => JSON.stringify(earlier) === text)) return [...sent];
  return [...sent, body].slice(0, maxSent);
}

/**
 * The server keeps a sale's answer under its Idempotency-Key for 24 h (docs/api.md
 * "Idempotency"); past that, sending the sale again could sell it a second time. An hour less,
 * for a till whose clock runs ahead of the server's.
 */
export const answerKeptMs = 23 * 60 * 60 * 1000;

/** Whether the server may no longer have the answer to a sale sent at `sentAt`. */
export const tooOldToCheck = (sentAt: number, now: number): boolean => now - sentAt > answerKeptMs;

const fnv1a = (text: string, seed: number): string => {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
};

/**
 * Whose sales these are: the venue server and the till's API key, as a digest (the key itself is
 * never written down). A sale is only checked under the key that sent it (the server keeps
 * Idempotency-Keys per API key), and two tills or two venues on one laptop never see each other's.
 */
export function tillScope(baseUrl: string, apiKey: string): string {
  const text = `${baseUrl.replace(/\/+$/, '')}\n${apiKey}`;
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x050c5d1f);
}

const storagePrefix = (scope: string) => `marquee.tillSale.${scope}.`;

/** Where the sale sent under `key` is kept: one entry per sale, so two tabs never overwrite each other's. */
export const unansweredSaleStorageKey = (scope: string, key: string) => `${storagePrefix(scope)}${key}`;

/** Kept in localStorage: closing the tab, or the browser killed as the laptop sleeps, must not forget it. */
export function keepUnansweredSale(storage: KeeperStorage | null, scope: string, sale: UnansweredSale): void {
  keepInTab(storage, unansweredSaleStorageKey(scope, sale.key), sale);
}

export function forgetUnansweredSale(storage: KeeperStorage | null, scope: string, key: string | null): void {
  if (key !== null) forgetInTab(storage, unansweredSaleStorageKey(scope, key));
}

/**
 * The seller dropped the unanswered sale (New sale) in one tab: a mark is left in its place, so
 * another tab of the till holding the same sale does not send it again by itself and sell what the
 * seller gave up. Marks are cleared once past the server's keeping of answers.
 */
export function dropUnansweredSale(
  storage: KeeperStorage | null,
  scope: string,
  key: string,
  at: number,
): void {
  keepInTab(storage, unansweredSaleStorageKey(scope, key), { key, droppedAt: at });
}

/** Whether the sale sent under `key` was dropped with New sale in some tab of this till. */
export function wasDropped(storage: KeeperStorage | null, scope: string, key: string): boolean {
  const value = keptInTab(storage, unansweredSaleStorageKey(scope, key)) as { droppedAt?: unknown } | null;
  return typeof value?.droppedAt === 'number';
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The sale kept under `key`, or null; anything unreadable counts as nothing kept. */
export function keptUnansweredSale(
  storage: KeeperStorage | null,
  scope: string,
  key: string,
): UnansweredSale | null {
  const value = keptInTab(storage, unansweredSaleStorageKey(scope, key)) as Partial<UnansweredSale> | null;
  const cart = value?.cart;
  if (
    !value ||
    value.key !== key ||
    typeof value.sentAt !== 'number' ||
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
  // Kept before sellers were remembered, or at a till without staff: nobody to name.
  const seller =
    value.seller && isString(value.seller.id) && isString(value.seller.name) ? value.seller : null;
  // Kept before the shift was remembered, or sent outside one: none to name when settling it.
  const shift = isString(value.shift) ? { shift: value.shift } : {};
  return { key: value.key, sent: value.sent, cart, sentAt: value.sentAt, seller, ...shift };
}

/** Every sale this till (scope) kept unanswered, in any tab, oldest first. */
export function keptUnansweredSales(
  storage: ListableStorage | null,
  scope: string,
  now = Date.now(),
): UnansweredSale[] {
  const prefix = storagePrefix(scope);
  for (const name of keptNames(storage, prefix)) {
    const mark = keptInTab(storage, name) as { droppedAt?: unknown } | null;
    if (typeof mark?.droppedAt === 'number' && tooOldToCheck(mark.droppedAt, now)) forgetInTab(storage, name);
  }
  return keptNames(storage, prefix)
    .map((name) => keptUnansweredSale(storage, scope, name.slice(prefix.length)))
    .filter((sale): sale is UnansweredSale => sale !== null)
    .sort((a, b) => a.sentAt - b.sentAt);
}

/** "19:42", or "19:42 on 29 Nov" for a sale of another day, in the till's own time. */
export function saleTime(sentAt: number, now: number): string {
  const sent = new Date(sentAt);
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(sent);
  if (sent.toDateString() === new Date(now).toDateString()) return time;
  return `${time} on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(sent)}`;
}

/**
 * How an unanswered sale is named to the seller: by its time ("A sale from 19:42") to whoever rang
 * it up, and by who and what to anyone else signed in at the till since ("Anna's sale of 2
 * tickets at 19:42"), so the next seller knows whose customer and whose cash it was.
 */
export interface SaleCalled {
  /** Starting a sentence, for a sale not yet known to have gone through. */
  a: string;
  /** Starting a sentence, for the sale just spoken of. */
  the: string;
  /** The same, inside a sentence. */
  inside: string;
}

export function saleCalled(when: string, by?: { seller: string; tickets: number }): SaleCalled {
  if (!by) return { a: `A sale from ${when}`, the: `The sale from ${when}`, inside: `the sale from ${when}` };
  const named = `${by.seller}'s sale of ${by.tickets} ${by.tickets === 1 ? 'ticket' : 'tickets'} at ${when}`;
  return { a: named, the: named, inside: named };
}

/** Another tab of this till dropped the sale (New sale): it is not sent again from this one. */
export const droppedElsewhereWords = (sale: SaleCalled) =>
  `${sale.the} was dropped with New sale in another tab of this till, so it is not sent again. If it went through before that, Orders has it.`;

/** Shown at once when the till is opened again with a sale it never had the answer to. */
export const checkingSaleWords = (sale: SaleCalled) =>
  `${sale.a} was not confirmed. Checking with the venue server whether it went through…`;

/** The check could not be made: the server is out of reach (or still recording it). */
export const uncheckedSaleWords = (sale: SaleCalled) =>
  `${sale.a} was not confirmed, and the venue server cannot be reached to check it. This till checks again by itself when the server is back: do not sell it again meanwhile.`;

/**
 * The server no longer takes the key that sent it (revoked, rotated): it keeps Idempotency-Keys
 * per API key, so no other key can ask. Kept, in case the same key comes back.
 */
export const keyRefusedSaleWords = (sale: SaleCalled) =>
  `${sale.a} was not confirmed, and the venue server no longer accepts this till's API key, so this till cannot check it. Look for it in Orders before selling it again.`;

/** The check found the sale recorded: shown with it on the done screen. */
export const recoveredSoldWords = (sale: SaleCalled) =>
  `This is ${sale.inside} that was not confirmed: it went through, once. Nothing more was sold.`;

/**
 * A sale settled after the shift it was rung up in was closed (cashed up from another machine
 * while its answer was lost): its money is that shift's, and it is counted there, not here.
 */
export const closedShiftSaleWords =
  "It counts with the shift it was rung up in, which has been closed since: it is in that shift's report (as a late sale if it got through after the close), not in this shift's expected cash.";

/** The done screen's note for a sale settled after its answer was lost, with where it counts. */
export function settledSaleNote(note: string | null, inClosedShift: boolean): string | null {
  if (!inClosedShift) return note;
  return note === null ? closedShiftSaleWords : `${note} ${closedShiftSaleWords}`;
}

/** Past the server's keeping of answers: the till cannot tell, and must not send it again. */
export const tooOldSaleWords = (sale: SaleCalled) =>
  `${sale.a} was never confirmed, and it is too long ago for this till to check (the venue server remembers a sale's answer for 24 hours). Look for it in Orders before selling it again.`;

/** Why the server refused a sale sent again, in a seller's words. */
const refusalReasons: Record<string, string> = {
  sold_out: 'there are not enough tickets left now.',
  sales_closed: 'sales for that tier have closed.',
  event_not_on_sale: 'the event is no longer on sale.',
  price_changed: 'the price was changed at the office meanwhile.',
};

/** The check found the sale refused: nothing was sold, and the seller starts again if the customer still wants it. */
export function refusedSaleWords(sale: SaleCalled, code: string, message: string): string {
  const reason = refusalReasons[code] ?? (/[.!?]$/.test(message) ? message : `${message}.`);
  return `${sale.the} did not go through: ${reason} Nothing was sold; sell it again if the customer still wants it.`;
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

/**
 * Runs `send` while no other tab of this browser sends under the same Idempotency-Key (Web
 * Locks): two tabs of one till open on the same unanswered sale ask the server one after the
 * other, so the second can only be answered with a replay. Where there are no Web Locks (a page
 * served over plain http from another machine is not a secure context), the server's own
 * `idempotency_key_in_use` keeps two sends apart instead.
 */
export function oneTabAtATime<T>(key: string, send: () => Promise<T>): Promise<T> {
  // The part of the Web Locks API used (typed here: this file is also compiled without the DOM).
  type Locks = { request(name: string, held: () => Promise<T>): Promise<T> };
  const locks = (globalThis as { navigator?: { locks?: Locks } }).navigator?.locks;
  return locks ? locks.request(`marquee.tillSale.${key}`, send) : send();
}
