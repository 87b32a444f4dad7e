import type { TierView } from '../api/types.js';
import { formatCount } from './count.js';

/**
 * What `sold` is made of, for the tiers table: "3 comps · 1 voided", or null when every ticket
 * sold was paid for and is still good. Comps and voided are each a part of sold (a voided comp
 * counts in both), so they are shown beside it, not subtracted into a "paid" figure.
 */
export function soldApart(tier: Pick<TierView, 'comps' | 'voided'>): string | null {
  const parts = [
    tier.comps > 0 ? `${formatCount(tier.comps)} comp${tier.comps === 1 ? '' : 's'}` : null,
    tier.voided > 0 ? `${formatCount(tier.voided)} voided` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
