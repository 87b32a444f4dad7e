import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutBody } from '../../src/renderer/src/api/types.js';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import { useEvents } from '../../src/renderer/src/stores/events-store.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

// The till's sale store against the real server: carts sent under one Idempotency-Key whose
// answers were lost (the till's Wi-Fi), then the cart changed and completed again.
let served: ServedTestApp;
const office = () => makeClient(served.url, adminSecret);

beforeAll(async () => {
  served = await serveTestApp();
});
afterAll(async () => served.close());
beforeEach(async () => {
  useSession.getState().signOut();
  useSession.getState().setBaseUrl(served.url);
  await useSession.getState().signIn(adminSecret, 'login');
});

/** An event with `stock` GA on sale, loaded by the till, with one GA for cash ready to complete. */
async function tillSellingOne(title: string, stock: number) {
  const event = await unwrap(
    office().POST('/v2/events', {
      body: {
        title,
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        tickets: [{ name: 'GA', price_cents: 2500, quantity: stock }],
      },
    }),
  );
  await unwrap(office().POST('/v2/events/{id}/publish', { params: { path: { id: event.id } } }));
  await useEvents.getState().loadEvents();
  await useEvents.getState().loadTiers(event.id);
  const tier = useEvents.getState().tiers[event.id]!.data![0]!;
  const sale = useSale.getState();
  sale.chooseEvent(event.id);
  sale.chooseTier(tier.id);
  sale.confirmQuantity(10);
  sale.setTendered('100');
  const cart = (quantity: number): CheckoutBody => ({
    event_id: event.id,
    items: [{ tier_id: tier.id, quantity }],
    payment_method: 'cash',
    channel: 'till',
    expected_total_cents: 2500 * quantity,
  });
  /** What reached the server under `key` before its answer was lost. */
  const reached = (key: string, quantity: number) =>
    office()
      .POST('/v2/orders', { body: cart(quantity), headers: { 'Idempotency-Key': key } })
      .then((result) => result.response.status);
  const sold = async () =>
    (await unwrap(office().GET('/v2/orders', { params: { query: { event_id: event.id } } }))).data;
  return {
    event: useEvents.getState().events.data!.find((e) => e.id === event.id)!,
    tier,
    cart,
    reached,
    sold,
  };
}

describe('a cart changed after a lost answer, completed again under the same key', () => {
  it('the first try was refused (sold out): nothing was sold, so the changed cart sells', async () => {
    const { event, tier, cart, reached, sold } = await tillSellingOne('Refused first', 2);
    expect(await reached('till_refused_first', 3)).toBe(409);
    useSale.setState({ idempotencyKey: 'till_refused_first', sentUnanswered: [cart(3)] });
    const order = await useSale.getState().submit(event, tier, 10);
    expect(order).toMatchObject({ total_cents: 2500 });
    expect(useSale.getState()).toMatchObject({ stage: 'done', doneNote: null, idempotencyKey: null });
    expect(await sold()).toHaveLength(1);
  });

  it('two carts lost, only the second reached the server: that sale is shown, the first never sold', async () => {
    const { event, tier, cart, reached, sold } = await tillSellingOne('Second reached', 10);
    expect(await reached('till_second_reached', 2)).toBe(200);
    useSale.setState({ idempotencyKey: 'till_second_reached', sentUnanswered: [cart(3), cart(2)] });
    const order = await useSale.getState().submit(event, tier, 10);
    expect(order).toMatchObject({ total_cents: 5000 });
    expect(useSale.getState().doneNote).toContain('had gone through before the change');
    // Shown without the change due: the €100 was counted for the cart of one.
    expect(useSale.getState().receipt).toBeNull();
    expect((await sold()).map((o) => o.total_cents)).toEqual([5000]);
  });
});
