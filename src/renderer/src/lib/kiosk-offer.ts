import type { EventView, TierView } from '../api/types.js';
import { tierSaleState, type TierSaleState } from './tier-sale-state.js';

export interface KioskTier {
  tier: TierView;
  sale: TierSaleState;
  /** True for an access-code tier the customer's code unlocked. */
  unlocked: boolean;
}

/**
 * What a customer may buy at the kiosk: public tiers, plus the access-code tiers whose code the
 * customer typed. Unlisted tiers are never offered (they are for direct links only).
 *
 * The code is compared here before any card is charged, so a customer never pays for an order
 * the server would refuse; the server still checks it at checkout and its refusal is shown.
 */
export function kioskTiers(
  tiers: readonly TierView[],
  event: EventView,
  code: string,
  now: number,
): KioskTier[] {
  const typed = code.trim();
  return tiers
    .filter(
      (tier) =>
        tier.visibility === 'public' ||
        (tier.visibility === 'access_code' && typed !== '' && tier.access_code === typed),
    )
    .map((tier) => ({
      tier,
      sale: tierSaleState(tier, event, now),
      unlocked: tier.visibility === 'access_code',
    }));
}

/** True when the typed code opens at least one access-code tier of the event. */
export function codeUnlocksAny(tiers: readonly TierView[], code: string): boolean {
  const typed = code.trim();
  return typed !== '' && tiers.some((t) => t.visibility === 'access_code' && t.access_code === typed);
}

/** Events a customer can buy for now: published and on sale, soonest doors first. */
export function kioskEvents(events: readonly EventView[], now: number): EventView[] {
  return events
    .filter((e) => e.status === 'published' && Date.parse(e.on_sale_at) <= now)
    .sort((a, b) => Date.parse(a.doors_at) - Date.parse(b.doors_at));
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The buyer a card order needs (the server requires name and email for card payments). */
export function kioskBuyer(
  name: string,
  email: string,
): { buyer: { name: string; email: string } | null; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const cleanEmail = email.trim();
  if (!emailPattern.test(cleanEmail))
    problems['buyer.email'] = 'Enter your email: the card payment needs it for the receipt.';
  // A name is optional for the customer; the order still needs one, so an honest placeholder goes in.
  const cleanName = name.trim() || 'Kiosk guest';
  return { buyer: problems['buyer.email'] ? null : { name: cleanName, email: cleanEmail }, problems };
}
