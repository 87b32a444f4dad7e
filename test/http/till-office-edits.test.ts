import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import { useEvents } from '../../src/renderer/src/stores/events-store.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

// The till's stores against the real server over real HTTP: the manager changes the event from
// the office (another client) while this till has it loaded.
let served: ServedTestApp;
let url: string;
const office = () => makeClient(url, adminSecret);

beforeAll(async () => {
  served = await serveTestApp();
  url = served.url;
});
afterAll(async () => served.close());
beforeEach(async () => {
  useSession.getState().signOut();
  useSession.getState().setBaseUrl(url);
  await useSession.getState().signIn(adminSecret, 'login');
});

/** An event on sale, loaded by the till, with a cash sale of `quantity` GA ready to complete. */
async function tillReadyToSell(title: string, quantity = 1) {
  const event = await unwrap(
    office().POST('/v2/events', {
      body: {
        title,
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        tickets: [{ name: 'GA', price_cents: 2500, quantity: 10, max_per_order: 6 }],
      },
    }),
  );
  await unwrap(office().POST('/v2/events/{id}/publish', { params: { path: { id: event.id } } }));
  await useEvents.getState().loadEvents();
  await useEvents.getState().loadTiers(event.id);
  const shown = () => useEvents.getState().events.data!.find((e) => e.id === event.id)!;
  const tier = useEvents.getState().tiers[event.id]!.data![0]!;
  const sale = useSale.getState();
  sale.chooseEvent(event.id);
  sale.chooseTier(tier.id);
  sale.quantityKey('Escape', 6);
  sale.quantityKey(String(quantity), 6);
  sale.confirmQuantity(6);
  sale.setTendered('100');
  return { event: shown(), tier, shown };
}

describe('the till’s event is read again', () => {
  it('after a sale: doors moved at the office since are what the slips print', async () => {
    const { event, tier, shown } = await tillReadyToSell('Moved doors');
    await unwrap(
      office().PATCH('/v2/events/{id}', {
        params: { path: { id: event.id } },
        body: { doors_at: '2026-12-24T21:30:00Z' },
      }),
    );
    expect(await useSale.getState().submit(event, tier, 6)).not.toBeNull();
    await vi.waitFor(() => expect(shown().doors_at).toBe('2026-12-24T21:30:00.000Z'), { timeout: 5_000 });
  });

  it('after a refusal: an event cancelled at the office shows as cancelled', async () => {
    const { event, tier, shown } = await tillReadyToSell('Called off');
    await unwrap(office().POST('/v2/events/{id}/cancel', { params: { path: { id: event.id } }, body: {} }));
    expect(await useSale.getState().submit(event, tier, 6)).toBeNull();
    await vi.waitFor(() => expect(shown().status).toBe('cancelled'), { timeout: 5_000 });
  });
});

describe('a tier edited at the office while the till sells it', () => {
  const editTier = (id: string, body: Record<string, unknown>) =>
    unwrap(office().PATCH('/v2/tiers/{id}', { params: { path: { id } }, body }));

  it('a lower limit per order is said at the quantity in the till’s words, the basket kept', async () => {
    const { event, tier } = await tillReadyToSell('Lower limit', 4);
    await editTier(tier.id, { max_per_order: 2 });
    expect(await useSale.getState().submit(event, tier, 6)).toBeNull();
    expect(useSale.getState()).toMatchObject({
      stage: 'payment',
      quantity: 4,
      error: { fields: { quantity: 'At most 2 in one sale.' }, form: null },
    });
    expect(useEvents.getState().tiers[event.id]?.data?.[0]?.max_per_order).toBe(2);
  });

  it('an access code put on the tier: said in words, and the sale goes through when completed again', async () => {
    const { event, tier } = await tillReadyToSell('Coded now');
    await editTier(tier.id, { visibility: 'access_code', access_code: 'CREW' });
    expect(await useSale.getState().submit(event, tier, 6)).toBeNull();
    expect(useSale.getState().error).toEqual({
      fields: {},
      form: 'GA was given an access code at the office; this till has it now. Complete the sale again.',
    });
    const fresh = useEvents.getState().tiers[event.id]!.data![0]!;
    expect(await useSale.getState().submit(event, fresh, 6)).toMatchObject({ total_cents: 2500 });
  });

  it('a tier removed at the office is named, taken off the screen, and the sale not left half-way', async () => {
    const { event } = await tillReadyToSell('Removed tier');
    const late = await unwrap(
      office().POST('/v2/events/{event_id}/tiers', {
        params: { path: { event_id: event.id } },
        body: { name: 'Late release', price_cents: 1000, quantity: 5 },
      }),
    );
    const sale = useSale.getState();
    sale.chooseTier(late.id);
    sale.confirmQuantity(5);
    sale.setTendered('10');
    await unwrap(office().DELETE('/v2/tiers/{id}', { params: { path: { id: late.id } } }));
    expect(await useSale.getState().submit(event, late, 5)).toBeNull();
    expect(useSale.getState()).toMatchObject({
      stage: 'tier',
      tierId: null,
      error: {
        fields: {},
        form: 'Late release was removed at the office, so it cannot be sold. Pick another tier.',
      },
    });
  });

  it('a tier removed at the office while held in a sale of two: taken out, and the rest sells when completed again', async () => {
    const { event, tier } = await tillReadyToSell('Removed held tier');
    const late = await unwrap(
      office().POST('/v2/events/{event_id}/tiers', {
        params: { path: { event_id: event.id } },
        body: { name: 'Late release', price_cents: 1000, quantity: 5 },
      }),
    );
    await useEvents.getState().loadTiers(event.id);
    // Late release first, then GA: Late release is the held line, GA the one on screen.
    const sale = useSale.getState();
    sale.chooseEvent(event.id);
    sale.chooseTier(late.id);
    sale.confirmQuantity(5);
    sale.addTier();
    sale.chooseTier(tier.id);
    sale.confirmQuantity(6);
    sale.setTendered('35');
    await unwrap(office().DELETE('/v2/tiers/{id}', { params: { path: { id: late.id } } }));
    expect(await useSale.getState().submit(event, tier, 6)).toBeNull();
    expect(useSale.getState()).toMatchObject({
      held: [],
      error: {
        form: 'Late release was removed at the office, so it cannot be sold. It was taken out of this sale: check the new total with the customer, then complete the sale.',
      },
    });
    expect(await useSale.getState().submit(event, tier, 6)).toMatchObject({ total_cents: 2500 });
  });
});
