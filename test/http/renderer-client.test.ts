import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../src/renderer/src/api/api-error.js';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import { paymentFormError } from '../../src/renderer/src/lib/sale.js';
import { voidOutcome, voidWarning } from '../../src/renderer/src/lib/void-outcome.js';
import { useEvents } from '../../src/renderer/src/stores/events-store.js';
import { useOrders } from '../../src/renderer/src/stores/orders-store.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { useSettings } from '../../src/renderer/src/stores/settings-store.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

type TicketJsonLike = Parameters<typeof voidWarning>[0];

// The UI's typed client and stores against the real server over real HTTP on loopback.
let served: ServedTestApp;
let url: string;

beforeAll(async () => {
  served = await serveTestApp();
  url = served.url;
});
afterAll(async () => served.close());

async function createKey(scope: 'box_office' | 'scanner'): Promise<string> {
  const client = makeClient(url, adminSecret);
  return (await unwrap(client.POST('/v2/api_keys', { body: { name: `${scope} till`, scope } }))).secret;
}

describe('the typed client', () => {
  it('answers typed data and turns refusals into ApiRequestError with code, message and param', async () => {
    const client = makeClient(url, adminSecret);
    const event = await unwrap(
      client.POST('/v2/events', {
        body: {
          title: 'Client test',
          venue: 'Hall',
          doors_at: '2026-12-24T19:00:00Z',
          tickets: [{ name: 'GA', price_cents: 1000 }],
        },
      }),
    );
    expect(event.id).toMatch(/^evt_/);
    const tiers = await unwrap(
      client.GET('/v2/events/{event_id}/tiers', { params: { path: { event_id: event.id } } }),
    );
    const tier = tiers.data[0]!;

    const refused = await unwrap(
      client.PATCH('/v2/tiers/{id}', {
        params: { path: { id: tier.id } },
        body: { visibility: 'access_code' },
      }),
    ).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'missing_field',
      param: 'access_code',
      type: 'invalid_request_error',
    });

    const missing = await unwrap(
      client.GET('/v2/orders/{id}', { params: { path: { id: 'ord_nope' } } }),
    ).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('refuses an unknown key with 401 and reports an unreachable server as a network error', async () => {
    const bad = await unwrap(makeClient(url, 'sk_live_unknown00000000000000').GET('/v2/events')).catch(
      (e: unknown) => e,
    );
    expect(bad).toMatchObject({ status: 401, code: 'invalid_api_key' });

    let unreachable = 0;
    // Port 9 on loopback (discard) is closed here: the connection is refused at once.
    const offline = makeClient('http://127.0.0.1:9', adminSecret, { onUnreachable: () => unreachable++ });
    const err = await unwrap(offline.GET('/v2/events')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).isNetwork).toBe(true);
    expect(unreachable).toBe(1);
  });
});

/** Signs the stores in as admin and puts one event with one tier on sale, through the stores. */
async function onSale(title: string, tier: { name: string; price_cents: number; quantity: number }) {
  await useSession.getState().signIn(adminSecret, 'login');
  const events = useEvents.getState();
  const event = await events.createEvent({ title, venue: 'Hall', doors_at: '2026-12-24T19:00:00Z' });
  const created = await events.createTier(event.id, tier);
  const published = await events.publishEvent(event.id);
  return { events, event, tier: created, published };
}

/** Fills the till's cart as a seller would: tier, `quantity` typed (single digit), cash tendered. */
function cashCart(eventId: string, tierId: string, quantity: number, max: number, tendered: string): void {
  const sale = useSale.getState();
  sale.chooseEvent(eventId);
  sale.chooseTier(tierId);
  sale.quantityKey('Escape', max);
  sale.quantityKey(String(quantity), max);
  sale.confirmQuantity(max);
  sale.setTendered(tendered);
}

