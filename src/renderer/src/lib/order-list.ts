import { venueTimeZone } from '../../../shared/business-day.js';
import type { EventView, OrderView, PaymentMethod } from '../api/types.js';
import { tillTimeZone, wallTimeToIso } from './zoned-time.js';

/** What the Orders screen narrows the list to; '' means "any". */
export interface OrderFilters {
  eventId: string;
  /** A calendar day on the venue's clock (`ordersTimeZone`), `YYYY-MM-DD` as a date input gives it. */
  day: string;
  paymentMethod: PaymentMethod | '';
  /** The orders of one till shift (the Shift screen's "This shift's orders"). */
  shiftId: string;
}

export const noFilters: OrderFilters = { eventId: '', day: '', paymentMethod: '', shiftId: '' };

/**
 * The day as a half-open range of moments, [midnight, next midnight), on `zone`'s clock (the
 * till's when none is given); null when none or malformed. The next midnight, not +24 h: a day
 * with a clock change is 23 or 25 hours long.
 */
export function dayRange(day: string, zone?: string): { created_gte: string; created_lt: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(Date.UTC(year, month, date));
  if (start.getUTCMonth() !== month) return null;
  const next = new Date(Date.UTC(year, month, date + 1)).toISOString().slice(0, 10);
  const from = dayStart(day, zone);
  const to = dayStart(next, zone);
  return from && to ? { created_gte: from, created_lt: to } : null;
}

/** The first moment of `day` (YYYY-MM-DD) on the zone's clock; where midnight is skipped, 01:00. */
function dayStart(day: string, zone: string = tillTimeZone()): string | null {
  for (const time of ['00:00', '01:00']) {
    const reading = wallTimeToIso(`${day}T${time}`, zone);
    if ('iso' in reading) return reading.iso;
  }
  return null;
}

/**
 * The clock the Orders screen reads days and times on: the venue's (`venue_timezone`, Settings ›
 * Venue), whatever event is chosen. An order's time is when the sale happened at this venue's
 * till, as the Z report, Takings and Past shifts read it: a Berlin venue's 23:30 sale for a New
 * York show is 23:30, not 17:30, and picking that show must not move "Saturday" to New York's.
 * (The show's own start time stays in its zone wherever it is shown.) Until the settings are
 * read, the zone all the events share, else the till's, as `useVenueTimeZone` falls back.
 */
export function ordersTimeZone(
  venueZone: string | null | undefined,
  events: readonly Pick<EventView, 'timezone'>[],
  tillZone: string = tillTimeZone(),
): string {
  if (venueZone) return venueZone;
  return venueTimeZone(
    events.map((event) => event.timezone),
    tillZone,
  );
}

/** GET /v2/orders query parameters for the filters and the search box's text; the day on `zone`'s clock. */
export function ordersQuery(filters: OrderFilters, q: string, zone?: string): Record<string, string> {
  return {
    ...(q ? { q } : {}),
    ...(filters.eventId ? { event_id: filters.eventId } : {}),
    ...(filters.paymentMethod ? { payment_method: filters.paymentMethod } : {}),
    ...(filters.shiftId ? { shift_id: filters.shiftId } : {}),
    ...(dayRange(filters.day, zone) ?? {}),
  };
}

/**
 * Folds the latest page (newest first) into the list shown (newest first): orders not shown yet
 * go on top in the page's order, orders already shown are replaced by their fresh copy (a refund
 * made at another till). `gap` is true when every order of the page is new: more may have been
 * sold than one page holds, so the caller must load the list again rather than show a hole.
 * `changed` is false when nothing differs, so a quiet evening does not redraw the list each second.
 */
export function mergeNewest(
  shown: readonly OrderView[],
  latest: readonly OrderView[],
): { list: OrderView[]; added: number; gap: boolean; changed: boolean } {
  const fresh = new Map(latest.map((order) => [order.id, order]));
  const known = new Set(shown.map((order) => order.id));
  const added = latest.filter((order) => !known.has(order.id));
  let changed = added.length > 0;
  const kept = shown.map((order) => {
    const update = fresh.get(order.id);
    if (!update || JSON.stringify(update) === JSON.stringify(order)) return order;
    changed = true;
    return update;
  });
  const gap = shown.length > 0 && latest.length > 0 && added.length === latest.length;
  return { list: [...added, ...kept], added: added.length, gap, changed };
}
