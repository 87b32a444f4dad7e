import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { createKey } from '../support/foundation-fixtures.js';
import { csvObjects, csvSections, parseCsv, shiftCsvTierHeader } from '../support/csv.js';
import { comp, orderBody, saleEvent, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

// Cashing up at the end of a night, over real HTTP on loopback against a real SQLite file: the Z
// report as a CSV a spreadsheet opens, a shift's orders, and the cash refunded outside any shift.

/** The shift report as the OpenAPI document declares it (the generated types). */
type ShiftReportJson = components['schemas']['ShiftReport'];

let t: TestApp;
let base: string;
let till: string;
let sale: Sale;
let ann: Record<string, string>;
let bob: Record<string, string>;
let annId: string;
let bobId: string;

beforeEach(async () => {
  t = await makeTestApp();
  // listen() answers with the address it bound, e.g. http://127.0.0.1:40123.
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  till = await createKey(t, 'box_office');
  sale = await saleEvent(t);
  annId = (await addStaff(t, 'Ann', 'manager', '1234')).id;
  bobId = (await addStaff(t, '=Bob', 'seller', '5678')).id;
  ann = asStaff(await signIn(t, till, '1234'));
  bob = asStaff(await signIn(t, till, '5678'));
});
afterEach(async () => t.close());

/** A request over the socket, as a spreadsheet-minded integrator or the till would make it. */
const get = (path: string, key = till, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

async function ok<T>(res: LightResponse): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
type LightResponse = Awaited<ReturnType<TestApp['call']>>;

const sell = (overrides: Record<string, unknown>) =>
  t.call('POST', '/v2/orders', orderBody(sale, overrides), till, bob).then((res) => ok<OrderJson>(res));

/** The shift CSV's summary section, item by item ("business_day" → ["2027-03-27"]). */
async function shiftCsvSummary(shiftId: string): Promise<Map<string, string[]>> {
  const [summary] = csvSections(await (await get(`/v2/shifts/${shiftId}/report?format=csv`)).text());
  return new Map(summary!.slice(1).map(([name, ...cells]) => [name!, cells]));
}

/** usd cents as the decimal text of the CSV, worked out here on its own (not the server's code). */
const usd = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A night at one till: float 100.00; cash, card and comp sales; a cash refund; a void; 5.00 short. */
async function night(): Promise<{ shiftId: string; z: ShiftReportJson; orderIds: string[] }> {
  const shift = await ok<{ id: string }>(
    await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob),
  );
  const cashTwo = await sell({ payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] });
  const cashOne = await sell({ payment_method: 'cash' });
  const card = await sell({ payment_method: 'card' });
  const free = await sell(comp);
  await ok(await t.call('POST', `/v2/orders/${cashOne.id}/refund`, {}, till, ann));
  await ok(await t.call('POST', `/v2/tickets/${card.tickets[0]!.id}/void`, { refund: false }, till, ann));
  const z = await ok<ShiftReportJson>(
    await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 14_500 }, till, ann),
  );
  return { shiftId: shift.id, z, orderIds: [cashTwo.id, cashOne.id, card.id, free.id] };
}