describe('the stores over HTTP', () => {
  beforeEach(() => {
    useSession.getState().signOut();
    useSession.getState().setBaseUrl(url);
  });

  it('signs in admin and box-office keys with their role, and refuses scanner and unknown keys', async () => {
    const session = useSession.getState();
    expect(await session.signIn(adminSecret, 'login')).toBe(true);
    expect(useSession.getState()).toMatchObject({ role: 'admin', status: 'signed_in', connection: 'online' });

    expect(await session.signIn(await createKey('box_office'), 'login')).toBe(true);
    expect(useSession.getState().role).toBe('box_office');

    session.signOut();
    expect(await session.signIn(await createKey('scanner'), 'login')).toBe(false);
    expect(useSession.getState().loginError).toContain('scanner key');
    expect(await session.signIn('sk_live_unknown00000000000000', 'login')).toBe(false);
    expect(useSession.getState()).toMatchObject({ status: 'signed_out', client: null });
  });

  it('sells, refunds, transfers and voids through the stores; a retried sale is sold once', async () => {
    const { events, event, tier, published } = await onSale('Store night', {
      name: 'GA',
      price_cents: 2500,
      quantity: 10,
    });
    expect(published.status).toBe('published');

    cashCart(event.id, tier.id, 3, 10, '100');
    // A kept key stands for an attempt whose answer was lost: the retry must replay it, not sell again.
    useSale.setState({ idempotencyKey: 'till_retry_test_0001' });
    const order = await useSale.getState().submit(published, tier, 10);
    expect(order).toMatchObject({ total_cents: 7500, payment_method: 'cash', buyer: null });
    expect(useSale.getState()).toMatchObject({ stage: 'done', receipt: { tendered: 10000, change: 2500 } });
    const replay = await unwrap(
      useSession.getState().client!.POST('/v2/orders', {
        // The same request the till sent: a box office sale says it was made at a till.
        body: {
          event_id: event.id,
          items: [{ tier_id: tier.id, quantity: 3 }],
          payment_method: 'cash',
          channel: 'till',
          expected_total_cents: 7500,
        },
        headers: { 'Idempotency-Key': 'till_retry_test_0001' },
      }),
    );
    expect(replay.id).toBe(order!.id);
    await useEvents.getState().loadTiers(event.id);
    expect(useEvents.getState().tiers[event.id]?.data?.[0]?.sold).toBe(3);

    const orders = useOrders.getState();
    const found = await orders.search(order!.tickets[0]!.id);
    expect(found.map((o) => o.id)).toEqual([order!.id]);
    const refunded = await orders.refund(order!.id, { amount_cents: 2500 });
    expect(refunded).toMatchObject({ refunded_cents: 2500, status: 'partially_refunded' });
    const [first, second] = order!.tickets;
    if (!first || !second) throw new Error('the sale minted fewer than 2 tickets');
    const fresh = await orders.transfer(first, { to_email: 'friend@example.com' });
    expect(fresh.transferred_from).toBe(first.id);
    // No mail server here: the transfer mail waits, and Settings › Mail shows it.
    await useSettings.getState().loadMail();
    const waiting = useSettings.getState().mail.data!.filter((m) => m.to === 'friend@example.com');
    expect(waiting).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
    expect((await useSettings.getState().retryMail(waiting[0]!.id)).status).toBe('pending');
    const beforeVoid = useOrders.getState().detail.data!;
    const { order: afterVoid } = await orders.voidTicket(second, true);
    expect(voidOutcome(second, beforeVoid, afterVoid)).toBe(`Voided ${second.id}. Refunded $25.00.`);
    const detail = useOrders.getState().detail.data!;
    expect(detail.refunded_cents).toBe(5000);
    expect(detail.tickets.find((t) => t.id === second.id)?.status).toBe('voided');

    await expect(events.deleteTier(tier)).rejects.toMatchObject({ status: 409, code: 'tier_has_sales' });
  });
  it('a sale refused because another till sold the last seats says so at the payment step, and the tiles refresh', async () => {
    const { event, tier, published } = await onSale('Race night', {
      name: 'Last seats',
      price_cents: 1000,
      quantity: 3,
    });
    await useEvents.getState().loadTiers(event.id);
    cashCart(event.id, tier.id, 3, 3, '30');
    // Meanwhile another till sells two of the three.
    await unwrap(
      makeClient(url, adminSecret).POST('/v2/orders', {
        body: { event_id: event.id, items: [{ tier_id: tier.id, quantity: 2 }], payment_method: 'cash' },
      }),
    );
    expect(await useSale.getState().submit(published, tier, 3)).toBeNull();
    const shown = paymentFormError(useSale.getState().error);
    // The refusal names items[0].quantity, a field the payment step does not show.
    expect(useSale.getState().error?.form).toBeNull();
    expect(shown).toMatch(/1 left|sold out|only 1/i);
    await vi.waitFor(() => expect(useEvents.getState().tiers[event.id]?.data?.[0]?.sold).toBe(2), {
      timeout: 5_000,
    });
  });
  it('a void with refund that uses up the order says what was refunded and which other tickets went with it', async () => {
    const { event, tier } = await onSale('Void night', { name: 'GA', price_cents: 2500, quantity: 10 });
    const client = makeClient(url, adminSecret);
    const order = await unwrap(
      client.POST('/v2/orders', {
        body: { event_id: event.id, items: [{ tier_id: tier.id, quantity: 2 }], payment_method: 'cash' },
      }),
    );
    const orders = useOrders.getState();
    const partly = await orders.refund(order.id, { amount_cents: 4000 });
    const [one, other] = partly.tickets as [TicketJsonLike, TicketJsonLike];
    expect(voidWarning(one, partly)).toBe(
      "Only $10.00 is left to refund on this order. If this refund uses it up, the order's other active tickets are voided too.",
    );
    const { order: after } = await orders.voidTicket(one, true);
    expect(voidOutcome(one, partly, after)).toBe(
      `Voided ${one.id}. Refunded $10.00. The order is now refunded in full, so its other ticket (${other.id}) was voided too.`,
    );
  });
});
