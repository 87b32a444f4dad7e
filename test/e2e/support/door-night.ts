import type { VenueServer } from './venue-server.js';

export interface SoldTicket {
  id: string;
  order_id: string;
  qr_token: string;
  paper_pass: string | null;
}

export interface DoorNight {
  eventId: string;
  tierIds: Record<string, string>;
  /** Sells `quantity` tickets of `tier` to `guest` (one order); its tickets, in order. */
  sell(tier: string, guest: string, quantity?: number): Promise<SoldTicket[]>;
  /** A one-time door-scanner pairing code (the QR's text) for this event. */
  pairingCode(): Promise<string>;
}

/** A published event with the named tiers, tonight, as the door will see it. */
export async function doorNight(
  server: VenueServer,
  tiers: readonly string[],
  extra: { title?: string; capacity?: number } = {},
): Promise<DoorNight> {
  const doorsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: extra.title ?? 'Door Night',
    venue: 'Main hall',
    doors_at: doorsAt,
    ...(extra.capacity === undefined ? {} : { capacity: extra.capacity }),
    tickets: tiers.map((name) => ({ name, price_cents: 2000, quantity: 50 })),
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const list = await server.api<{ data: { id: string; name: string }[] }>(
    'GET',
    `/v2/events/${event.id}/tiers`,
  );
  const tierIds = Object.fromEntries(list.data.map((t) => [t.name, t.id]));
  return {
    eventId: event.id,
    tierIds,
    async sell(tier, guest, quantity = 1) {
      const attendees = Array.from({ length: quantity }, (_, i) => ({
        name: i === 0 ? guest : `${guest} +${i}`,
        email: `guest${i}@example.com`,
      }));
      const order = await server.api<{ id: string; tickets: Omit<SoldTicket, 'order_id'>[] }>(
        'POST',
        '/v2/orders',
        {
          event_id: event.id,
          items: [{ tier_id: tierIds[tier], quantity }],
          buyer: { name: guest, email: 'guest0@example.com' },
          attendees,
          payment_method: 'cash',
        },
      );
      return order.tickets.map((t) => ({ ...t, order_id: order.id }));
    },
    async pairingCode() {
      return (await server.api<{ qr: string }>('POST', '/v2/devices/pairing', { event_id: event.id })).qr;
    },
  };
}
