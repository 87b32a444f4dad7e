import type { SplitError } from '../lib/field-errors.js';
import { stockWords } from '../lib/sale.js';
import { useEvents } from './events-store.js';

// What a refused sale names (a line of the order, a tier edited or removed at the office), read
// by the sale store to put the refusal in the till's words.

/** Refusals a tier edited meanwhile causes, put in the till's words by tierEditedWords. */
export const tierEditCodes = new Set(['max_per_order_exceeded', 'invalid_access_code']);

/** The line a 404 names (`items[i].tier_id`: its tier is gone), or false for any other 404. */
export const removedTierIndex = (param: string | undefined): number | false => {
  const match = /^items\[(\d+)\]\.tier_id$/.exec(param ?? '');
  return match ? Number(match[1]) : false;
};

export const itemIndex = (param: string | undefined): number | null => {
  const match = /^items\[(\d+)\]/.exec(param ?? '');
  return match ? Number(match[1]) : null;
};

/**
 * What is left of the refused tier once the tiles are read again, in words: at the quantity for
 * the tier on screen, named above the button for one held earlier in the sale; null if the tiles
 * could not be read.
 */
export async function soldOutWords(
  refreshed: Promise<void>,
  eventId: string,
  tierId: string,
  onScreen: boolean,
): Promise<SplitError | null> {
  await refreshed;
  const fresh = useEvents.getState().tiers[eventId];
  const tier = fresh?.state === 'ready' ? fresh.data?.find((t) => t.id === tierId) : undefined;
  if (!tier) return null;
  return onScreen
    ? { fields: { quantity: stockWords(tier) }, form: null }
    : { fields: {}, form: `${tier.name}: ${stockWords(tier)}` };
}
