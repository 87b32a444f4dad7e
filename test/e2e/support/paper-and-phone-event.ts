import type { VenueServer } from './venue-server.js';

export interface PaperAndPhoneEvent {
  eventId: string;
  /** The id of the tier named `Stalls` (paper pass) or `Balcony` (phone only). */
  tierId(name: string): string;
}

/**
 * A published event with one tier whose tickets print (Stalls, $20) and one phone-only tier
 * (Balcony, $10, `paper_pass: false`): what the tests of mailed and printed passes tell apart.
 */
export async function paperAndPhoneEvent(
  server: VenueServer,
  event: { title: string; doors_at: string; timezone: string },
): Promise<PaperAndPhoneEvent> {
  const { id } = await server.api<{ id: string }>('POST', '/v2/events', {
    ...event,
    venue: 'Main hall',
    tickets: [
      { name: 'Stalls', price_cents: 2000 },
      { name: 'Balcony', price_cents: 1000, paper_pass: false },
    ],
  });
  await server.api('POST', `/v2/events/${id}/publish`);
  const tiers = await server.api<{ data: { id: string; name: string }[] }>('GET', `/v2/events/${id}/tiers`);
  return { eventId: id, tierId: (name) => tiers.data.find((tier) => tier.name === name)!.id };
}

export interface NightNextYear extends PaperAndPhoneEvent {
  /** Next year, in which the doors stand: a test moves them within it, whatever today is. */
  year: number;
  /** One ticket of `tier` sold for cash to a guest mailed at `email` (null: a walk-in with none). */
  sell(email: string | null, tier?: 'Stalls' | 'Balcony'): Promise<{ id: string; tickets: { id: string }[] }>;
}

/**
 * A paper-and-phone event (above) on UTC, its doors at 19:00 on the 10th of `month` next year,
 * and a way to sell it to named guests: how the tests of mailing orders again set up their night.
 */
export async function paperAndPhoneNightNextYear(
  server: VenueServer,
  title: string,
  month: string,
): Promise<NightNextYear> {
  const year = new Date().getUTCFullYear() + 1;
  const event = await paperAndPhoneEvent(server, {
    title,
    doors_at: `${year}-${month}-10T19:00:00.000Z`,
    timezone: 'UTC',
  });
  const sell: NightNextYear['sell'] = (email, tier = 'Stalls') =>
    server.api('POST', '/v2/orders', {
      event_id: event.eventId,
      items: [{ tier_id: event.tierId(tier), quantity: 1 }],
      ...(email ? { buyer: { name: 'Guest', email } } : {}),
      payment_method: 'cash',
    });
  return { ...event, year, sell };
}
