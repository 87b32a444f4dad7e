import { ApiError } from '../errors.js';
import type { OccupancyView, OrderAdmissionsView } from '../schemas/scans.js';
import type { ScanTicketRow, ScanTicketsRepo } from '../store/scan-tickets-repo.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { DevicesService } from './devices.js';

/** The monitor and the doors warn from 90 % of capacity and alarm from 100 %. */
export const warnAtShare = 0.9;

export function occupancyView(inside: number, capacity: number | null): OccupancyView {
  const level =
    capacity === null
      ? 'ok'
      : inside >= capacity
        ? 'full'
        : inside >= capacity * warnAtShare
          ? 'warning'
          : 'ok';
  return { inside, capacity, level };
}

/**
 * How many of the order's tickets can still get in, and how many of those are inside: counters
 * on the order's row (migration 014), so a door answer costs one row read even for a
 * 20,000-ticket comp order. An order the store does not know has none.
 * The counters are the buyer's group (020): a ticket that reached the order by a transfer belongs
 * to its recipient, who comes alone, so its answer names that ticket only and a door offers no
 * "admit the other N" for it.
 */
export function orderAdmissions(
  tickets: ScanTicketsRepo,
  ticket: Pick<ScanTicketRow, 'order_id' | 'transferred_from' | 'status' | 'inside'>,
): OrderAdmissionsView {
  if (ticket.transferred_from !== null) {
    const active = ticket.status === 'active';
    return { id: ticket.order_id, tickets: active ? 1 : 0, admitted: active && ticket.inside === 1 ? 1 : 0 };
  }
  return buyersAdmissions(tickets, ticket.order_id);
}

/** The buyer's group of the order: its own tickets, not those transferred in to someone else. */
export function buyersAdmissions(tickets: ScanTicketsRepo, orderId: string): OrderAdmissionsView {
  const row = tickets.admissions(orderId);
  return { id: orderId, tickets: row?.tickets_active ?? 0, admitted: row?.tickets_admitted ?? 0 };
}

/**
 * Lookup, manual check-in, the door pack and the scan list are for the event's own doors
 * (CONTRACT.md "At the door": "a scanner of that event"): a door paired to another event is
 * refused, so one night's door cannot browse another night's guest list (the pack carries the
 * guests' names) or scans. A scanner key with no event, box_office and admin may act for any event.
 */
export function requireDoorOf(
  devices: DevicesService,
  caller: ApiKeyRecord | null,
  deviceId: string | undefined,
  eventId: string,
): { id: string; event_id: string | null } | null {
  const device = devices.resolve(caller, deviceId);
  refuseOtherEventsDoor(caller, device, eventId);
  return device;
}

/** `requireDoorOf` for a scan whose device is already resolved: a door acts for its own event. */
export function refuseOtherEventsDoor(
  caller: ApiKeyRecord | null,
  device: { event_id: string | null } | null,
  eventId: string,
): void {
  if (caller?.scope === 'scanner' && device?.event_id && device.event_id !== eventId) {
    throw new ApiError(
      403,
      'insufficient_scope',
      `This door is paired to event ${device.event_id}; it may read and check in only that event's tickets and guests, not ${eventId}'s.`,
    );
  }
}
