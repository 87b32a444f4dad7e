import {
  eventSaleState,
  remaining,
  tierSaleState as sharedTierSaleState,
} from '../../../shared/sale-state.js';
import type { EventView, TierView } from '../api/types.js';
import { formatEventTime, tillTimeZone } from './zoned-time.js';

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
type EventFields = Pick<EventView, 'status' | 'on_sale_at' | 'timezone'>;

/**
 * Where a tier stands at the till at `now`, by the server's own rule (src/shared/sale-state.ts:
 * event, then window, then stock), so a tile that looks sellable is one the server will sell.
 * This adds only the words and the quantity limit.
 */
export function tierSaleState(
  tier: TierFields,
  event: EventFields,
  now: number,
  tillZone: string = tillTimeZone(),
): TierSaleState {
  const left = remaining(tier);
  // On the event's clock, as the rest of the box office shows its times: a till in another zone
  // (a laptop set to UTC, a promoter abroad) gets the zone's short name beside it.
  const shortTime = (iso: string) => formatEventTime(iso, event.timezone, tillZone, 'short');
  const closed = (kind: SaleStateKind, label: string): TierSaleState => ({
    kind,
    label,
    sellable: false,
    remaining: left,
    maxQuantity: 0,
  });
  const eventState = eventSaleState({ status: event.status, on_sale_at: Date.parse(event.on_sale_at) }, now);
  if (eventState === 'draft') return closed('event_draft', 'Event not published');
  if (eventState === 'cancelled') return closed('event_cancelled', 'Event cancelled');
  if (eventState === 'not_yet')
    return closed('event_not_yet', `Event on sale ${shortTime(event.on_sale_at)}`);
  const state = sharedTierSaleState(
    {
      quantity: tier.quantity,
      sold: tier.sold,
      sale_starts_at: parseOrNull(tier.sale_starts_at),
      sale_ends_at: parseOrNull(tier.sale_ends_at),
    },
    now,
  );
  if (state === 'not_yet') return closed('not_yet', `Opens ${shortTime(tier.sale_starts_at ?? '')}`);
  if (state === 'ended') return closed('ended', 'Sales closed');
  if (state === 'sold_out') return closed('sold_out', 'Sold out');
  return {
    kind: 'on_sale',
    label: 'On sale',
    sellable: true,
    remaining: left,
    maxQuantity: Math.min(tier.max_per_order, left),
  };
}

const parseOrNull = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));