describe('the Z report as CSV', () => {
  it('one file a spreadsheet opens: the shift, its drawer in decimals, totals by method and tier — every figure the JSON Z report has', async () => {
    const { shiftId, z } = await night();
    const res = await get(`/v2/shifts/${shiftId}/report?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="z-report-${shiftId}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A byte order mark first, so a spreadsheet reads names right (fetch's text() would drop it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    const [summary, methods, tiers, ...rest] = csvSections(text);
    expect(rest).toEqual([]);

    // The JSON the CSV must agree with: the kept Z report, the same bytes as the close answered.
    const json = (await (await get(`/v2/shifts/${shiftId}/report`)).json()) as ShiftReportJson;
    expect(json).toEqual(z);
    expect(json.over_short_cents).toBe(-500);

    const item = new Map(summary!.slice(1).map(([name, ...cells]) => [name!, cells]));
    expect(summary![0]).toEqual(['item', 'value', 'id']);
    expect(item.get('kind')).toEqual(['z']);
    expect(item.get('shift_id')).toEqual([shiftId]);
    expect(item.get('status')).toEqual(['closed']);
    expect(item.get('till')).toEqual(['box_office key', z.shift.api_key_id]);
    // A name a spreadsheet would run as a formula stays text; the id beside it says who.
    expect(item.get('opened_by')).toEqual(["'=Bob", bobId]);
    expect(item.get('closed_by')).toEqual(['Ann', annId]);
    expect(item.get('generated_at')).toEqual([z.generated_at]);
    expect(item.get('currency')).toEqual(['usd']);
    const money: [string, number][] = [
      ['opening_float', z.opening_float_cents],
      ['cash_sales', z.cash_sales_cents],
      ['cash_refunds', z.cash_refunds_cents],
      ['expected_cash', z.expected_cash_cents],
      ['counted_cash', z.counted_cash_cents!],
      ['over_short', z.over_short_cents!],
      ['refunds', z.refunds.amount_cents],
      ['voids', z.voids.amount_cents],
    ];
    for (const [name, cents] of money) expect(item.get(name), name).toEqual([usd(cents)]);
    // Short is a negative number a spreadsheet sums, not the text "'-5.00".
    expect(item.get('over_short')).toEqual(['-5.00']);
    const counts: [string, number][] = [
      ['order_count', z.order_count],
      ['refund_count', z.refunds.count],
      ['void_count', z.voids.count],
      ['comp_orders', z.comps.order_count],
      ['comp_tickets', z.comps.ticket_count],
    ];
    for (const [name, count] of counts) expect(item.get(name), name).toEqual([String(count)]);

    expect(methods).toEqual([
      ['payment_method', 'currency', 'order_count', 'sales', 'refund_count', 'refunds', 'net'],
      ...z.by_payment_method.map((m) => [
        m.payment_method,
        m.currency,
        String(m.order_count),
        usd(m.sales_cents),
        String(m.refund_count),
        usd(m.refunds_cents),
        usd(m.net_cents),
      ]),
    ]);
    expect(methods).toHaveLength(4); // cash, card, comp
    expect(tiers).toEqual([
      shiftCsvTierHeader,
      ...z.by_tier.map((tier) => [
        tier.tier_name,
        tier.tier_id,
        tier.event_id,
        'Night show',
        'published',
        tier.currency,
        String(tier.tickets),
        String(tier.comp_tickets),
        usd(tier.sales_cents),
      ]),
    ]);
    expect(tiers).toHaveLength(2);

    // Accept: text/csv asks for the same file; format=json wins over the header.
    const byHeader = await get(`/v2/shifts/${shiftId}/report`, till, { accept: 'text/csv' });
    expect(Buffer.from(await byHeader.arrayBuffer()).toString('utf8')).toBe(text);
    const jsonWins = await get(`/v2/shifts/${shiftId}/report?format=json`, till, { accept: 'text/csv' });
    expect(jsonWins.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('names the event of each tier line as it is now: one cancelled after the close says so, the kept Z report unchanged', async () => {
    const created = await ok<{ id: string }>(
      await t.call('POST', '/v2/events', {
        title: '=Late show',
        venue: 'Studio',
        doors_at: '2026-12-24T22:00:00+00:00',
        timezone: 'UTC',
        tickets: [{ name: 'General admission', price_cents: 1500, quantity: 50 }],
      }),
    );
    await ok(await t.call('POST', `/v2/events/${created.id}/publish`));
    const late = await ok<{ data: { id: string }[] }>(await t.call('GET', `/v2/events/${created.id}/tiers`));
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob),
    );
    await sell({ payment_method: 'cash' });
    await ok<OrderJson>(
      await t.call(
        'POST',
        '/v2/orders',
        {
          ...orderBody(sale, { payment_method: 'cash' }),
          event_id: created.id,
          items: [{ tier_id: late.data[0]!.id, quantity: 2 }],
        },
        till,
        bob,
      ),
    );
    const z = await ok<ShiftReportJson>(
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 15_500 }, till, ann),
    );
    await ok(await t.call('POST', `/v2/events/${created.id}/cancel`));

    const text = await (await get(`/v2/shifts/${shift.id}/report?format=csv`)).text();
    // One width for every record, the blank ones between sections too (parseCsv holds it).
    expect(new Set(parseCsv(text).map((record) => record.length))).toEqual(new Set([9]));
    const [, , tiers] = csvSections(text);
    expect(tiers).toEqual([
      shiftCsvTierHeader,
      ['General admission', sale.tierId, sale.eventId, 'Night show', 'published', 'usd', '1', '0', '25.00'],
      // A title a spreadsheet would run as a formula stays text.
      [
        'General admission',
        late.data[0]!.id,
        created.id,
        "'=Late show",
        'cancelled',
        'usd',
        '2',
        '0',
        '30.00',
      ],
    ]);
    // The status is read when the file is made: the kept Z report is the close's, byte for byte.
    const json = (await (await get(`/v2/shifts/${shift.id}/report`)).json()) as ShiftReportJson;
    expect(json).toEqual(z);
    expect(JSON.stringify(json)).not.toMatch(/cancelled|Late show/);
  });

  it('an open shift exports its X report: as of now, nothing counted yet', async () => {
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 2_000, currency: 'usd' }, till, bob),
    );
    await sell({ payment_method: 'cash' });
    const res = await get(`/v2/shifts/${shift.id}/report?format=csv`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="x-report-${shift.id}.csv"`);
    const [summary] = csvSections(await res.text());
    const item = new Map(summary!.slice(1).map(([name, ...cells]) => [name!, cells]));
    expect(item.get('kind')).toEqual(['x']);
    expect(item.get('status')).toEqual(['open']);
    expect(item.get('closed_by')).toEqual([]);
    expect(item.get('expected_cash')).toEqual(['45.00']);
    expect(item.get('counted_cash')).toEqual([]);
    expect(item.get('over_short')).toEqual([]);
  });

  it('a shift that sold nothing is counted in the currency its float was opened in', async () => {
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 5_000, currency: 'jpy' }, till, bob),
    );
    await ok(await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 5_000 }, till, ann));
    const item = await shiftCsvSummary(shift.id);
    expect(item.get('currency')).toEqual(['jpy']);
    expect(item.get('opening_float')).toEqual(['5000']);
    expect(item.get('over_short')).toEqual(['0']);
  });

  it('refuses in the error envelope: unknown shift, unknown format, a key that is not a till', async () => {
    const { shiftId } = await night();
    for (const path of ['/v2/shifts/shf_nope/report?format=csv', '/v2/shifts/shf_nope/report']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'resource_missing', param: 'id' } });
    }
    const xml = await get(`/v2/shifts/${shiftId}/report?format=xml`);
    expect(xml.status).toBe(400);
    expect(await xml.json()).toMatchObject({ error: { code: 'invalid_field', param: 'format' } });
    const kiosk = await get(`/v2/shifts/${shiftId}/report?format=csv`, await createKey(t, 'kiosk'));
    expect(kiosk.status).toBe(403);
    expect(await kiosk.json()).toMatchObject({ error: { type: 'permission_error' } });
  });
  it("names the night a Berlin shift counts for, on the venue's clock, though it closed after midnight across the clock change", async () => {
    // A Berlin club the night the clocks go forward; the server's own zone plays no part.
    const moved = { timezone: 'Europe/Berlin', doors_at: '2027-03-27T23:00:00+01:00' };
    await ok(await t.call('PATCH', `/v2/events/${sale.eventId}`, moved));
    await ok(await t.call('PATCH', '/v2/settings', { venue_timezone: 'Europe/Berlin' }));
    t.clock.ms = Date.parse('2027-03-27T18:00:00+01:00');
    bob = asStaff(await signIn(t, till, '5678'));
    ann = asStaff(await signIn(t, till, '1234'));
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob),
    );
    await sell({ payment_method: 'cash' });
    // Counted at 03:30 by the clock on the wall (01:30 UTC): at 02:00 CET it became 03:00 CEST.
    t.clock.ms = Date.parse('2027-03-28T03:30:00+02:00');
    await ok(await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 12_500 }, till, ann));
    const item = await shiftCsvSummary(shift.id);
    expect(item.get('time_zone')).toEqual(['Europe/Berlin']);
    expect(item.get('business_day')).toEqual(['2027-03-27']);
    expect(item.get('opened_at_local')).toEqual(['2027-03-27 18:00']);
    expect(item.get('closed_at_local')).toEqual(['2027-03-28 03:30']);
    expect(item.get('closed_at')).toEqual(['2027-03-28T01:30:00.000Z']);
  });

  it("names the venue's night for a shift that only refunded: the venue's clock, not the server's", async () => {
    // A venue at UTC+14 whose server was left on the machine's zone: a refund desk opened at
    // 02:00 on the 27th there is still the 26th on any clock west of UTC+12.
    const moved = { timezone: 'Pacific/Kiritimati', doors_at: '2027-03-27T20:00:00+14:00' };
    await ok(await t.call('PATCH', `/v2/events/${sale.eventId}`, moved));
    await ok(await t.call('PATCH', '/v2/settings', { venue_timezone: 'Pacific/Kiritimati' }));
    const sold = await sell({ payment_method: 'cash' }); // sold with no shift open
    t.clock.ms = Date.parse('2027-03-27T02:00:00+14:00');
    bob = asStaff(await signIn(t, till, '5678'));
    ann = asStaff(await signIn(t, till, '1234'));
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob),
    );
    await ok(await t.call('POST', `/v2/orders/${sold.id}/refund`, {}, till, ann));
    await ok(await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 7_500 }, till, ann));
    const item = await shiftCsvSummary(shift.id);
    expect(item.get('cash_refunds')).toEqual(['25.00']);
    expect(item.get('time_zone')).toEqual(['Pacific/Kiritimati']);
    expect(item.get('business_day')).toEqual(['2027-03-27']);
    expect(item.get('opened_at_local')).toEqual(['2027-03-27 02:00']);
  });

  it("counts a Berlin night's shift on the venue's clock when it sold only for a New York touring show", async () => {
    // Opened at 00:30 on Sunday in Berlin, 18:30 on Saturday in New York: Takings counts Sunday.
    await ok(await t.call('PATCH', '/v2/settings', { venue_timezone: 'Europe/Berlin' }));
    const touring = { timezone: 'America/New_York', doors_at: '2027-03-27T19:00:00-04:00' };
    await ok(await t.call('PATCH', `/v2/events/${sale.eventId}`, touring));
    t.clock.ms = Date.parse('2027-03-28T00:30:00+01:00');
    bob = asStaff(await signIn(t, till, '5678'));
    ann = asStaff(await signIn(t, till, '1234'));
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob),
    );
    await sell({ payment_method: 'cash' });
    const item = await shiftCsvSummary(shift.id);
    expect(item.get('time_zone')).toEqual(['Europe/Berlin']);
    expect(item.get('business_day')).toEqual(['2027-03-28']);
    expect(item.get('opened_at_local')).toEqual(['2027-03-28 00:30']);
  });
});

