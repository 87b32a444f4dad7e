/**
 * Checking a guest in by hand at the box office, through the till's typed API client (the door
 * does the same through the SDK, stores/door-desk.ts). Plain calls: the panel keeps its own state.
 */
import { unwrap } from '../api/client.js';
import type { Answer } from '../api/types.js';
import { newIdempotencyKey } from '../lib/idempotency.js';
import { requireClient } from './session-store.js';

export type FoundTicket = Answer<'/v2/scan/lookup', 'get'>['data'][number];
export type CheckInAnswer = Answer<'/v2/tickets/{id}/check_in', 'post'>;
export type OrderCheckInAnswer = Answer<'/v2/orders/{id}/check_in', 'post'>;

/** Up to 10 of the event's tickets whose attendee name contains `q`, or whose order id starts with it. */
export function findTickets(eventId: string, q: string) {
  return unwrap(
    requireClient().GET('/v2/scan/lookup', { params: { query: { event_id: eventId, q: q.trim() } } }),
  );
}

/** Admits one ticket without its code; a refusal (already inside, voided) is an answer, not a throw. */
export function checkInTicket(ticketId: string, reason: string): Promise<CheckInAnswer> {
  return unwrap(
    requireClient().POST('/v2/tickets/{id}/check_in', {
      params: { path: { id: ticketId }, header: { 'Idempotency-Key': newIdempotencyKey() } },
      body: { reason: reason.trim() },
    }),
  );
}

/** Admits every active ticket of the order that is not inside yet, with the same reason. */
export function checkInOrder(orderId: string, reason: string): Promise<OrderCheckInAnswer> {
  return unwrap(
    requireClient().POST('/v2/orders/{id}/check_in', {
      params: { path: { id: orderId }, header: { 'Idempotency-Key': newIdempotencyKey() } },
      body: { reason: reason.trim() },
    }),
  );
}

export type FoundTickets = Awaited<ReturnType<typeof findTickets>>;
