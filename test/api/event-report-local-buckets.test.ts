import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buy, type Sale } from '../support/sales-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => t.close());

/** A published event in `timezone`, on sale from the test clock's time. */
async function eventIn(timezone: string): Promise<Sale> {
  const created = await t.call('POST', '/v2/events', {
    title: 'Night show',
    venue: 'Main hall',
    doors_at: '2027-06-01T19:00:00+00:00',
    timezone,
    tickets: [{ name: 'General admission', price_cents: 1000, quantity: 100 }],
  });
  expect(created.statusCode, created.body).toBe(200);
  const event = created.json() as { id: string };
  await t.call('POST', `/v2/events/${event.id}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] };
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}

/** One order of one ticket at each instant, in order. */
async function sellAt(sale: Sale, instants: readonly string[]): Promise<void> {
  for (const at of instants) {
    t.clock.ms = Date.parse(at);
    await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 1 }] });
  }
}

async function bucketsOf(sale: Sale, minutes: number): Promise<[string, number][]> {
  const res = await t.call('GET', `/v2/reports/events/${sale.eventId}?interval_minutes=${minutes}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    sales_over_time: { buckets: { start: string; orders: number; tickets: number }[] };
  };
  for (const bucket of body.sales_over_time.buckets) expect(bucket.tickets).toBe(bucket.orders);
  return body.sales_over_time.buckets.map((bucket) => [bucket.start, bucket.orders]);
}

describe("sales_over_time on the event's clock", () => {
  it("keeps a New York night in one day bucket, from New York's midnight", async () => {
    t.clock.ms = Date.parse('2026-11-20T12:00:00Z');
    const sale = await eventIn('America/New_York');
    // 18:30 and 21:00 on the 22nd, then 00:30 on the 23rd, New York time.
    await sellAt(sale, ['2026-11-22T23:30:00Z', '2026-11-23T02:00:00Z', '2026-11-23T05:30:00Z']);
    expect(await bucketsOf(sale, 1440)).toEqual([
      ['2026-11-22T05:00:00.000Z', 2],
      ['2026-11-23T05:00:00.000Z', 1],
    ]);
  });

  it('starts hour buckets on the local hour in Kathmandu (+05:45) and Adelaide (+10:30)', async () => {
    t.clock.ms = Date.parse('2026-11-20T12:00:00Z');
    const kathmandu = await eventIn('Asia/Kathmandu');
    const adelaide = await eventIn('Australia/Adelaide');
    // 17:45 and 18:05 in Kathmandu; 22:30 and 22:50 in Adelaide.
    await sellAt(kathmandu, ['2026-11-22T12:00:00Z', '2026-11-22T12:20:00Z']);
    await sellAt(adelaide, ['2026-11-22T12:00:00Z', '2026-11-22T12:20:00Z']);
    expect(await bucketsOf(kathmandu, 60)).toEqual([
      ['2026-11-22T11:15:00.000Z', 1],
      ['2026-11-22T12:15:00.000Z', 1],
    ]);
    expect(await bucketsOf(adelaide, 60)).toEqual([['2026-11-22T11:30:00.000Z', 2]]);
  });

  it('gives the night the clocks go back a 25-hour day and two buckets for its repeated hour', async () => {
    t.clock.ms = Date.parse('2026-10-30T12:00:00Z');
    const sale = await eventIn('America/New_York');
    await sellAt(sale, [
      '2026-11-01T04:30:00Z', // 00:30 EDT, 1 Nov
      '2026-11-01T05:30:00Z', // 01:30 EDT
      '2026-11-01T06:30:00Z', // 01:30 EST, the second time
      '2026-11-02T04:30:00Z', // 23:30 EST, still 1 Nov
      '2026-11-02T05:30:00Z', // 00:30 EST, 2 Nov
    ]);
    expect(await bucketsOf(sale, 1440)).toEqual([
      ['2026-11-01T04:00:00.000Z', 4],
      ['2026-11-02T05:00:00.000Z', 1],
    ]);
    expect(await bucketsOf(sale, 60)).toEqual([
      ['2026-11-01T04:00:00.000Z', 1],
      ['2026-11-01T05:00:00.000Z', 1],
      ['2026-11-01T06:00:00.000Z', 1],
      ['2026-11-02T04:00:00.000Z', 1],
      ['2026-11-02T05:00:00.000Z', 1],
    ]);
  });

  it('gives the night the clocks go forward a 23-hour day', async () => {
    t.clock.ms = Date.parse('2027-03-10T12:00:00Z');
    const sale = await eventIn('America/New_York');
    await sellAt(sale, [
      '2027-03-14T06:30:00Z', // 01:30 EST, 14 Mar
      '2027-03-14T07:30:00Z', // 03:30 EDT
      '2027-03-15T03:30:00Z', // 23:30 EDT, still 14 Mar
      '2027-03-15T04:30:00Z', // 00:30 EDT, 15 Mar
    ]);
    expect(await bucketsOf(sale, 1440)).toEqual([
      ['2027-03-14T05:00:00.000Z', 3],
      ['2027-03-15T04:00:00.000Z', 1],
    ]);
  });
});
