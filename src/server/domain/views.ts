import { serverTimeZone } from '../../shared/attendee-time.js';
import type { EventView } from '../schemas/events.js';
import type { TierView } from '../schemas/tiers.js';
import type { EventRow } from '../store/events-repo.js';
import type { TierRow } from '../store/tiers-repo.js';
import { isoOrNull, toIso } from '../time.js';
import type { PublicUrls } from './public-urls.js';

export function viewEvent(row: EventRow, urls: PublicUrls): EventView {
  return {
    id: row.id,
    title: row.title,
    venue: row.venue,
    doors_at: toIso(row.doors_at),
    on_sale_at: toIso(row.on_sale_at),
    status: row.status,
    url: urls.eventPage(row.id),
    currency: row.currency,
    timezone: eventTimeZone(row),
    capacity: row.capacity,
    created_at: toIso(row.created_at),
  };
}

/** The zone attendees read this event's times in: its own, or the server's for an older event. */
export function eventTimeZone(row: Pick<EventRow, 'timezone'>): string {
  return row.timezone ?? serverTimeZone();
}

export function viewTier(row: TierRow): TierView {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    price_cents: row.price_cents,
    currency: row.currency,
    quantity: row.quantity,
    sold: row.sold,
    comps: row.comps,
    voided: row.voided,
    sale_starts_at: isoOrNull(row.sale_starts_at),
    sale_ends_at: isoOrNull(row.sale_ends_at),
    max_per_order: row.max_per_order,
    visibility: row.visibility,
    access_code: row.access_code,
    paper_pass: row.paper_pass === 1,
    created_at: toIso(row.created_at),
  };
}