describe('GET /v2/orders?shift_id=', () => {
  it("lists the shift's orders, as JSON and as CSV, and nothing sold outside it", async () => {
    const before = await ok<OrderJson>(await t.call('POST', '/v2/orders', orderBody(sale), adminSecret));
    const { shiftId, orderIds, z } = await night();
    const after = await ok<OrderJson>(await t.call('POST', '/v2/orders', orderBody(sale), till, bob));

    const list = (await (await get(`/v2/orders?shift_id=${shiftId}&limit=100`)).json()) as {
      data: (OrderJson & { shift_id: string })[];
    };
    expect(list.data.map((o) => o.id)).toEqual(orderIds);
    expect(list.data.every((o) => o.shift_id === shiftId)).toBe(true);
    expect(list.data).toHaveLength(z.order_count);
    expect(list.data.map((o) => o.id)).not.toContain(before.id);
    expect(list.data.map((o) => o.id)).not.toContain(after.id);
    // Pages like any list, and combines with the other filters.
    const page = (await (await get(`/v2/orders?shift_id=${shiftId}&limit=2`)).json()) as {
      data: OrderJson[];
      has_more: boolean;
    };
    expect(page.data.map((o) => o.id)).toEqual(orderIds.slice(0, 2));
    expect(page.has_more).toBe(true);
    const cash = (await (await get(`/v2/orders?shift_id=${shiftId}&payment_method=cash`)).json()) as {
      data: OrderJson[];
    };
    expect(cash.data.map((o) => o.id)).toEqual(orderIds.slice(0, 2));

    const csv = await get(`/v2/orders?shift_id=${shiftId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="orders-${shiftId}.csv"`);
    const rows = csvObjects(await csv.text());
    expect(rows.map((row) => row.order_id)).toEqual(orderIds);
    expect(rows.every((row) => row.shift_id === shiftId)).toBe(true);
    // The whole file ties each line to its shift; a sale outside any shift has the cell empty.
    const all = csvObjects(await (await get('/v2/orders?format=csv')).text());
    const shiftOf = new Map(all.map((row) => [row.order_id, row.shift_id]));
    expect(shiftOf.get(before.id)).toBe('');
    expect(shiftOf.get(after.id)).toBe('');
    expect(orderIds.map((id) => shiftOf.get(id))).toEqual(orderIds.map(() => shiftId));
    // Added after every earlier column (the venue's clock since, after it): none of theirs moved.
    expect(Object.keys(all[0]!).slice(11, 14)).toEqual(['net', 'shift_id', 'created_at_local']);
    // The shift's sales in the export add up to the Z report's.
    const cents = (text: string) => Math.round(Number(text) * 100);
    const sold = z.by_payment_method.reduce((sum, m) => sum + m.sales_cents, 0);
    expect(rows.reduce((sum, row) => sum + cents(row.total!), 0)).toBe(sold);
  });

  it('an unknown shift is 404 naming shift_id, an ill-formed one 400, as JSON and as CSV', async () => {
    for (const format of ['', '&format=csv']) {
      const unknown = await get(`/v2/orders?shift_id=shf_nope${format}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({
        error: { type: 'not_found_error', code: 'resource_missing', param: 'shift_id' },
      });
      for (const bad of ['evt_abc', 'shf_', 'shf_a-b', 'x'.repeat(81)]) {
        const res = await get(`/v2/orders?shift_id=${bad}${format}`);
        expect(res.status, bad).toBe(400);
        expect(await res.json()).toMatchObject({
          error: { type: 'invalid_request_error', code: 'invalid_field', param: 'shift_id' },
        });
      }
    }
  });
});

describe('GET /v2/shifts/{id}', () => {
  it('names the till it was opened on (a refund at another till says where the order was sold); the list does not', async () => {
    const shift = await ok<{ id: string }>(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 1_000, currency: 'usd' }, till, bob),
    );
    const one = (await (await get(`/v2/shifts/${shift.id}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ id: shift.id, status: 'open', till_name: 'box_office key' });
    const list = (await (await get('/v2/shifts')).json()) as { data: Record<string, unknown>[] };
    expect(list.data[0]).not.toHaveProperty('till_name');
  });
});

