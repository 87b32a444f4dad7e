import { unwrap, type MarqueeClient } from '../../src/renderer/src/api/client.js';
import { useEvents } from '../../src/renderer/src/stores/events-store.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';

/** The most the till's sale store is told it may sell in one sale, as the Sell screen says. */
export const tillMaxQuantity = 10;

/**
 * A sale brought to payment in the till's stores against the real server: `office` makes and
 * publishes an event of one 25.00 GA tier (`stock` of them, in `currency`, else the server's default), the till loads it, chooses the tier,
 * `quantity` of them when given (else the store's own one) and is handed `tendered` euros in cash.
 * `complete` presses Complete sale; `sold` is what the office then finds sold for the event.
 */
export async function tillAtPayment(
  office: () => MarqueeClient,
  sale: { title: string; stock: number; quantity?: number; tendered: string; currency?: string },
) {
  const made = await unwrap(
    office().POST('/v2/events', {
      body: {
        title: sale.title,
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        ...(sale.currency === undefined ? {} : { currency: sale.currency }),
        tickets: [{ name: 'GA', price_cents: 2500, quantity: sale.stock }],
      },
    }),
  );
  await unwrap(office().POST('/v2/events/{id}/publish', { params: { path: { id: made.id } } }));
  await useEvents.getState().loadEvents();
  await useEvents.getState().loadTiers(made.id);
  const tier = useEvents.getState().tiers[made.id]!.data![0]!;
  const till = useSale.getState();
  till.chooseEvent(made.id);
  till.chooseTier(tier.id);
  if (sale.quantity !== undefined) till.typeQuantity(String(sale.quantity), tillMaxQuantity);
  till.confirmQuantity(tillMaxQuantity);
  till.setTendered(sale.tendered);
  const event = useEvents.getState().events.data!.find((e) => e.id === made.id)!;
  return {
    event,
    tier,
    complete: () => useSale.getState().submit(event, tier, tillMaxQuantity),
    sold: async () =>
      (await unwrap(office().GET('/v2/orders', { params: { query: { event_id: made.id } } }))).data,
  };
}
