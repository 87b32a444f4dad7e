/**
 * What the read benches (reports.ts, door-lookup.ts) seed their store with: an event made through
 * the API, then orders, tickets and attendees written with SQL (a checkout per order would take
 * minutes). One writer for both, so their rows keep the same shape and figures stay comparable.
 */
import { randomBytes } from 'node:crypto';
import type { buildApp } from '../src/server/app.js';
import { newId } from '../src/server/ids.js';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface BenchEvent {
  eventId: string;
  /** In the order the event lists them. */
  tierIds: string[];
}

/** Creates `event` (the body of `POST /v2/events`) as admin, published when asked. */
export async function createBenchEvent(
  app: App,
  adminKey: string,
  event: Record<string, unknown>,
  options: { publish?: boolean } = {},
): Promise<BenchEvent> {
  const auth = { authorization: `Bearer ${adminKey}` };
  const created = await app.inject({
    method: 'POST',
    url: '/v2/events',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify(event),
  });
  const eventId = (created.json() as { id: string }).id;
  if (options.publish)
    await app.inject({ method: 'POST', url: `/v2/events/${eventId}/publish`, headers: auth });
  const tierIds = app.ctx.db
    .prepare('SELECT id FROM tiers WHERE event_id = ? ORDER BY seq')
    .pluck()
    .all(eventId) as string[];
  return { eventId, tierIds };
}

export interface SeedOrder {
  eventId: string;
  status: 'paid' | 'partially_refunded';
  buyerName: string;
  buyerEmail: string;
  totalCents: number;
  refundedCents: number;
  paymentMethod: 'card' | 'cash' | 'external' | 'comp';
  channel: string;
  at: number;
}

export interface SeedTicket {
  orderId: string;
  eventId: string;
  tierId: string;
  /** The attendee's. */
  name: string;
  email: string;
  status: 'active' | 'voided';
  /** 1: scanned in once and still inside. */
  inside: 0 | 1;
  priceCents: number;
  at: number;
}

/** Prepared inserts over the app's store; call them inside one `db.transaction`. */
export function storeSeeder(app: App) {
  const { db } = app.ctx;
  const insertOrder = db.prepare(
    `INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, refunded_cents, currency,
       payment_method, channel, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?)`,
  );
  const insertAttendee = db.prepare(
    'INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertTicket = db.prepare(
    `INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, inside, price_cents,
       wallet_secret, issued_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    /** Writes the order and returns its new id. */
    order(o: SeedOrder): string {
      const id = newId('order');
      insertOrder.run(
        id,
        o.eventId,
        o.status,
        o.buyerName,
        o.buyerEmail,
        o.totalCents,
        o.refundedCents,
        o.paymentMethod,
        o.channel,
        o.at,
        o.at,
      );
      return id;
    },
    /** A ticket and its attendee. */
    ticket(t: SeedTicket): void {
      const ticketId = newId('ticket');
      const attendeeId = newId('attendee');
      insertAttendee.run(attendeeId, t.eventId, t.orderId, ticketId, t.name, t.email, t.at, t.at);
      insertTicket.run(
        ticketId,
        t.orderId,
        t.eventId,
        t.tierId,
        attendeeId,
        t.status,
        t.inside,
        t.inside,
        t.priceCents,
        `w${randomBytes(12).toString('hex')}`,
        t.at,
        t.at,
      );
    },
  };
}