describe('cash refunded outside any till shift', () => {
  it("is in no drawer's report, and the event report shows it: count, amount, and how much of it was cash", async () => {
    const { shiftId, orderIds, z } = await night();
    const [cashTwo, , card] = orderIds as [string, string, string, string];
    // The admin's key has no shift open: a cash refund of 20.00 and a card refund of 10.00.
    await ok(await t.call('POST', `/v2/orders/${cashTwo}/refund`, { amount_cents: 2_000 }));
    await ok(await t.call('POST', `/v2/orders/${card}/refund`, { amount_cents: 1_000 }));
    const report = (await (await get(`/v2/reports/events/${sale.eventId}`)).json()) as {
      totals: { refunds_cents: number };
      refunds_outside_shifts: Record<string, number>;
    };
    expect(report.refunds_outside_shifts).toEqual({
      refunds: 2,
      refunds_cents: 3_000,
      cash_refunds: 1,
      cash_cents: 2_000,
    });
    // They are in the event's refunds like any other (25.00 at the till, 30.00 outside)…
    expect(report.totals.refunds_cents).toBe(5_500);
    // …and in no till's report: the Z report kept at closing is unchanged.
    expect(await (await get(`/v2/shifts/${shiftId}/report`)).json()).toEqual(z);

    // The bulk refund of a cancelled event is made with the admin key too: all of it outside.
    await ok(await t.call('POST', `/v2/events/${sale.eventId}/cancel`));
    await ok(await t.call('POST', `/v2/events/${sale.eventId}/refund_all`, {}));
    const after = (await (await get(`/v2/reports/events/${sale.eventId}`)).json()) as {
      refunds_outside_shifts: Record<string, number>;
    };
    // Left to give back: cashTwo 30.00 (cash), card 15.00 (card); the comp had nothing.
    expect(after.refunds_outside_shifts).toEqual({
      refunds: 4,
      refunds_cents: 7_500,
      cash_refunds: 2,
      cash_cents: 5_000,
    });
  });
});

