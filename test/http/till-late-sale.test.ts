import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import { closedShiftSaleWords } from '../../src/renderer/src/lib/unanswered-sale.js';
import { useEvents } from '../../src/renderer/src/stores/events-store.js';
import { useSale } from '../../src/renderer/src/stores/sale-store.js';
import { useShift } from '../../src/renderer/src/stores/shift-store.js';
import { useStaff } from '../../src/renderer/src/stores/staff-store.js';
import { startFlakyLink, type FlakyLink } from '../e2e/support/flaky-link.js';
import { parseCsv } from '../support/csv.js';
import { tillAtPayment } from '../support/till-at-payment.js';
import { closeTillTab, deskClient, freshTillTab } from '../support/fresh-till-tab.js';
import { adminSecret, serveTestApp, TestClock, type ServedTestApp } from '../support/test-app.js';

// A cash sale rung up at 23:50 whose answer never came back (the lid shut, the Wi-Fi dropped);
// the manager closes that shift from the office and counts the drawer, which holds the customer's
// money; next morning the till settles the sale under its key. The till's stores against the real
// server (its own SQLite file) over a relay on loopback; the server on a clock the test moves.
let served: ServedTestApp;
let link: FlakyLink;
let tillSecret: string;
let officeSecret: string;
let managerToken: string;
const clock = new TestClock(Date.parse('2026-12-20T23:40:00Z'));
const sellerPin = '1357';

/** The admin's desk, with no till staff session (a module-wide token the till's store sets). */
const admin = () => deskClient(served.url, adminSecret);

/** The office PC: another till key, the manager signed in there. */
const office = () => {
  const client = makeClient(served.url, officeSecret);
  client.use({
    onRequest({ request }) {
      request.headers.set('marquee-staff', managerToken);
      return request;
    },
  });
  return client;
};

beforeAll(async () => {
  served = await serveTestApp({ now: clock.now });
  link = await startFlakyLink(served.url);
  const key = (name: string) =>
    unwrap(admin().POST('/v2/api_keys', { body: { name, scope: 'box_office' } })).then((made) => made.secret);
  tillSecret = await key('Till 1');
  officeSecret = await key('Office PC');
  await unwrap(admin().POST('/v2/staff', { body: { name: 'Anna', role: 'seller', pin: sellerPin } }));
  await unwrap(admin().POST('/v2/staff', { body: { name: 'Mia', role: 'manager', pin: '8642' } }));
});
afterAll(() => closeTillTab(link, served));
beforeEach(async () => {
  await freshTillTab(link, tillSecret);
  expect(await useStaff.getState().signIn(sellerPin)).toBe(true);
  useShift.getState().reset();
  await useShift.getState().loadCurrent();
  managerToken = (
    await unwrap(
      makeClient(served.url, officeSecret).POST('/v2/staff/sign_in', {
        body: { pin: '8642' },
        headers: { 'marquee-staff': '' },
      }),
    )
  ).session_token;
});

/** Tonight's shift at the till (£100.00 float), and one GA for £25.00 cash at payment. */
async function nightShiftSellingOne(title: string) {
  const night = await useShift.getState().open(10_000, 'gbp');
  const { complete, sold } = await tillAtPayment(admin, {
    title,
    stock: 10,
    tendered: '25',
    currency: 'gbp',
  });
  return { night, complete, sold };
}

/** The manager, at the office PC, closes the till's shift having counted float + the £25.00. */
async function managerCashesUp(shiftId: string) {
  clock.advance(8 * 60);
  return unwrap(
    office().POST('/v2/shifts/{id}/close', {
      params: { path: { id: shiftId } },
      body: { counted_cash_cents: 12_500 },
    }),
  );
}

const report = (shiftId: string) =>
  unwrap(admin().GET('/v2/shifts/{id}/report', { params: { path: { id: shiftId } } }));

/** Next morning: the till is opened again, the seller signs in and opens the day's shift. */
async function nextMorning() {
  clock.advance(9 * 60 * 60);
  await link.reconnect();
  link.release();
  await useStaff.getState().signOut('idle');
  expect(await useStaff.getState().signIn(sellerPin)).toBe(true);
  await useShift.getState().loadCurrent();
  expect(useShift.getState().current.data).toBeNull();
  return useShift.getState().open(10_000, 'gbp');
}

