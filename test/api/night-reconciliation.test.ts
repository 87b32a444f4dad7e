import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { csvObjects, csvSections } from '../support/csv.js';
import { fetchAs } from '../support/http-client.js';
import { adminSecret, makeTestApp, type TestApp } from '../support/test-app.js';

/**
 * The organiser's accountant the morning after: every figure Marquee gives about one night, taken
 * over real HTTP from a real store, must agree with every other to the cent. The night: a euro
 * gala and a yen late set in Berlin on 5 December 2026 (UTC+1), two tills (the second opened its
 * shift after a cash sale), the kiosk, an integration's sales, card, cash, comp and external money,
 * an access-code tier, a partial refund, a full refund, a void, a replaced ticket, sales either
 * side of midnight and a refund the next morning.
 */

interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json: <T = Record<string, unknown>>() => T;
}

type EventReport = components['schemas']['EventReport'];
type SalesReport = components['schemas']['SalesReport'];
type ZReport = components['schemas']['ShiftReport'];
type Order = components['schemas']['Order'];

let t: TestApp;
let base: string;

async function http(
  method: string,
  path: string,
  body?: unknown,
  key = adminSecret,
  staff?: string,
): Promise<Answer> {
  const res = await fetchAs(base, path, { method, body, key, staff });
  // Decoded by hand: Response.text() drops a byte order mark, which the accountant's file has.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
  return { status: res.status, text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
}

/** A request that must succeed, at `at` on the store's clock. */
async function ok<T = Record<string, unknown>>(
  at: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
  staff?: string,
): Promise<T> {
  t.clock.ms = Date.parse(at);
  const res = await http(method, path, body, key, staff);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  return res.json<T>();
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number): number =>
  rows.reduce((total, row) => total + pick(row), 0);

/** A decimal in the currency's major unit, as the CSV writes it, back in minor units. */
function minor(text: string, digits: number): number {
  expect(text, 'a plain decimal a spreadsheet sums').toMatch(
    digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`),
  );
  return Math.round(Number(text) * 10 ** digits);
}

const night = {
  gala: { id: '', ga: '', vip: '' },
  late: { id: '', tier: '' },
  tills: { one: '', two: '' },
  kiosk: '',
  shifts: { one: '', two: '' },
  orders: {} as Record<string, Order>,
  transferredFrom: '',
};
const staff = { bobAtOne: '', annAtOne: '', annAtTwo: '' };

beforeAll(async () => {
  t = await makeTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const setUp = '2026-12-01T10:00:00Z';
  const gala = await ok<{ id: string }>(setUp, 'POST', '/v2/events', {
    title: '=Winter gala',
    venue: 'Main hall',
    doors_at: '2026-12-05T19:00:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'eur',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 200 }],
  });
  night.gala.id = gala.id;
  night.gala.ga = (
    await ok<{ data: { id: string }[] }>(setUp, 'GET', `/v2/events/${gala.id}/tiers`)
  ).data[0]!.id;
  night.gala.vip = (
    await ok<{ id: string }>(setUp, 'POST', `/v2/events/${gala.id}/tiers`, {
      name: '@Friends of the band',
      price_cents: 4000,
      quantity: 20,
      visibility: 'access_code',
      access_code: 'BAND',
    })
  ).id;
  const late = await ok<{ id: string }>(setUp, 'POST', '/v2/events', {
    title: 'Late set',
    venue: 'Cellar',
    doors_at: '2026-12-05T22:00:00+01:00',
    timezone: 'Europe/Berlin',
    currency: 'jpy',
    tickets: [{ name: 'Standing', price_cents: 3000, quantity: 100 }],
  });
  night.late.id = late.id;
  night.late.tier = (
    await ok<{ data: { id: string }[] }>(setUp, 'GET', `/v2/events/${late.id}/tiers`)
  ).data[0]!.id;
  for (const id of [gala.id, late.id]) await ok(setUp, 'POST', `/v2/events/${id}/publish`);
  const key = async (name: string, scope: string) =>
    (await ok<{ secret: string }>(setUp, 'POST', '/v2/api_keys', { name, scope })).secret;
  night.tills.one = await key('+Till one', 'box_office');
  night.tills.two = await key('Till two', 'box_office');
  night.kiosk = await key('Lobby kiosk', 'kiosk');
  await ok(setUp, 'POST', '/v2/staff', { name: '-Ann', role: 'manager', pin: '1234' });
  await ok(setUp, 'POST', '/v2/staff', { name: 'Bob', role: 'seller', pin: '5678' });
  const signIn = async (till: string, pin: string) =>
    (await ok<{ session_token: string }>('2026-12-05T16:55:00Z', 'POST', '/v2/staff/sign_in', { pin }, till))
      .session_token;
  staff.bobAtOne = await signIn(night.tills.one, '5678');
  staff.annAtOne = await signIn(night.tills.one, '1234');
  staff.annAtTwo = await signIn(night.tills.two, '1234');

  const { one, two } = night.tills;
  const buyer = { name: 'Ada Lovelace', email: 'ada@example.com' };
  const gaOf = (quantity: number) => ({
    event_id: gala.id,
    items: [{ tier_id: night.gala.ga, quantity }],
    buyer,
  });
  const sell = async (
    name: string,
    at: string,
    body: Record<string, unknown>,
    key?: string,
    who?: string,
  ) => {
    night.orders[name] = await ok<Order>(at, 'POST', '/v2/orders', body, key, who);
  };

  night.shifts.one = (
    await ok<{ id: string }>(
      '2026-12-05T17:00:00Z',
      'POST',
      '/v2/shifts',
      { opening_float_cents: 10_000, currency: 'eur' },
      one,
      staff.bobAtOne,
    )
  ).id;
  // Till two sells before its shift is opened: cash in no drawer's report.
  await sell(
    'twoBeforeShift',
    '2026-12-05T17:05:00Z',
    { ...gaOf(1), payment_method: 'cash' },
    two,
    staff.annAtTwo,
  );
  night.shifts.two = (
    await ok<{ id: string }>(
      '2026-12-05T17:10:00Z',
      'POST',
      '/v2/shifts',
      { opening_float_cents: 5000, currency: 'eur' },
      two,
      staff.annAtTwo,
    )
  ).id;
  await sell('oneCash', '2026-12-05T17:15:00Z', { ...gaOf(2), payment_method: 'cash' }, one, staff.bobAtOne);
  await sell(
    'oneVip',
    '2026-12-05T17:20:00Z',
    {
      event_id: gala.id,
      items: [{ tier_id: night.gala.vip, quantity: 1 }],
      buyer,
      access_code: 'BAND',
      payment_method: 'card',
    },
    one,
    staff.bobAtOne,
  );
  await sell(
    'oneComp',
    '2026-12-05T17:25:00Z',
    { ...gaOf(1), payment_method: 'comp', buyer: { name: 'Guest of the band' }, comp_reason: 'Guest list' },
    one,
    staff.bobAtOne,
  );
  await sell(
    'oneYen',
    '2026-12-05T17:30:00Z',
    { event_id: late.id, items: [{ tier_id: night.late.tier, quantity: 2 }], buyer, payment_method: 'cash' },
    one,
    staff.bobAtOne,
  );
  await sell('twoCash', '2026-12-05T17:35:00Z', { ...gaOf(1), payment_method: 'cash' }, two, staff.annAtTwo);
  await sell('twoCard', '2026-12-05T17:36:00Z', { ...gaOf(2), payment_method: 'card' }, two, staff.annAtTwo);
  await sell(
    'kiosk',
    '2026-12-05T17:40:00Z',
    {
      ...gaOf(2),
      buyer: { name: '=HYPERLINK("http://evil.test","Click")', email: 'kiosk@example.com' },
      payment_method: 'card',
    },
    night.kiosk,
  );
  await sell('api', '2026-12-05T17:45:00Z', {
    ...gaOf(1),
    buyer: { name: '@SUM(A1)', email: 'api@example.com' },
    payment_method: 'card',
  });
  await sell('apiYen', '2026-12-05T17:46:00Z', {
    event_id: late.id,
    items: [{ tier_id: night.late.tier, quantity: 1 }],
    buyer: { name: '-2+3', email: 'yen@example.com' },
    payment_method: 'external',
  });
  const { orders } = night;
  // A partial refund in cash and a void with refund at till one, a full refund at till two.
  await ok(
    '2026-12-05T18:00:00Z',
    'POST',
    `/v2/orders/${orders.oneCash!.id}/refund`,
    { amount_cents: 1000, method: 'cash' },
    one,
    staff.annAtOne,
  );
  await ok(
    '2026-12-05T18:05:00Z',
    'POST',
    `/v2/orders/${orders.twoCard!.id}/refund`,
    {},
    two,
    staff.annAtTwo,
  );
  // The yen show's cash order, partly refunded at the euro till: the other currency's own line.
  await ok(
    '2026-12-05T18:06:00Z',
    'POST',
    `/v2/orders/${orders.oneYen!.id}/refund`,
    { amount_cents: 1000 },
    one,
    staff.annAtOne,
  );
  await ok(
    '2026-12-05T18:10:00Z',
    'POST',
    `/v2/tickets/${orders.kiosk!.tickets[0]!.id}/void`,
    {},
    one,
    staff.annAtOne,
  );
  // A ticket replaced: the holder lost it, the office sends a new one.
  night.transferredFrom = orders.twoCash!.tickets[0]!.id;
  const replacement = await ok<{ id: string }>(
    '2026-12-05T18:15:00Z',
    'POST',
    `/v2/tickets/${night.transferredFrom}/transfer`,
    {
      to_email: 'ada.new@example.com',
      name: '+44 Ada',
    },
  );
  // The door: five admitted, the replaced ticket refused, one admitted twice refused.
  const checkIn = (ticketId: string) =>
    http('POST', `/v2/tickets/${ticketId}/check_in`, { reason: '=Phone flat' });
  const admit = [
    orders.oneCash!.tickets[0]!.id,
    orders.oneCash!.tickets[1]!.id,
    orders.oneComp!.tickets[0]!.id,
    replacement.id,
    orders.oneYen!.tickets[0]!.id,
  ];
  t.clock.ms = Date.parse('2026-12-05T18:30:00Z');
  for (const id of admit) expect((await checkIn(id)).json<{ result: string }>().result).toBe('admitted');
  for (const id of [night.transferredFrom, admit[0]!]) {
    const res = await checkIn(id);
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ result: string }>().result).toBe('rejected');
  }
  // Either side of midnight on the venue's clock (23:00 UTC is 00:00 in Berlin).
  await sell(
    'beforeMidnight',
    '2026-12-05T22:59:59.999Z',
    { ...gaOf(1), payment_method: 'card' },
    one,
    staff.bobAtOne,
  );
  await sell(
    'atMidnight',
    '2026-12-05T23:00:00.000Z',
    { ...gaOf(1), payment_method: 'cash' },
    one,
    staff.bobAtOne,
  );
  await ok(
    '2026-12-05T23:30:00Z',
    'POST',
    `/v2/shifts/${night.shifts.one}/close`,
    { counted_cash_cents: 16_500 },
    one,
    staff.bobAtOne,
  );
  await ok(
    '2026-12-05T23:31:00Z',
    'POST',
    `/v2/shifts/${night.shifts.two}/close`,
    { counted_cash_cents: 7400 },
    two,
    staff.annAtTwo,
  );
  // The next morning the office refunds the integration's order: no till, no shift.
  await ok('2026-12-06T09:00:00Z', 'POST', `/v2/orders/${orders.api!.id}/refund`, {});
  await ok('2026-12-06T09:05:00Z', 'POST', '/v2/payouts', { event_id: gala.id });
}, 60_000);

afterAll(async () => t?.close());

const report = async (eventId: string) =>
  ok<EventReport>('2026-12-06T10:00:00Z', 'GET', `/v2/reports/events/${eventId}`);
const zReport = (shiftId: string) =>
  ok<ZReport>('2026-12-06T10:00:00Z', 'GET', `/v2/shifts/${shiftId}/report`);
async function csv(path: string): Promise<{ text: string; rows: Record<string, string>[] }> {
  const res = await http('GET', path);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return { text: res.text, rows: csvObjects(res.text) };
}
const salesBetween = (from: string, to: string) =>
  ok<SalesReport>(
    '2026-12-06T10:00:00Z',
    'GET',
    `/v2/reports/sales?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&timezone=Europe/Berlin`,
  );

describe("the accountant's reconciliation of one night", () => {
  it("sums the orders CSV's lines to each event report's gross, refunds and net, by method and by channel", async () => {
    for (const [eventId, digits] of [
      [night.gala.id, 2],
      [night.late.id, 0],
    ] as const) {
      const rep = await report(eventId);
      const { rows } = await csv(`/v2/orders?format=csv&event_id=${eventId}`);
      const money = (of: readonly Record<string, string>[]) => ({
        orders: of.length,
        gross_cents: sum(of, (row) => minor(row.total!, digits)),
        refunds_cents: sum(of, (row) => minor(row.refunded!, digits)),
        net_cents: sum(of, (row) => minor(row.net!, digits)),
      });
      expect(money(rows)).toEqual({
        orders: rep.totals.orders,
        gross_cents: rep.totals.gross_cents,
        refunds_cents: rep.totals.refunds_cents,
        net_cents: rep.totals.net_cents,
      });
      for (const line of rep.payment_methods) {
        expect(
          money(rows.filter((row) => row.payment_method === line.payment_method)),
          line.payment_method,
        ).toEqual({
          orders: line.orders,
          gross_cents: line.gross_cents,
          refunds_cents: line.refunds_cents,
          net_cents: line.net_cents,
        });
      }
      for (const line of rep.channels) {
        expect(money(rows.filter((row) => row.channel === line.channel)), line.channel).toEqual({
          orders: line.orders,
          gross_cents: line.gross_cents,
          refunds_cents: line.refunds_cents,
          net_cents: line.net_cents,
        });
      }
      // The tiers add up to the totals, to the cent.
      for (const key of ['gross_cents', 'refunds_cents', 'net_cents', 'sold', 'comps', 'voided'] as const) {
        expect(
          sum(rep.tiers, (tier) => tier[key]),
          key,
        ).toBe(rep.totals[key]);
      }
    }
  });

  it('gives the expected gala figures: comps once at zero, the void, the replaced ticket no second sale', async () => {
    const rep = await report(night.gala.id);
    // Paid tickets: 1 + 2 + 1 VIP + 1 + 2 + 2 + 1 + 1 + 1 = 12; the comp apart; the replacement is no
    // sale. Voided: the one void, and the tickets of the two orders refunded whole (2 + 1).
    expect(rep.totals).toMatchObject({ orders: 10, sold: 12, comps: 1, voided: 4 });
    expect(rep.totals.gross_cents).toBe(11 * 2500 + 4000);
    expect(rep.totals.refunds_cents).toBe(1000 + 5000 + 2500 + 2500);
    expect(rep.payment_methods.find((line) => line.payment_method === 'comp')).toMatchObject({
      orders: 1,
      gross_cents: 0,
    });
    expect(rep.sales_outside_shifts).toEqual({ cash_orders: 1, cash_cents: 2500 });
    expect(rep.refunds_outside_shifts).toEqual({
      refunds: 1,
      refunds_cents: 2500,
      cash_refunds: 0,
      cash_cents: 0,
    });
  });

  it("reconciles the Z reports with the event reports' cash, the till channel and the orders CSV's shift_id", async () => {
    const shifts = [night.shifts.one, night.shifts.two];
    const zs = await Promise.all(shifts.map(zReport));
    const { rows } = await csv('/v2/orders?format=csv');
    for (const [eventId, currency, digits] of [
      [night.gala.id, 'eur', 2],
      [night.late.id, 'jpy', 0],
    ] as const) {
      const rep = await report(eventId);
      const cashLine = rep.payment_methods.find((line) => line.payment_method === 'cash')!;
      // The event's cash gross is its shifts' cash sales plus the cash taken outside any shift.
      const zCash = sum(
        zs.flatMap((z) => z.by_payment_method),
        (line) => (line.payment_method === 'cash' && line.currency === currency ? line.sales_cents : 0),
      );
      // Each shift's Z lines hold both events' sales in this currency only for this event here.
      expect(zCash + rep.sales_outside_shifts.cash_cents, eventId).toBe(cashLine.gross_cents);
      // The till channel: what the shifts sold for this event plus till orders outside a shift.
      const tillLine = rep.channels.find((line) => line.channel === 'till')!;
      const inShifts = sum(
        zs.flatMap((z) => z.by_tier).filter((line) => line.event_id === eventId),
        (line) => line.sales_cents,
      );
      const tillOutside = sum(
        rows.filter((row) => row.event_id === eventId && row.channel === 'till' && row.shift_id === ''),
        (row) => minor(row.total!, digits),
      );
      expect(inShifts + tillOutside, eventId).toBe(tillLine.gross_cents);
    }
    for (const [index, z] of zs.entries()) {
      const shiftId = shifts[index]!;
      const mine = rows.filter((row) => row.shift_id === shiftId);
      expect(mine.length, shiftId).toBe(z.order_count);
      const cashTaken = sum(
        mine.filter((row) => row.payment_method === 'cash' && row.currency === z.currency),
        (row) => minor(row.total!, 2),
      );
      expect(z.cash_sales_cents).toBe(cashTaken);
      expect(z.expected_cash_cents).toBe(z.opening_float_cents + z.cash_sales_cents - z.cash_refunds_cents);
      expect(z.over_short_cents).toBe(z.counted_cash_cents! - z.expected_cash_cents);
    }
    const [one, two] = zs as [ZReport, ZReport];
    expect(one).toMatchObject({ currency: 'eur', expected_cash_cents: 16_500, over_short_cents: 0 });
    expect(one.comps).toEqual({ order_count: 1, ticket_count: 1 });
    expect(two).toMatchObject({ currency: 'eur', expected_cash_cents: 7500, over_short_cents: -100 });
    // Refunds: each made in a shift is in that shift's Z report; the next morning's in none.
    const gala = await report(night.gala.id);
    expect(
      one.refunds.amount_cents + two.refunds.amount_cents + gala.refunds_outside_shifts.refunds_cents,
    ).toBe(gala.totals.refunds_cents);
    expect(one.refunds.count + two.refunds.count + gala.refunds_outside_shifts.refunds).toBe(
      gala.totals.refunds,
    );
    const late = await report(night.late.id);
    expect(one.other_currencies).toEqual([
      {
        currency: 'jpy',
        refunds: { count: 1, amount_cents: late.totals.refunds_cents },
        voids: { count: 0, amount_cents: 0 },
      },
    ]);
    // Every comp was given at a till in a shift: counted there once, and once in the event report.
    expect(one.comps.ticket_count + two.comps.ticket_count).toBe(gala.totals.comps);
    expect(one.by_payment_method.filter((line) => line.payment_method === 'comp')).toMatchObject([
      { order_count: 1, sales_cents: 0 },
    ]);
  });

  it("counts takings when the money moved: the venue's days either side of midnight and the month", async () => {
    const gala = await report(night.gala.id);
    const late = await report(night.late.id);
    const month = await salesBetween('2026-12-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00');
    expect(
      month.months.map(({ month: m, currency, gross_cents, refunds_cents, net_cents }) => ({
        m,
        currency,
        gross_cents,
        refunds_cents,
        net_cents,
      })),
    ).toEqual([
      { m: '2026-12', currency: 'eur', ...pickMoney(gala.totals) },
      { m: '2026-12', currency: 'jpy', ...pickMoney(late.totals) },
    ]);
    for (const [eventId, rep] of [
      [night.gala.id, gala],
      [night.late.id, late],
    ] as const) {
      expect(month.events.find((row) => row.event_id === eventId)).toMatchObject({
        orders: rep.totals.orders,
        refunds: rep.totals.refunds,
        ...pickMoney(rep.totals),
      });
    }
    const fifth = await salesBetween('2026-12-05T00:00:00+01:00', '2026-12-06T00:00:00+01:00');
    const sixth = await salesBetween('2026-12-06T00:00:00+01:00', '2026-12-07T00:00:00+01:00');
    const eur = (r: SalesReport) => r.totals.find((row) => row.currency === 'eur')!;
    // The sale at 00:00:00.000 in Berlin and the morning's refund are the 6th's; the rest the 5th's.
    expect(eur(sixth)).toEqual({
      currency: 'eur',
      orders: 1,
      gross_cents: 2500,
      refunds: 1,
      refunds_cents: 2500,
      net_cents: 0,
    });
    expect(eur(fifth).gross_cents + eur(sixth).gross_cents).toBe(gala.totals.gross_cents);
    expect(eur(fifth).refunds_cents + eur(sixth).refunds_cents).toBe(gala.totals.refunds_cents);
    expect(eur(fifth).orders).toBe(9);
    // The orders CSV, filtered by the venue's day as a spreadsheet would, takes what the days took.
    const { rows } = await csv(`/v2/orders?format=csv&event_id=${night.gala.id}`);
    for (const [day, takings] of [
      ['2026-12-05', eur(fifth)],
      ['2026-12-06', eur(sixth)],
    ] as const) {
      const ofDay = rows.filter((row) => row.created_at_local!.startsWith(day));
      expect(ofDay.every((row) => row.time_zone === 'Europe/Berlin')).toBe(true);
      expect([ofDay.length, sum(ofDay, (row) => minor(row.total!, 2))], day).toEqual([
        takings.orders,
        takings.gross_cents,
      ]);
    }
    // Till one's shift is the evening's business day, yet holds that 00:00 sale of the 6th.
    const shiftCsv = csvSections((await csv(`/v2/shifts/${night.shifts.one}/report?format=csv`)).text)[0]!;
    expect(Object.fromEntries(shiftCsv.map(([item, value]) => [item, value]))).toMatchObject({
      time_zone: 'Europe/Berlin',
      business_day: '2026-12-05',
      closed_at_local: '2026-12-06 00:30',
      // Each amount with its own currency's decimals: euros with two, the yen refund with none.
      currency: 'eur',
      expected_cash: '165.00',
      refunds_jpy: '1000',
    });
    const midnight = rows.find((row) => row.order_id === night.orders.atMidnight!.id)!;
    expect(midnight.shift_id).toBe(night.shifts.one);
    expect([midnight.created_at, midnight.created_at_local]).toEqual([
      '2026-12-05T23:00:00.000Z',
      '2026-12-06 00:00',
    ]);
  });

  it("pays out the gala's net, and counts admissions as the scans and attendees CSVs do", async () => {
    const gala = await report(night.gala.id);
    const payouts = await ok<{ data: { amount_cents: number; currency: string }[] }>(
      '2026-12-06T10:00:00Z',
      'GET',
      `/v2/payouts?event_id=${night.gala.id}`,
    );
    expect(payouts.data.map((p) => [p.amount_cents, p.currency])).toEqual([[gala.totals.net_cents, 'eur']]);
    let admittedEverywhere = 0;
    for (const eventId of [night.gala.id, night.late.id]) {
      const rep = await report(eventId);
      const scans = (await csv(`/v2/scans?format=csv&event_id=${eventId}`)).rows;
      // The door's times on the venue's clock too: the check-ins were at 19:30 in Berlin.
      expect(scans.map((row) => [row.scanned_at_local, row.time_zone])).toEqual(
        scans.map(() => ['2026-12-05 19:30', 'Europe/Berlin']),
      );
      const admitted = new Set(scans.filter((row) => row.result === 'admitted').map((row) => row.ticket_id));
      expect(admitted.size, eventId).toBe(rep.admissions.admitted);
      const attendees = (await csv(`/v2/attendees?format=csv&event_id=${eventId}`)).rows;
      expect(
        attendees.every(
          (row) => row.time_zone === 'Europe/Berlin' && row.created_at_local!.startsWith('2026-12-0'),
        ),
      ).toBe(true);
      expect(attendees.filter((row) => row.admitted === 'yes').length).toBe(rep.admissions.admitted);
      // One row per ticket: each sold or given, and each replacement; the voided ones as voided.
      const replacements = attendees.filter((row) => row.ticket_status === 'transferred').length;
      expect(attendees.length, eventId).toBe(rep.totals.sold + rep.totals.comps + replacements);
      expect(attendees.filter((row) => row.ticket_status === 'voided').length).toBe(rep.totals.voided);
      expect(attendees.filter((row) => row.ticket_status === 'active' && row.admitted === 'no').length).toBe(
        rep.admissions.not_yet_arrived,
      );
      admittedEverywhere += admitted.size;
    }
    expect(admittedEverywhere).toBe(5);
  });

  it('opens every CSV as a spreadsheet would: BOM, header, no cell a formula', async () => {
    const files = [
      '/v2/orders?format=csv',
      `/v2/attendees?format=csv&event_id=${night.gala.id}`,
      `/v2/scans?format=csv&event_id=${night.gala.id}`,
      `/v2/shifts/${night.shifts.one}/report?format=csv`,
      `/v2/shifts/${night.shifts.two}/report?format=csv`,
    ];
    // Every text column the night wrote a would-be formula into, as each file should show it.
    const defused: Record<string, string[]> = {
      [files[1]!]: ["'+44 Ada", "'@Friends of the band"],
      [files[2]!]: ["'=Phone flat"],
      [files[3]!]: ["'+Till one", "'@Friends of the band", "'=Winter gala"],
      [files[4]!]: ["'-Ann"],
    };
    for (const path of files) {
      const { text } = await csv(path);
      expect(text.startsWith('\uFEFF'), path).toBe(true);
      const cells = csvSections(text).flat(2);
      expect(cells, path).toEqual(expect.arrayContaining(defused[path] ?? []));
      for (const record of csvSections(text).flat()) {
        for (const cell of record) {
          // A negative amount is ours, a number, not text a spreadsheet would run.
          if (/^-\d+(\.\d+)?$/.test(cell)) continue;
          expect(cell, `${path}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);
        }
      }
    }
    const orders = (await csv('/v2/orders?format=csv')).rows;
    expect(orders.map((row) => row.buyer_name)).toEqual(
      expect.arrayContaining([`'=HYPERLINK("http://evil.test","Click")`, "'@SUM(A1)", "'-2+3"]),
    );
    const yen = orders.find((row) => row.currency === 'jpy')!;
    expect(yen.total).toBe('6000');
  });
});

function pickMoney(
  totals: EventReport['totals'],
): Pick<EventReport['totals'], 'gross_cents' | 'refunds_cents' | 'net_cents'> {
  return {
    gross_cents: totals.gross_cents,
    refunds_cents: totals.refunds_cents,
    net_cents: totals.net_cents,
  };
}
