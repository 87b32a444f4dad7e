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