describe('cash taken outside any till shift', () => {
  it("is in no drawer's report, and the event report shows it: the cash orders sold with no shift open", async () => {
    const { shiftId, z } = await night();
    // The shift is closed: the till sells on, 25.00 in cash and a card sale; the admin's key
    // (no shift) records 50.00 in cash; a kiosk's card sale has no drawer at all.
    await sell({ payment_method: 'cash' });
    await sell({ payment_method: 'card' });
    await ok(
      await t.call(
        'POST',
        '/v2/orders',
        orderBody(sale, { payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] }),
      ),
    );
    const kiosk = await createKey(t, 'kiosk');
    await ok(await t.call('POST', '/v2/orders', orderBody(sale, { payment_method: 'card' }), kiosk));

    const report = (await (await get(`/v2/reports/events/${sale.eventId}`)).json()) as {
      payment_methods: { payment_method: string; gross_cents: number }[];
      sales_outside_shifts: Record<string, number>;
    };
    expect(report.sales_outside_shifts).toEqual({ cash_orders: 2, cash_cents: 7_500 });
    // The event's cash is the shift's cash sales and the cash taken outside it, to the cent.
    const cash = report.payment_methods.find((m) => m.payment_method === 'cash')!;
    expect(cash.gross_cents).toBe(z.cash_sales_cents + 7_500);
    // …and no till's report counts it: the Z report kept at closing is unchanged.
    expect(await (await get(`/v2/shifts/${shiftId}/report`)).json()).toEqual(z);
  });
});
