import { isEmailAddress } from '../../../shared/email-address.js';
import { fieldLimits } from '../../../shared/field-limits.js';
import type { EventView, OfferTierView, OfferView } from '../api/types.js';
import { isPastEvent } from './event-season.js';
import { tierSaleState, type TierSaleState } from './tier-sale-state.js';

export interface KioskTier {
  tier: OfferTierView;
  sale: TierSaleState;
  /** True for an access-code tier the customer's code unlocked. */
  unlocked: boolean;
}

/**
 * The tiles of an offer (GET /v2/events/{id}/offer): the server already chose the tiers, public
 * ones plus those the customer's code unlocked; codes never reach the kiosk. The sale state is
 * worked out here as the till does, so a tile turns "Sold out" or "Sales closed" as time passes
 * between two refreshes.
 */
export function kioskTiers(offer: OfferView, now: number): KioskTier[] {
  return offer.tiers.map((tier) => ({
    tier,
    sale: tierSaleState(tier, offer.event, now),
    unlocked: tier.unlocked,
  }));
}

/**
 * Events a customer can buy for now: published, on sale and not over, soonest doors first. A show
 * that is over (event-season.ts) is never offered: the server would still sell it, and a customer
 * has nobody to ask whether last night's card is the one they meant.
 */
export function kioskEvents(events: readonly EventView[], now: number): EventView[] {
  return events
    .filter((e) => e.status === 'published' && Date.parse(e.on_sale_at) <= now && !isPastEvent(e, now))
    .sort((a, b) => Date.parse(a.doors_at) - Date.parse(b.doors_at));
}

/**
 * The buyer a card order needs (the server requires name and email for card payments), checked
 * exactly as the server will check it: the card is charged before the order is recorded, so an
 * address or name the server would refuse must be refused here, before any money moves.
 */
export function kioskBuyer(
  name: string,
  email: string,
): { buyer: { name: string; email: string } | null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const cleanEmail = email.trim();
  if (!cleanEmail) problems['buyer.email'] = 'Enter your email: the card payment needs it for the receipt.';
  else if (!isEmailAddress(cleanEmail))
    problems['buyer.email'] =
      'That does not look like an email address. Please check it, like ada@example.com.';
  // A name is optional for the customer; the order still needs one, so an honest placeholder goes in.
  const cleanName = name.trim() || 'Kiosk guest';
  // The server counts characters as code points: an emoji is one.
  const { maxLength } = fieldLimits.personName;
  if ([...cleanName].length > maxLength)
    problems['buyer.name'] = `Please shorten your name to ${maxLength} characters or fewer.`;
  return {
    buyer: Object.keys(problems).length > 0 ? null : { name: cleanName, email: cleanEmail },
    problems,
  };
}
