import type { CheckoutBody } from '../api/types.js';
import { forgetInTab, keepInTab, keptInTab, type KeeperStorage } from './tab-storage.js';

/**
 * A card payment the terminal was asked for or approved whose order is not recorded yet. It is kept in the tab's
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
  /**
   * Why the order was not recorded, when the server said so; null while it was being sent.
   * `unsure` while the terminal had not answered yet: nobody can tell whether the card was charged.
   */
  failure: { message: string; retryable: boolean; unsure?: true } | null;
}

export const keptChargeStorageKey = 'marquee.kioskCharge';

/** Said when the kiosk comes back on a charge whose order was still being sent. */
export const reloadedChargeWords =
  'The card payment went through, but this screen was reloaded before the tickets were issued. Trying again will not charge the card twice.';

/**
 * Said when the kiosk comes back on a payment the terminal was still taking: the reload ended the
 * kiosk's wait for its answer, so only the attendant can tell whether the card was charged.
 */
export const reloadedPayingWords =
  'This screen was reloaded while the card was being paid, so it cannot tell whether the card was charged. No tickets were issued.';

export function keepCharge(storage: KeeperStorage | null, charge: KeptCharge): void {
  keepInTab(storage, keptChargeStorageKey, charge);
}

export function forgetCharge(storage: KeeperStorage | null): void {
  forgetInTab(storage, keptChargeStorageKey);
}

/** The charge kept before a reload, or null; anything unreadable counts as nothing kept. */
export function keptCharge(storage: KeeperStorage | null): KeptCharge | null {
  const value = keptInTab(storage, keptChargeStorageKey) as Partial<KeptCharge> | null;
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
      ? {
          message: value.failure.message,
          retryable: value.failure.retryable === true,
          ...(value.failure.unsure === true ? { unsure: true as const } : {}),
        }
      : null;
  return { attemptKey: value.attemptKey, body: value.body, amount: value.amount, failure };
}
