import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../support/foundation-fixtures.js';
import { buy, comp, saleEvent, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await saleEvent(t);
});
afterEach(async () => t.close());

const ids = async (query: string): Promise<string[]> => {
  const res = await t.call('GET', `/v2/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: OrderJson[] }).data.map((o) => o.id);
};

describe('GET /v2/orders filters', () => {
  it('by payment method, and by when the order was placed ([created_gte, created_lt))', async () => {
    // The test clock starts at 2026-11-22T12:00:00Z; sales an hour apart.
    const card = await buy(t, sale);
    t.clock.advance(3600);
    const cash = await buy(t, sale, { payment_method: 'cash', buyer: undefined });
    t.clock.advance(3600);
    const free = await buy(t, sale, comp);

    expect(await ids('payment_method=cash')).toEqual([cash.id]);
    expect(await ids('payment_method=comp')).toEqual([free.id]);
    expect(await ids('payment_method=external')).toEqual([]);
    // 13:00 is the cash sale's own moment: gte includes it, lt excludes it.
    expect(await ids(`created_gte=${encodeURIComponent('2026-11-22T13:00:00Z')}`)).toEqual([
      cash.id,
      free.id,
    ]);
    expect(await ids(`created_lt=${encodeURIComponent('2026-11-22T13:00:00Z')}`)).toEqual([card.id]);
    // Offsets are read as moments: 14:00+01:00 is 13:00Z.
    expect(
      await ids(
        `created_gte=${encodeURIComponent('2026-11-22T12:30:00Z')}&created_lt=${encodeURIComponent('2026-11-22T14:00:00+01:00')}`,
      ),
    ).toEqual([]);
    // Filters combine with the event, the search and newest_first.
    const other = await saleEvent(t);
    const elsewhere = await buy(t, other, { payment_method: 'cash', buyer: undefined });
    expect(await ids(`payment_method=cash&event_id=${sale.eventId}`)).toEqual([cash.id]);
    expect(await ids('payment_method=cash&order=newest_first')).toEqual([elsewhere.id, cash.id]);
  });

  it('refuses an unknown method and a date that is not a moment (400, param named)', async () => {
    expectInvalid(await t.call('GET', '/v2/orders?payment_method=cheque'), 'payment_method');
    expectInvalid(await t.call('GET', '/v2/orders?created_gte=yesterday'), 'created_gte');
    expectInvalid(await t.call('GET', '/v2/orders?created_lt=2026-11-22'), 'created_lt');
  });
});
