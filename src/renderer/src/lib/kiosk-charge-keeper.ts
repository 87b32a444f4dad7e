import type { CheckoutBody } from '../api/types.js';

/**
 * A card payment the terminal approved whose order is not recorded yet. It is kept in the tab's
 * sessionStorage until the order is recorded or the attendant starts over with the PIN: a reload
 * (F5, a restarted kiosk browser) used to forget it, which cleared "Please call the attendant"
 * without the PIN and threw away the attempt's Idempotency-Key, the one way to record the paid
 * order without charging again.
 */
export interface KeptCharge {
  attemptKey: string;
  body: CheckoutBody;
  /** What the card was charged, as text, for the attendant's refund. */
  amount: string;
  /** Why the order was not recorded, when the server said so; null while it was being sent. */
  failure: { message: string; retryable: boolean } | null;
}

export const keptChargeStorageKey = 'marquee.kioskCharge';

/** Said when the kiosk comes back on a charge whose order was still being sent. */
export const reloadedChargeWords =
  'The card payment went through, but this screen was reloaded before the tickets were issued. Trying again will not charge the card twice.';

/** The part of the Web Storage API used here (sessionStorage in the kiosk's tab). */
export type KeeperStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function keepCharge(storage: KeeperStorage | null, charge: KeptCharge): void {
  try {
    storage?.setItem(keptChargeStorageKey, JSON.stringify(charge));
  } catch {
    // Storage refused (full, or a private mode): the charge stays on screen as before.
  }
}

export function forgetCharge(storage: KeeperStorage | null): void {
  try {
    storage?.removeItem(keptChargeStorageKey);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The charge kept before a reload, or null; anything unreadable counts as nothing kept. */
export function keptCharge(storage: KeeperStorage | null): KeptCharge | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(keptChargeStorageKey) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<KeptCharge> | null;
    if (
      !value ||
      typeof value.attemptKey !== 'string' ||
      typeof value.amount !== 'string' ||
      typeof value.body !== 'object' ||
      value.body === null
    )
      return null;
    const failure =
      value.failure && typeof value.failure.message === 'string'
        ? { message: value.failure.message, retryable: value.failure.retryable === true }
        : null;
    return { attemptKey: value.attemptKey, body: value.body, amount: value.amount, failure };
  } catch {
    return null;
  }
}

/** The tab's sessionStorage, or null where there is none (tests in Node, a refused storage). */
export function tabStorage(): KeeperStorage | null {
  try {
    // Read off globalThis: this file is also compiled (and tested) where there is no DOM.
    return (globalThis as { sessionStorage?: KeeperStorage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}
