import type { OrderView, PaymentMethod } from '../api/types.js';

/** What the Orders screen narrows the list to; '' means "any". */
export interface OrderFilters {
  eventId: string;
  /** A local calendar day, `YYYY-MM-DD` as a date input gives it. */
  day: string;
  paymentMethod: PaymentMethod | '';
  /** The orders of one till shift (the Shift screen's "This shift's orders"). */
  shiftId: string;
}

export const noFilters: OrderFilters = { eventId: '', day: '', paymentMethod: '', shiftId: '' };

/** The local day as a half-open range of moments, [midnight, next midnight); null when none or malformed. */
export function dayRange(day: string): { created_gte: string; created_lt: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  if (start.getMonth() !== month) return null;
  // The next midnight, not +24 h: a day with a clock change is 23 or 25 hours long.
  const end = new Date(year, month, date + 1);
  return { created_gte: start.toISOString(), created_lt: end.toISOString() };
}

/** GET /v2/orders query parameters for the filters and the search box's text. */
export function ordersQuery(filters: OrderFilters, q: string): Record<string, string> {
  return {
    ...(q ? { q } : {}),
    ...(filters.eventId ? { event_id: filters.eventId } : {}),
    ...(filters.paymentMethod ? { payment_method: filters.paymentMethod } : {}),
    ...(filters.shiftId ? { shift_id: filters.shiftId } : {}),
    ...(dayRange(filters.day) ?? {}),
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
