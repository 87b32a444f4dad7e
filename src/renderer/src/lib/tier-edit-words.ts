import type { TierView } from '../api/types.js';
import { remaining } from '../../../shared/sale-state.js';
import type { SplitError } from './field-errors.js';
import { tooManyWords } from './sale.js';

/**
 * The till's words for a sale refused because the manager edited a tier while it was being sold
 * (a lower `max_per_order`, an access code put on it), once the tiles are read again: what the
 * seller can do now, not the API's "ticket(s) … per order" or "needs an access_code".
 * `lines` are the sale's tiers as shown, the one on screen last; `refusedIndex` the line the
 * refusal names, when it names one. Null when the words cannot be put better than the server's.
 */
export function tierEditedWords(
  code: string,
  lines: readonly TierView[],
  refusedIndex: number | null,
  fresh: readonly TierView[],
): SplitError | null {
  const now = (tier: TierView | undefined) => fresh.find((t) => t.id === tier?.id);
  if (code === 'max_per_order_exceeded') {
    const index = refusedIndex ?? lines.length - 1;
    const tier = now(lines[index]);
    if (!tier) return null;
    const words = tooManyWords(tier, Math.min(tier.max_per_order, remaining(tier)));
    return index === lines.length - 1
      ? { fields: { quantity: words }, form: null }
      : { fields: {}, form: `${tier.name}: ${words}` };
  }
  if (code === 'invalid_access_code') {
    const coded = lines.map(now).find((tier) => tier?.visibility === 'access_code');
    if (!coded) return null;
    return {
      fields: {},
      form: `${coded.name} was given an access code at the office; this till has it now. Complete the sale again.`,
    };
  }
  return null;
}
