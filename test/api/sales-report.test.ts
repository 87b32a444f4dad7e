import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { buy, type Sale } from '../support/sales-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let usd: Sale;
let eur: Sale;

async function eventOn(title: string, doors: string, currency: string): Promise<Sale> {
  const created = await t.call('POST', '/v2/events', {
    title,
    venue: 'Hall',
    doors_at: doors,
    currency,
    timezone: 'UTC',
    tickets: [{ name: 'GA', price_cents: 2500, quantity: 100 }],
  });
  const event = created.json() as { id: string };
  await t.call('POST', `/v2/events/${event.id}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] };
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}

const at = (iso: string) => {
  t.clock.ms = Date.parse(iso);
};

const salesReport = async (query: string, key?: string) => {
  const res = await t.call('GET', `/v2/reports/sales?${query}`, undefined, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    totals: Record<string, unknown>[];
    months: Record<string, unknown>[];
    events: Record<string, unknown>[];
    timezone: string;
  };
};

beforeEach(async () => {
  t = await makeTestApp();
  at('2026-11-05T12:00:00Z');
  usd = await eventOn('Winter Gala', '2027-01-10T19:00:00Z', 'usd');
  eur = await eventOn('Berlin Night', '2026-12-20T19:00:00Z', 'eur');
  // November: two tickets; the last evening of November in UTC is December in Berlin.
  at('2026-11-22T12:00:00Z');
  const first = await buy(t, usd, { items: [{ tier_id: usd.tierId, quantity: 2 }] });
  at('2026-11-30T23:30:00Z');
  await buy(t, usd, { payment_method: 'cash' });
  at('2026-12-05T12:00:00Z');
  await buy(t, eur);
  await buy(t, usd, { payment_method: 'comp', comp_reason: 'Press' });
  // January: the November order is refunded; the money went back in January.
  at('2027-01-02T12:00:00Z');
  const refund = await t.call('POST', `/v2/orders/${first.id}/refund`, {});
  expect(refund.statusCode, refund.body).toBe(200);
});
afterEach(async () => t.close());

describe('GET /v2/reports/sales', () => {
  it('sums a season per currency, per month (money counted when it moved) and per event', async () => {
    const report = await salesReport('from=2026-11-01T00:00:00Z&to=2027-02-01T00:00:00Z&timezone=UTC');
    expect(report.timezone).toBe('UTC');
    expect(report.totals).toEqual([
      { currency: 'eur', orders: 1, gross_cents: 2500, refunds: 0, refunds_cents: 0, net_cents: 2500 },
      { currency: 'usd', orders: 3, gross_cents: 7500, refunds: 1, refunds_cents: 5000, net_cents: 2500 },
    ]);
    expect(report.months).toEqual([
      {
        month: '2026-11',
        currency: 'usd',
        orders: 2,
        gross_cents: 7500,
        refunds: 0,
        refunds_cents: 0,
        net_cents: 7500,
      },
      {
        month: '2026-12',
        currency: 'eur',
        orders: 1,
        gross_cents: 2500,
        refunds: 0,
        refunds_cents: 0,
        net_cents: 2500,
      },
      {
        month: '2026-12',
        currency: 'usd',
        orders: 1,
        gross_cents: 0,
        refunds: 0,
        refunds_cents: 0,
        net_cents: 0,
      },
      {
        month: '2027-01',
        currency: 'usd',
        orders: 0,
        gross_cents: 0,
        refunds: 1,
        refunds_cents: 5000,
        net_cents: -5000,
      },
    ]);
    // By doors: Berlin's December show before January's gala.
    expect(report.events.map((e) => [e.title, e.currency, e.net_cents, e.status])).toEqual([
      ['Berlin Night', 'eur', 2500, 'published'],
      ['Winter Gala', 'usd', 2500, 'published'],
    ]);
  });

  it('follows the calendar of the zone asked for, and takes only the period asked for', async () => {
    const berlin = await salesReport(
      'from=2026-11-01T00:00:00%2B01:00&to=2027-01-01T00:00:00%2B01:00&timezone=Europe/Berlin',
    );
    const usdMonths = berlin.months.filter((m) => m.currency === 'usd').map((m) => [m.month, m.orders]);
    expect(usdMonths).toEqual([
      ['2026-11', 1],
      ['2026-12', 2],
    ]);
    // December in UTC holds no refund (it was made in January) and not November's orders.
    const december = await salesReport('from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z&timezone=UTC');
    expect(december.totals.map((r) => [r.currency, r.orders, r.refunds])).toEqual([
      ['eur', 1, 0],
      ['usd', 1, 0],
    ]);
  });

  it('answers a box office key, refuses a scanner, and says what is wrong with the period', async () => {
    const boxOffice = await createKey(t, 'box_office');
    await salesReport('from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z', boxOffice);
    const scanner = await createKey(t, 'scanner');
    expectError(
      await t.call(
        'GET',
        '/v2/reports/sales?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z',
        undefined,
        scanner,
      ),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectMissing(await t.call('GET', '/v2/reports/sales?to=2026-12-01T00:00:00Z'), 'from');
    expectInvalid(await t.call('GET', '/v2/reports/sales?from=2026-11-01&to=2026-12-01T00:00:00Z'), 'from');
    expectInvalid(
      await t.call('GET', '/v2/reports/sales?from=2026-12-01T00:00:00Z&to=2026-12-01T00:00:00Z'),
      'to',
    );
    expectInvalid(
      await t.call(
        'GET',
        '/v2/reports/sales?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&timezone=Mars/Olympus',
      ),
      'timezone',
    );
  });
});
