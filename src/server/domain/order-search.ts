import { notFound } from '../errors.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrderSearch } from '../store/orders-repo.js';
import type { ShiftsRepo } from '../store/shifts-repo.js';

/**
 * The ids an order search names must exist: an unknown event or shift is 404 `resource_missing`
 * naming the filter, not an empty list that reads as "nothing was sold". The list and its CSV
 * export (exports.ts) check the same way.
 */
export function requireSearchTargets(
  search: OrderSearch,
  repos: { events: EventsRepo; shifts: ShiftsRepo },
): void {
  if (search.eventId !== undefined && !repos.events.find(search.eventId))
    throw notFound('event', search.eventId, 'event_id');
  if (search.shiftId !== undefined && !repos.shifts.find(search.shiftId))
    throw notFound('shift', search.shiftId, 'shift_id');
}
