import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import { checkout, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { freshToken, validate } from '../support/scan-fixtures.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
let tierB: string;
let keys: Record<'boxOffice' | 'kiosk' | 'scanner', string>;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await publishedEvent(t, { name: 'Stalls', price_cents: 2500 });
  const b = await t.call('POST', `/v2/events/${sale.eventId}/tiers`, {
    name: 'Balcony',
    price_cents: 1000,
    quantity: 50,
  });
  tierB = (b.json() as { id: string }).id;
  keys = {
    boxOffice: await createKey(t, 'box_office'),
    kiosk: await createKey(t, 'kiosk'),
    scanner: await createKey(t, 'scanner'),
  };
});
afterEach(async () => t.close());

async function sell(body: Record<string, unknown>, key?: string): Promise<OrderJson> {
  const res = await checkout(t, sale, body, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderJson;
}

const report = async (key?: string) => {
  const res = await t.call('GET', `/v2/reports/events/${sale.eventId}`, undefined, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('GET /v2/reports/events/{id}', () => {
  it('adds up a known night to the cent: tiers, payment methods, channels, refunds, comps, voids, admissions', async () => {
    // 12:00 — the desktop box office (admin key, says till) and a box office till.
    const o1 = await sell({
      payment_method: 'card',
      channel: 'till',
      items: [{ tier_id: sale.tierId, quantity: 2 }],
    });
    const o2 = await sell(
      {
        payment_method: 'cash',
        items: [
          { tier_id: sale.tierId, quantity: 1 },
          { tier_id: tierB, quantity: 2 },
        ],
      },
      keys.boxOffice,
    );
    // 12:16 — a comp through the API, and a kiosk card sale.
    t.clock.advance(16 * 60);
    const o3 = await sell({ payment_method: 'comp', items: [{ tier_id: tierB, quantity: 1 }] });
    const o4 = await sell({ payment_method: 'card', items: [{ tier_id: tierB, quantity: 1 }] }, keys.kiosk);
    expect([o1, o2, o3, o4].map((order) => order.channel)).toEqual(['till', 'till', 'api', 'kiosk']);

    // A void with refund (2500, Stalls), a comp voided (nothing to refund), 9.00 back on o2:
    // shared 25:20 over its Stalls and Balcony → 5.00 and 4.00.
    expect((await t.call('POST', `/v2/tickets/${o1.tickets[0]!.id}/void`, {})).statusCode).toBe(200);
    expect((await t.call('POST', `/v2/tickets/${o3.tickets[0]!.id}/void`, {})).statusCode).toBe(200);
    expect((await t.call('POST', `/v2/orders/${o2.id}/refund`, { amount_cents: 900 })).statusCode).toBe(200);
    // Two people in at the door.
    for (const ticket of [o1.tickets[1]!, o4.tickets[0]!]) {
      const res = await validate(t, { token: freshToken(t, ticket) }, keys.scanner);
      expect((res.json() as { result: string }).result).toBe('admitted');
    }

    const body = await report(keys.boxOffice);
    expect(body).toMatchObject({
      object: 'event_report',
      event_id: sale.eventId,
      currency: 'usd',
      totals: {
        orders: 4,
        sold: 6,
        comps: 1,
        voided: 2,
        refunds: 2,
        gross_cents: 10_500,
        refunds_cents: 3400,
        net_cents: 7100,
      },
      tiers: [
        {
          tier_id: sale.tierId,
          name: 'Stalls',
          price_cents: 2500,
          sold: 3,
          comps: 0,
          voided: 1,
          gross_cents: 7500,
          refunds_cents: 3000,
          net_cents: 4500,
        },
        {
          tier_id: tierB,
          name: 'Balcony',
          price_cents: 1000,
          sold: 3,
          comps: 1,
          voided: 1,
          gross_cents: 3000,
          refunds_cents: 400,
          net_cents: 2600,
        },
      ],
      payment_methods: [
        { payment_method: 'card', orders: 2, gross_cents: 6000, refunds_cents: 2500, net_cents: 3500 },
        { payment_method: 'cash', orders: 1, gross_cents: 4500, refunds_cents: 900, net_cents: 3600 },
        { payment_method: 'comp', orders: 1, gross_cents: 0, refunds_cents: 0, net_cents: 0 },
      ],
      channels: [
        { channel: 'api', orders: 1, gross_cents: 0, refunds_cents: 0, net_cents: 0 },
        { channel: 'kiosk', orders: 1, gross_cents: 1000, refunds_cents: 0, net_cents: 1000 },
        { channel: 'till', orders: 2, gross_cents: 9500, refunds_cents: 3400, net_cents: 6100 },
      ],
      admissions: { admitted: 2, inside_now: 2, not_yet_arrived: 3 },
      sales_over_time: {
        interval_minutes: 15,
        buckets: [
          { start: '2026-11-22T12:00:00.000Z', orders: 2, tickets: 5, gross_cents: 9500 },
          { start: '2026-11-22T12:15:00.000Z', orders: 2, tickets: 2, gross_cents: 1000 },
        ],
      },
    });
    // Hourly buckets on request.
    const hourly = (await t.call('GET', `/v2/reports/events/${sale.eventId}?interval_minutes=60`)).json() as {
      sales_over_time: { buckets: unknown[] };
    };
    expect(hourly.sales_over_time.buckets).toEqual([
      { start: '2026-11-22T12:00:00.000Z', orders: 4, tickets: 7, gross_cents: 10_500 },
    ]);
  });

  it('counts a transferred ticket once and an empty event as zeros', async () => {
    const order = await sell({ items: [{ tier_id: sale.tierId, quantity: 1 }] });
    await t.call('POST', `/v2/tickets/${order.tickets[0]!.id}/transfer`, { to_email: 'friend@example.com' });
    const body = (await report()) as { totals: { sold: number }; admissions: { not_yet_arrived: number } };
    expect(body.totals.sold).toBe(1);
    expect(body.admissions.not_yet_arrived).toBe(1);

    const empty = await publishedEvent(t);
    const zero = (await t.call('GET', `/v2/reports/events/${empty.eventId}`)).json();
    expect(zero).toMatchObject({
      totals: {
        orders: 0,
        sold: 0,
        comps: 0,
        voided: 0,
        refunds: 0,
        gross_cents: 0,
        refunds_cents: 0,
        net_cents: 0,
      },
      payment_methods: [],
      channels: [],
      admissions: { admitted: 0, inside_now: 0, not_yet_arrived: 0 },
      sales_over_time: { buckets: [] },
    });
  });

  it('is for admin and box office keys; an unknown event is 404; a box office key cannot pick a channel', async () => {
    for (const key of [keys.kiosk, keys.scanner]) {
      expectError(
        await t.call('GET', `/v2/reports/events/${sale.eventId}`, undefined, key),
        403,
        'permission_error',
        'insufficient_scope',
      );
    }
    expectError(
      await t.call('GET', '/v2/reports/events/evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectError(
      await checkout(t, sale, { payment_method: 'cash', channel: 'api' }, keys.boxOffice),
      400,
      'invalid_request_error',
      'invalid_field',
      'channel',
    );
  });
});
