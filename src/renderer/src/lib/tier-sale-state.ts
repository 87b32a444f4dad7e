import type { EventView, TierView } from '../api/types.js';

export type SaleStateKind =
  'on_sale' | 'sold_out' | 'not_yet' | 'ended' | 'event_draft' | 'event_cancelled' | 'event_not_yet';

export interface TierSaleState {
  kind: SaleStateKind;
  /** Short label for the tile: "On sale", "Sold out", "Opens 24 Dec 19:00". */
  label: string;
  sellable: boolean;
  remaining: number;
  /** Largest quantity one order may take now: min(max_per_order, remaining), 0 when not sellable. */
  maxQuantity: number;
}

type TierFields = Pick<TierView, 'quantity' | 'sold' | 'sale_starts_at' | 'sale_ends_at' | 'max_per_order'>;
type EventFields = Pick<EventView, 'status' | 'on_sale_at'>;

const shortTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Where a tier stands at the till at `now`, in the order the server's checkout checks it (event,
 * then window, then stock), so a tile that looks sellable is one the server will sell.
 */
export function tierSaleState(tier: TierFields, event: EventFields, now: number): TierSaleState {
  const remaining = Math.max(0, tier.quantity - tier.sold);
  const closed = (kind: SaleStateKind, label: string): TierSaleState => ({
    kind,
    label,
    sellable: false,
    remaining,
    maxQuantity: 0,
  });
  if (event.status === 'draft') return closed('event_draft', 'Event not published');
  if (event.status === 'cancelled') return closed('event_cancelled', 'Event cancelled');
  if (now < Date.parse(event.on_sale_at))
    return closed('event_not_yet', `Event on sale ${shortTime(event.on_sale_at)}`);
  if (tier.sale_starts_at !== null && now < Date.parse(tier.sale_starts_at)) {
    return closed('not_yet', `Opens ${shortTime(tier.sale_starts_at)}`);
  }
  if (tier.sale_ends_at !== null && now >= Date.parse(tier.sale_ends_at))
    return closed('ended', 'Sales closed');
  if (remaining === 0) return closed('sold_out', 'Sold out');
  return {
    kind: 'on_sale',
    label: 'On sale',
    sellable: true,
    remaining,
    maxQuantity: Math.min(tier.max_per_order, remaining),
  };
}