describe('a cash sale at 23:50 left unanswered, the shift cashed up from the office meanwhile', () => {
  it('it never reached the server: settled next morning, it joins the closed shift as a late sale, not the new one', async () => {
    const { night, complete, sold } = await nightShiftSellingOne('Never reached before the close');
    clock.advance(10 * 60);
    await link.disconnect();
    expect(await complete()).toBeNull();
    const z = await managerCashesUp(night.id);
    // The drawer holds the £25.00 the server never heard of: the count is £25.00 over.
    expect(z).toMatchObject({ expected_cash_cents: 10_000, over_short_cents: 2_500, order_count: 0 });

    const morning = await nextMorning();
    await useSale.getState().resendUnanswered();
    expect(useSale.getState().stage).toBe('done');
    // The seller is told where it counts: not in the drawer in front of them.
    expect(useSale.getState().doneNote).toContain(closedShiftSaleWords);
    const [order, ...more] = await sold();
    expect(more).toHaveLength(0);
    // Money taken in last night's shift is last night's: the morning's drawer never held it.
    expect(order!.shift_id).toBe(night.id);
    expect(await report(morning.id)).toMatchObject({ expected_cash_cents: 10_000, order_count: 0 });
    // Last night's Z report stays as counted, and says what came in after its close.
    const closed = await report(night.id);
    expect(closed).toMatchObject({ kind: 'z', expected_cash_cents: 10_000, over_short_cents: 2_500 });
    expect(closed.late_sales).toEqual({
      order_count: 1,
      cash_order_count: 1,
      cash_cents: 2_500,
      order_ids: [order!.id],
    });
    // The till's past shifts list flags last night's, with the same figures; the morning's has none.
    const listed = await unwrap(
      admin().GET('/v2/shifts', {
        params: { query: { api_key_id: night.api_key_id, order: 'newest_first' } },
      }),
    );
    const listedOf = (id: string) => listed.data.find((shift) => shift.id === id);
    expect(listedOf(night.id)?.late_sales).toEqual(closed.late_sales);
    expect(listedOf(morning.id)).toBeDefined();
    expect(listedOf(morning.id)).not.toHaveProperty('late_sales');
    // The CSV says it too, beside the drawer's figures.
    const csv = await unwrap(
      admin().GET('/v2/shifts/{id}/report', {
        params: { path: { id: night.id }, query: { format: 'csv' } },
        parseAs: 'text',
      }),
    );
    const items = new Map(parseCsv(csv as unknown as string).map((row) => [row[0], row[1]]));
    expect(items.get('over_short')).toBe('25.00');
    expect(items.get('late_sale_count')).toBe('1');
    expect(items.get('late_cash_sales')).toBe('25.00');
    await managerCashesUp(morning.id);
  });

  it('it had reached the server before the close: counted in that Z report, replayed once next morning, nothing late', async () => {
    const { night, complete, sold } = await nightShiftSellingOne('Reached before the close');
    clock.advance(10 * 60);
    link.trouble('POST /v2/orders ', 'lose-answer');
    expect(await complete()).toBeNull();
    await link.disconnect();
    const z = await managerCashesUp(night.id);
    expect(z).toMatchObject({ expected_cash_cents: 12_500, over_short_cents: 0, order_count: 1 });

    const morning = await nextMorning();
    await useSale.getState().resendUnanswered();
    expect(useSale.getState().doneNote).toContain(closedShiftSaleWords);
    const [order, ...more] = await sold();
    expect(more).toHaveLength(0);
    expect(order!.shift_id).toBe(night.id);
    expect(await report(morning.id)).toMatchObject({ expected_cash_cents: 10_000, order_count: 0 });
    const closed = await report(night.id);
    expect(closed).toEqual(z);
    expect(closed.late_sales).toBeUndefined();
    await managerCashesUp(morning.id);
  });

  it('a sale naming a shift of another till is refused in words, and nothing is sold', async () => {
    const { night, sold } = await nightShiftSellingOne('Another till’s shift');
    const [tier] = useEvents.getState().tiers[useSale.getState().eventId!]!.data!;
    const { response, error } = await office().POST('/v2/orders', {
      body: {
        event_id: useSale.getState().eventId!,
        items: [{ tier_id: tier!.id, quantity: 1 }],
        payment_method: 'cash',
        shift_id: night.id,
      },
      headers: { 'Idempotency-Key': 'office_names_till_shift' },
    });
    expect(response.status).toBe(400);
    expect(error).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'invalid_field',
        message: `Shift ${night.id} is not one of this till's shifts; a sale joins the shift of the till that rang it up.`,
        param: 'shift_id',
      },
    });
    expect(await sold()).toHaveLength(0);
    await managerCashesUp(night.id);
  });
});
