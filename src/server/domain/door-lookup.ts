import { ApiError, invalidField, notFound } from '../errors.js';
import {
  lookupMaxResults,
  lookupMinQueryLength,
  type LookupAnswerView,
  type LookupQueryInput,
} from '../schemas/check-in-by-hand.js';
import type { EventOccupancyView } from '../schemas/scans.js';
import type { DoorLookupRepo } from '../store/door-lookup-repo.js';
import type { AttendeeNames } from './attendee-names.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { DevicesService } from './devices.js';
import { occupancyView, requireDoorOf } from './door-rules.js';
import type { TierNames } from './tier-names.js';

export interface DoorLookupDeps {
  repo: DoorLookupRepo;
  names: AttendeeNames;
  tickets: ScanTicketsRepo;
  events: EventsRepo;
  devices: DevicesService;
  tierNames: TierNames;
}

const orderIdPrefix = /^ord_/i;

/** Finding a guest without their code, and how full the event is (doors and the monitor). */
export class DoorLookupService {
  constructor(private readonly deps: DoorLookupDeps) {}

  lookup(query: LookupQueryInput, caller: ApiKeyRecord | null): LookupAnswerView {
    const { repo, tierNames } = this.deps;
    const eventId = this.doorEvent(query.event_id, caller);
    const q = query.q.trim();
    if (q.length < lookupMinQueryLength)
      throw invalidField(
        'q',
        `Type at least ${lookupMinQueryLength} characters of the name or order id (got ${q.length}); a shorter search would list most of the guest list.`,
      );
    const rows = orderIdPrefix.test(q)
      ? repo.byOrderPrefix(eventId, `ord_${q.slice(4)}`, lookupMaxResults + 1)
      : this.deps.names
          .search(eventId, q, lookupMaxResults + 1)
          .map((ticketId) => repo.byTicket(ticketId))
          .filter((row) => row !== undefined);
    return {
      object: 'list',
      data: rows
        .slice(0, lookupMaxResults)
        .map(([ticketId, orderId, name, tierId, status, inside, scans]) => ({
          ticket_id: ticketId,
          order_id: orderId,
          attendee_name: name,
          tier_name: tierNames.name(tierId),
          status,
          scanned: inside === 1,
          scan_count: scans,
        })),
      has_more: rows.length > lookupMaxResults,
      next_cursor: null,
    };
  }

  occupancy(eventIdParam: string | undefined, caller: ApiKeyRecord | null): EventOccupancyView {
    const eventId = this.doorEvent(eventIdParam, caller);
    const { inside, capacity } = this.deps.tickets.occupancy(eventId) ?? { inside: 0, capacity: null };
    // Read together with the figures (one synchronous step): a reader that also follows the scan
    // feed knows which scans these figures already count.
    const { admitted, manual, rotating, paper } = this.deps.repo.admissions(eventId);
    const lastScanId = this.deps.repo.lastScanId(eventId);
    return {
      event_id: eventId,
      ...occupancyView(inside, capacity),
      admitted,
      manual,
      rotating,
      paper,
      last_scan_id: lastScanId,
    };
  }

  /** The event asked for, else the calling door's; a door of another event is refused. */
  private doorEvent(eventIdParam: string | undefined, caller: ApiKeyRecord | null): string {
    const { devices, events } = this.deps;
    const eventId = eventIdParam ?? devices.resolve(caller, undefined)?.event_id;
    if (eventId === undefined || eventId === null)
      throw new ApiError(
        400,
        'missing_field',
        'event_id is required unless the calling device was paired to an event.',
        'event_id',
      );
    if (!events.find(eventId)) throw notFound('event', eventId, 'event_id');
    requireDoorOf(devices, caller, undefined, eventId);
    return eventId;
  }
}
