/**
 * Whether a tier can be sold at `now`: one rule for the server's checkout, the offer and event
 * page, and every screen that shows a tile or a table of tiers, so nothing on screen says "On
 * sale" where a checkout would be refused. Plain data in (times as epoch ms; the UI parses its
 * ISO strings first), and the clock is the caller's.
 */

export type EventSaleState = 'on_sale' | 'draft' | 'cancelled' | 'not_yet';
export type TierSaleState = 'on_sale' | 'not_yet' | 'ended' | 'sold_out';

export interface EventSaleFields {
  status: 'draft' | 'published' | 'cancelled';
  on_sale_at: number;
}

export interface SaleWindow {
  sale_starts_at: number | null;
  sale_ends_at: number | null;
}

export interface TierStockFields extends SaleWindow {
  quantity: number;
  sold: number;
}

/**
 * A show is over once its doors opened more than this long ago (the evening's grace; the box
 * office's event season and the attendee's event page both go by it). A till may still record a
 * late sale, but nobody should read "On sale" for it.
 */
export const showOverAfterMs = 12 * 60 * 60 * 1000;

export const isShowOver = (doorsAt: number, now: number): boolean => doorsAt + showOverAfterMs < now;

/** The event comes first: a draft or cancelled event sells nothing, nor one before its on-sale time. */
export function eventSaleState(event: EventSaleFields, now: number): EventSaleState {
  if (event.status === 'draft') return 'draft';
  if (event.status === 'cancelled') return 'cancelled';
  return now < event.on_sale_at ? 'not_yet' : 'on_sale';
}

/** The tier's own window: open from `sale_starts_at` (inclusive) to `sale_ends_at` (exclusive). */
export function saleWindowState(tier: SaleWindow, now: number): 'not_yet' | 'open' | 'ended' {
  if (tier.sale_starts_at !== null && now < tier.sale_starts_at) return 'not_yet';
  if (tier.sale_ends_at !== null && now >= tier.sale_ends_at) return 'ended';
  return 'open';
}

/** Tickets left to sell (never below 0, even if a quantity was lowered under what is sold). */
export function remaining(tier: Pick<TierStockFields, 'quantity' | 'sold'>): number {
  return Math.max(0, tier.quantity - tier.sold);
}

/** Where a tier stands for a buyer at `now`: its window first, then its stock. */
export function tierSaleState(tier: TierStockFields, now: number): TierSaleState {
  const window = saleWindowState(tier, now);
  if (window !== 'open') return window;
  return remaining(tier) === 0 ? 'sold_out' : 'on_sale';
}
