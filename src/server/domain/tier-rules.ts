import { ApiError, invalidField } from '../errors.js';
import type { TierRow } from '../store/tiers-repo.js';

export type TierState = Pick<
  TierRow,
  'currency' | 'quantity' | 'sold' | 'sale_starts_at' | 'sale_ends_at' | 'visibility' | 'access_code'
>;

/**
 * Rules that span fields, checked on the tier as it would be after a create or patch (the schema
 * has already checked each field alone). `prefix` names the field's place, e.g. `tickets[1].`.
 */
export function checkTierRules(tier: TierState, eventCurrency: string, prefix = ''): void {
  if (tier.visibility === 'access_code' && tier.access_code === null) {
    throw new ApiError(
      400,
      'missing_field',
      'An access_code is required when visibility is access_code.',
      `${prefix}access_code`,
    );
  }
  if (tier.visibility !== 'access_code' && tier.access_code !== null) {
    throw invalidField(`${prefix}access_code`, 'access_code may be set only when visibility is access_code.');
  }
  if (
    tier.sale_starts_at !== null &&
    tier.sale_ends_at !== null &&
    tier.sale_ends_at <= tier.sale_starts_at
  ) {
    throw invalidField(`${prefix}sale_ends_at`, 'sale_ends_at must be after sale_starts_at.');
  }
  if (tier.quantity < tier.sold) {
    throw invalidField(`${prefix}quantity`, `quantity cannot go below the ${tier.sold} already sold.`);
  }
  if (tier.currency !== eventCurrency) {
    throw invalidField(
      `${prefix}currency`,
      `A tier's currency must be its event's currency (${eventCurrency}).`,
    );
  }
}
