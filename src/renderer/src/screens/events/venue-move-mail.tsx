import { useEffect, useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { unwrap } from '../../api/client.js';
import type { OrderView } from '../../api/types.js';
import {
  venueButtonWords,
  venueMailTargets,
  venueMoveKey,
  venueNoEmailWords,
  type VenueMailTargets,
  type VenueMove,
} from '../../lib/venue-moved-mail.js';
import { requireClient } from '../../stores/session-store.js';
import { ResendButtons, ResendStatus, useResendSending } from './resend-sending.js';

/** Pages of 100: a show of 10 000 orders is read in 100 requests, and no list loops for ever. */
const maxPages = 1_000;

/** Every order of the event (GET /v2/orders?event_id=…, page after page). */
async function readEventOrders(eventId: string): Promise<OrderView[]> {
  const orders: OrderView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const list = await unwrap(
      requireClient().GET('/v2/orders', {
        params: { query: { event_id: eventId, limit: 100, ...(cursor ? { cursor } : {}) } },
      }),
    );
    orders.push(...list.data);
    if (!list.has_more || !list.next_cursor) break;
    cursor = list.next_cursor;
  }
  return orders;
}

/** Venue changes saved on this till, per event, kept while the app runs (the page may be left). */
const moves = new Map<string, VenueMove & { sent: Set<string> }>();

export function rememberVenueMove(eventId: string, venue: string, now: Date = new Date()): void {
  moves.set(eventId, { venue, savedAt: now.toISOString(), sent: new Set() });
}

/** When this till last saved a venue change of the event (null: not since the app started). */
export const venueMoveSavedAt = (eventId: string): string | null => moves.get(eventId)?.savedAt ?? null;

/**
 * After the venue of an event is changed and saved on this till: offer to mail each order's
 * confirmation again (it names the event's venue as it is now), one at a time with an
 * Idempotency-Key per order and change, and name the orders with no email apart. Says nothing
 * when no order has an email.
 */
export function VenueMoveMail({ eventId }: { eventId: string }) {
  const move = moves.get(eventId);
  const [targets, setTargets] = useState<VenueMailTargets | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const run = useResendSending();

  useEffect(() => {
    if (!move) return;
    let live = true;
    readEventOrders(eventId).then(
      (orders) => live && setTargets(venueMailTargets(orders)),
      (err: unknown) => live && setReadError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [eventId, move]);

  if (!move) return null;
  if (readError) {
    return (
      <p className="form-error" role="alert">
        Could not read the event&apos;s orders to send the new venue to: {readError}
      </p>
    );
  }
  if (targets === null || targets.mail.length === 0) return null;
  for (const id of run.outcome?.queued ?? []) move.sent.add(id);
  const left = targets.mail.filter((t) => !move.sent.has(t.id));
  if (left.length === 0 && run.outcome === null) return null;
  const notSent = run.outcome?.notSent ?? [];
  const noEmail = venueNoEmailWords(targets.noEmail);

  return (
    <div className="form-warning" data-testid="venue-move-mail">
      <p>The venue is now {move.venue}: the tickets already mailed or printed name the old one.</p>
      <ResendButtons
        run={run}
        retry={left.filter((t) => notSent.includes(t.id))}
        fresh={left.filter((t) => !notSent.includes(t.id))}
        freshWords={venueButtonWords(left.filter((t) => !notSent.includes(t.id)).length)}
        keyOf={(target) => venueMoveKey(eventId, move, target.id)}
      />
      {run.outcome !== null && left.length === 0 ? (
        <p data-testid="venue-all-sent">Every order with an email address has been sent the new venue.</p>
      ) : null}
      {noEmail !== null ? <p data-testid="venue-no-email">{noEmail}</p> : null}
      <ResendStatus run={run} />
    </div>
  );
}
