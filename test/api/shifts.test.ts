import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/shared/api/schema.js';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { comp, orderBody, saleEvent, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';
import { fieldLimits } from '../../src/shared/field-limits.js';

type ShiftJson = components['schemas']['Shift'];

let t: TestApp;
let till: string;
let sale: Sale;
let ann: Record<string, string>;
let bob: Record<string, string>;
let annId: string;
let bobId: string;

beforeEach(async () => {
  t = await makeTestApp();
  till = await createKey(t, 'box_office');
  sale = await saleEvent(t);
  annId = (await addStaff(t, 'Ann', 'manager', '1234')).id;
  bobId = (await addStaff(t, 'Bob', 'seller', '5678')).id;
  ann = asStaff(await signIn(t, till, '1234'));
  bob = asStaff(await signIn(t, till, '5678'));
});
afterEach(async () => {
  await t.close();
});

/** A second published event on sale, priced in another currency (one tier at 10.00). */
async function saleEventIn(app: TestApp, currency: string): Promise<Sale> {
  const created = await app.call('POST', '/v2/events', {
    title: 'Euro night',
    venue: 'Main hall',
    doors_at: '2026-12-24T21:00:00+00:00',
    timezone: 'UTC',
    currency,
    tickets: [{ name: 'Standing', price_cents: 1000, quantity: 100 }],
  });
  const event = created.json() as { id: string };
  await app.call('POST', `/v2/events/${event.id}/publish`);
  const tiers = (await app.call('GET', `/v2/events/${event.id}/tiers`)).json() as { data: { id: string }[] };
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}

/**
 * A float names its currency (there is no event tonight for the server to take it from): the
 * fixture's dollars. A zero float names none, the drawer taking its first sale's.
 */
async function open(floatCents: number, who = bob, key = till): Promise<ShiftJson> {
  const body =
    floatCents > 0 ? { opening_float_cents: floatCents, currency: 'usd' } : { opening_float_cents: 0 };
  const res = await t.call('POST', '/v2/shifts', body, key, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ShiftJson;
}

async function sell(
  overrides: Record<string, unknown>,
  who = bob,
  key = till,
): Promise<OrderJson & { shift_id: string | null }> {
  const res = await t.call('POST', '/v2/orders', orderBody(sale, overrides), key, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderJson & { shift_id: string | null };
}

describe('shifts', () => {
  it('counts the drawer by how a refund went back: a card order refunded in cash leaves it, a cash order refunded to a card does not', async () => {
    const shift = await open(10_000);
    const card = await sell({ payment_method: 'card' });
    const cash = await sell({ payment_method: 'cash' });
    for (const [order, method] of [
      [card, 'cash'],
      [cash, 'card'],
    ] as const) {
      const res = await t.call(
        'POST',
        `/v2/orders/${order.id}/refund`,
        { amount_cents: 1_000, method },
        till,
        ann,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    // Float 100.00 + cash sale 25.00 − the 10.00 handed back in cash for the card order.
    expect(x).toMatchObject({
      cash_sales_cents: 2_500,
      cash_refunds_cents: 1_000,
      expected_cash_cents: 11_500,
    });
  });

  it('X report mid-shift, then the Z report exact to the cent: float + cash − cash refund, card apart, 5.00 short', async () => {
    const shift = await open(10_000);
    expect(shift).toMatchObject({
      status: 'open',
      api_key_id: expect.stringMatching(/^key_/),
      opened_by: bobId,
    });
    expect(shift.id).toMatch(/^shf_/);

    const cashTwo = await sell({ payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const cashOne = await sell({ payment_method: 'cash' });
    const card = await sell({ payment_method: 'card' });
    const free = await sell(comp);
    for (const order of [cashTwo, cashOne, card, free]) expect(order.shift_id).toBe(shift.id);
    // Not through this till: no shift.
    const elsewhere = await t.call('POST', '/v2/orders', orderBody(sale, { payment_method: 'cash' }));
    expect((elsewhere.json() as { shift_id: string | null }).shift_id).toBeNull();

    // The seller is refused the refund; the manager, signed in at the same till, makes it.
    expectError(
      await t.call('POST', `/v2/orders/${cashOne.id}/refund`, {}, till, bob),
      403,
      'permission_error',
      'insufficient_role',
    );
    const refunded = await t.call('POST', `/v2/orders/${cashOne.id}/refund`, {}, till, ann);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as { refunds: { shift_id: string }[] }).refunds[0]!.shift_id).toBe(shift.id);
    const voided = await t.call(
      'POST',
      `/v2/tickets/${card.tickets[0]!.id}/void`,
      { refund: false },
      till,
      ann,
    );
    expect(voided.statusCode, voided.body).toBe(200);
    const voidShifts = t.app.ctx.db
      .prepare('SELECT void_shift_id AS s FROM tickets WHERE void_shift_id IS NOT NULL ORDER BY seq')
      .all() as { s: string }[];
    // The full refund voided cashOne's ticket; the card ticket was voided by hand.
    expect(voidShifts).toEqual([{ s: shift.id }, { s: shift.id }]);

    const x = await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till);
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json()).toMatchObject({
      kind: 'x',
      shift: { id: shift.id, status: 'open' },
      currency: 'usd',
      opening_float_cents: 10_000,
      cash_sales_cents: 7_500,
      cash_refunds_cents: 2_500,
      expected_cash_cents: 15_000,
      counted_cash_cents: null,
      over_short_cents: null,
      order_count: 4,
    });
    // The X report leaves the shift open: a sale still joins it.
    expect((await sell({ payment_method: 'card' })).shift_id).toBe(shift.id);

    const closed = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 14_500 },
      till,
      ann,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const z = closed.json();
    expect(z).toEqual({
      kind: 'z',
      shift: expect.objectContaining({
        id: shift.id,
        status: 'closed',
        closed_by: annId,
        counted_cash_cents: 14_500,
      }),
      generated_at: new Date(t.clock.ms).toISOString(),
      currency: 'usd',
      opening_float_cents: 10_000,
      cash_sales_cents: 7_500,
      cash_refunds_cents: 2_500,
      expected_cash_cents: 15_000,
      counted_cash_cents: 14_500,
      over_short_cents: -500,
      order_count: 5,
      by_payment_method: [
        {
          payment_method: 'cash',
          currency: 'usd',
          order_count: 2,
          sales_cents: 7_500,
          refund_count: 1,
          refunds_cents: 2_500,
          net_cents: 5_000,
        },
        {
          payment_method: 'card',
          currency: 'usd',
          order_count: 2,
          sales_cents: 5_000,
          refund_count: 0,
          refunds_cents: 0,
          net_cents: 5_000,
        },
        {
          payment_method: 'comp',
          currency: 'usd',
          order_count: 1,
          sales_cents: 0,
          refund_count: 0,
          refunds_cents: 0,
          net_cents: 0,
        },
      ],
      by_tier: [
        {
          tier_id: sale.tierId,
          tier_name: 'General admission',
          event_id: sale.eventId,
          currency: 'usd',
          tickets: 6,
          comp_tickets: 1,
          sales_cents: 12_500,
        },
      ],
      refunds: { count: 1, amount_cents: 2_500 },
      voids: { count: 2, amount_cents: 5_000 },
      other_currencies: [],
      comps: { order_count: 1, ticket_count: 1 },
    });

    // Kept: the report of the closed shift is the Z report, byte for byte, whenever asked.
    t.clock.advance(3600);
    const kept = await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till);
    expect(kept.body).toBe(closed.body);
    // After the close, sales carry no shift.
    expect((await sell({ payment_method: 'cash' })).shift_id).toBeNull();
  });

  it('never adds two currencies: refunds and voids are the drawer’s currency, the other currency’s apart', async () => {
    const shift = await open(10_000);
    const dollars = await sell({ payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const euros = await saleEventIn(t, 'eur');
    const euroOrder = await sell({
      event_id: euros.eventId,
      payment_method: 'cash',
      items: [{ tier_id: euros.tierId, quantity: 2 }],
    });
    const refund = async (orderId: string, amount: number) =>
      expect(
        (await t.call('POST', `/v2/orders/${orderId}/refund`, { amount_cents: amount }, till, ann))
          .statusCode,
      ).toBe(200);
    const voidTicket = async (ticketId: string) =>
      expect(
        (await t.call('POST', `/v2/tickets/${ticketId}/void`, { refund: false }, till, ann)).statusCode,
      ).toBe(200);
    await refund(dollars.id, 1_000);
    await refund(euroOrder.id, 300);
    await voidTicket(dollars.tickets[0]!.id);
    await voidTicket(euroOrder.tickets[0]!.id);
    await voidTicket(euroOrder.tickets[1]!.id);

    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    // $10.00 and one $25.00 ticket in dollars; the €3.00 and two €10.00 tickets are not dollars.
    expect(x).toMatchObject({
      currency: 'usd',
      refunds: { count: 1, amount_cents: 1_000 },
      voids: { count: 1, amount_cents: 2_500 },
      other_currencies: [
        {
          currency: 'eur',
          refunds: { count: 1, amount_cents: 300 },
          voids: { count: 2, amount_cents: 2_000 },
        },
      ],
    });
    const z = (
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 14_000 }, till, bob)
    ).json();
    expect(z).toMatchObject({
      refunds: { count: 1, amount_cents: 1_000 },
      voids: { count: 1, amount_cents: 2_500 },
      other_currencies: [{ currency: 'eur', refunds: { count: 1, amount_cents: 300 } }],
    });
  });

  it('counts the drawer in the currency it was opened with, even when the first sale is in another', async () => {
    const res = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 10_000, currency: 'usd' },
      till,
      bob,
    );
    expect(res.statusCode, res.body).toBe(200);
    const shift = res.json() as ShiftJson;
    const euros = await saleEventIn(t, 'eur');
    await sell({
      event_id: euros.eventId,
      payment_method: 'cash',
      items: [{ tier_id: euros.tierId, quantity: 1 }],
    });
    await sell({ payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] });

    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    // $100.00 float + $50.00 cash; the €10.00 is in the euro line, not in the dollar drawer.
    expect(x).toMatchObject({ currency: 'usd', cash_sales_cents: 5_000, expected_cash_cents: 15_000 });
    expect(x.by_payment_method).toContainEqual(
      expect.objectContaining({ payment_method: 'cash', currency: 'eur', sales_cents: 1_000 }),
    );

    // Opened without a currency (an integration), the first sale's still decides, as before.
    const other = await createKey(t, 'box_office');
    const seller = asStaff(await signIn(t, other, '5678'));
    const second = await open(0, seller, other);
    await sell(
      { event_id: euros.eventId, payment_method: 'cash', items: [{ tier_id: euros.tierId, quantity: 1 }] },
      seller,
      other,
    );
    await sell({ payment_method: 'cash' }, seller, other);
    expect((await t.call('GET', `/v2/shifts/${second.id}/report`, undefined, other)).json()).toMatchObject({
      currency: 'eur',
      expected_cash_cents: 1_000,
    });
  });

  it('a shift with no money of its own puts a void of an earlier euro sale apart, never in an unnamed currency', async () => {
    const euros = await saleEventIn(t, 'eur');
    const earlier = await sell({
      event_id: euros.eventId,
      payment_method: 'card',
      items: [{ tier_id: euros.tierId, quantity: 2 }],
    });
    const shift = await open(0);
    const voided = await t.call(
      'POST',
      `/v2/tickets/${earlier.tickets[0]!.id}/void`,
      { refund: false },
      till,
      ann,
    );
    expect(voided.statusCode, voided.body).toBe(200);

    // No currency of its own: the screen and the CSV word `voids` in the till's fallback (dollars),
    // so the €10.00 ticket must not be there, where it read as $10.00.
    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    expect(x).toMatchObject({
      currency: null,
      voids: { count: 0, amount_cents: 0 },
      other_currencies: [{ currency: 'eur', voids: { count: 1, amount_cents: 1_000 } }],
    });
  });

  it('counts a dollar float in dollars when the till sold only euro tickets', async () => {
    const shift = (
      await t.call('POST', '/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, till, bob)
    ).json() as ShiftJson;
    const euros = await saleEventIn(t, 'eur');
    await sell({
      event_id: euros.eventId,
      payment_method: 'cash',
      items: [{ tier_id: euros.tierId, quantity: 3 }],
    });

    // The $100.00 float is the drawer's money: no €130.00 expected, the euros in their own line.
    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    expect(x).toMatchObject({ currency: 'usd', cash_sales_cents: 0, expected_cash_cents: 10_000 });
    expect(x.by_payment_method).toContainEqual(
      expect.objectContaining({ payment_method: 'cash', currency: 'eur', sales_cents: 3_000 }),
    );
  });

  it('a shift says the currency it was opened in, kept through its close, and null when none was named', async () => {
    const opened = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 5_000, currency: 'eur' },
      till,
      bob,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const euro = opened.json() as ShiftJson;
    expect(euro.currency).toBe('eur');
    const z = await t.call('POST', `/v2/shifts/${euro.id}/close`, { counted_cash_cents: 4_000 }, till, ann);
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({ currency: 'eur', shift: { id: euro.id, currency: 'eur' } });

    // Nothing named and no event tonight: no currency, as the audit row has none.
    const plain = await open(0);
    expect(plain.currency).toBeNull();
    expect((await t.call('GET', `/v2/shifts/${plain.id}`, undefined, till)).json()).toMatchObject({
      currency: null,
    });
    const listed = (await t.call('GET', '/v2/shifts?order=newest_first', undefined, till)).json() as {
      data: ShiftJson[];
    };
    expect(listed.data.map((s) => [s.id, s.currency])).toEqual([
      [plain.id, null],
      [euro.id, 'eur'],
    ]);
  });

  it('a closed shift says the currency it was counted in, its Z report’s: euros on a dollar shift with no float', async () => {
    const euros = await saleEventIn(t, 'eur');
    const opened = await t.call('POST', '/v2/shifts', { opening_float_cents: 0, currency: 'usd' }, till, bob);
    expect(opened.statusCode, opened.body).toBe(200);
    const dollar = opened.json() as ShiftJson;
    expect(dollar).not.toHaveProperty('counted_currency');
    const euroSale = await t.call(
      'POST',
      '/v2/orders',
      orderBody(euros, { payment_method: 'cash' }),
      till,
      bob,
    );
    expect(euroSale.statusCode, euroSale.body).toBe(200);
    const z = await t.call('POST', `/v2/shifts/${dollar.id}/close`, { counted_cash_cents: 1_000 }, till, ann);
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({ currency: 'eur', expected_cash_cents: 1_000 });

    const got = (await t.call('GET', `/v2/shifts/${dollar.id}`, undefined, till)).json() as ShiftJson;
    expect(got).toMatchObject({ currency: 'usd', counted_currency: 'eur', counted_cash_cents: 1_000 });
    const listed = (await t.call('GET', '/v2/shifts', undefined, till)).json() as { data: ShiftJson[] };
    expect(listed.data.find((s) => s.id === dollar.id)).toMatchObject({ counted_currency: 'eur' });
    // The Z report kept is unchanged by it: its own `currency` already says so.
    expect((await t.call('GET', `/v2/shifts/${dollar.id}/report`, undefined, till)).body).toBe(z.body);
  });

  it('one open shift per till: 409 shift_already_open; another till opens its own', async () => {
    const first = await open(5_000);
    const again = expectError(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 0 }, till, ann),
      409,
      'conflict_error',
      'shift_already_open',
    );
    expect(again.message).toContain(first.id);
    const till2 = await createKey(t, 'box_office');
    const second = await open(0, asStaff(await signIn(t, till2, '5678')), till2);
    expect(second.api_key_id).not.toBe(first.api_key_id);
    expect((await t.call('GET', '/v2/shifts?status=open', undefined, till)).json()).toMatchObject({
      data: [{ id: first.id }, { id: second.id }],
    });
  });

  it('lists a till’s closed shifts newest first, pages and all, so last night’s is found after years of them', async () => {
    const closed: string[] = [];
    for (let night = 0; night < 5; night++) {
      const shift = await open(1_000);
      closed.push(shift.id);
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 1_000 }, till, ann);
    }
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const query = `status=closed&limit=2&order=newest_first${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.call('GET', `/v2/shifts?${query}`, undefined, till);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: ShiftJson[]; has_more: boolean; next_cursor: string | null };
      listed.push(...page.data.map((s) => s.id));
      cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
    } while (cursor);
    expect(listed).toEqual([...closed].reverse());
    // A newest-first cursor belongs to that order: refused on the oldest-first list.
    const first = (
      await t.call('GET', '/v2/shifts?status=closed&limit=1&order=newest_first', undefined, till)
    ).json() as {
      next_cursor: string;
    };
    expectInvalid(
      await t.call('GET', `/v2/shifts?status=closed&limit=1&cursor=${first.next_cursor}`, undefined, till),
      'cursor',
    );
    expectInvalid(await t.call('GET', '/v2/shifts?order=latest', undefined, till), 'order');
  });

  it('a till reads its own key id in its staff session and lists only its own shifts with it, pages and all', async () => {
    const till2 = await createKey(t, 'box_office');
    const bob2 = asStaff(await signIn(t, till2, '5678'));
    const session = (await t.call('GET', '/v2/staff/session', undefined, till, bob)).json() as {
      api_key_id: string;
    };
    const session2 = (await t.call('GET', '/v2/staff/session', undefined, till2, bob2)).json() as {
      api_key_id: string;
    };
    expect(session.api_key_id).toMatch(/^key_/);
    expect(session2.api_key_id).not.toBe(session.api_key_id);
    const mine: string[] = [];
    for (let night = 0; night < 3; night++) {
      const shift = await open(1_000);
      mine.push(shift.id);
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 1_000 }, till, ann);
      const theirs = await open(0, bob2, till2);
      await t.call('POST', `/v2/shifts/${theirs.id}/close`, { counted_cash_cents: 0 }, till2, bob2);
    }
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const query = `status=closed&limit=2&api_key_id=${session.api_key_id}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.call('GET', `/v2/shifts?${query}`, undefined, till);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: ShiftJson[]; has_more: boolean; next_cursor: string | null };
      expect(page.data.every((s) => s.api_key_id === session.api_key_id)).toBe(true);
      listed.push(...page.data.map((s) => s.id));
      cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
    } while (cursor);
    expect(listed).toEqual(mine);
    // A cursor from the unfiltered list is another list's: refused, not read as a position here.
    const all = (await t.call('GET', '/v2/shifts?limit=1', undefined, till)).json() as {
      next_cursor: string;
    };
    expectInvalid(
      await t.call(
        'GET',
        `/v2/shifts?api_key_id=${session.api_key_id}&cursor=${all.next_cursor}`,
        undefined,
        till,
      ),
      'cursor',
    );
    // An id no till has lists nothing.
    expect((await t.call('GET', '/v2/shifts?api_key_id=key_nobody', undefined, till)).json()).toMatchObject({
      data: [],
    });
  });

  it('closing a closed shift is 409 shift_closed and changes nothing', async () => {
    const shift = await open(1_000);
    const closed = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 1_000 },
      till,
      bob,
    );
    expect(closed.json()).toMatchObject({ over_short_cents: 0 });
    const err = expectError(
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 9_999 }, till, ann),
      409,
      'conflict_error',
      'shift_closed',
    );
    expect(err.message).toContain('/report');
    expect((await t.call('GET', `/v2/shifts/${shift.id}`, undefined, till)).json()).toMatchObject({
      counted_cash_cents: 1_000,
      closed_by: bobId,
    });
    expect((await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).body).toBe(closed.body);
  });

  it('the current shift: 404 before one is open, the open one after, 404 again after closing', async () => {
    expectError(
      await t.call('GET', '/v2/shifts/current', undefined, till),
      404,
      'not_found_error',
      'resource_missing',
    );
    const shift = await open(0);
    expect((await t.call('GET', '/v2/shifts/current', undefined, till)).json()).toMatchObject({
      id: shift.id,
    });
    await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 0 }, till, bob);
    expectError(
      await t.call('GET', '/v2/shifts/current', undefined, till),
      404,
      'not_found_error',
      'resource_missing',
    );
    expect((await t.call('GET', '/v2/shifts?status=closed', undefined, till)).json()).toMatchObject({
      data: [{ id: shift.id, status: 'closed' }],
    });
  });

  it('needs a signed-in manager or seller whatever the key; refuses bad amounts with the field', async () => {
    expectError(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 0 }),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    expectError(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 0 }, till),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    await addStaff(t, 'Dee', 'door', '2468');
    const dee = asStaff(await signIn(t, till, '2468'));
    expectError(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 0 }, till, dee),
      403,
      'permission_error',
      'insufficient_role',
    );
    expectInvalid(
      await t.call('POST', '/v2/shifts', { opening_float_cents: -1 }, till, bob),
      'opening_float_cents',
    );
    expectInvalid(
      await t.call('POST', '/v2/shifts', { opening_float_cents: 1.5 }, till, bob),
      'opening_float_cents',
    );
    expectMissing(await t.call('POST', '/v2/shifts', {}, till, bob), 'opening_float_cents');
    const shift = await open(0);
    expectInvalid(
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: -500 }, till, bob),
      'counted_cash_cents',
    );
    expectError(
      await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 0 }, till),
      403,
      'permission_error',
      'staff_sign_in_required',
    );
    expectError(
      await t.call('GET', '/v2/shifts/shf_nope/report', undefined, till),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });
});

describe('drawer amounts and the drawer’s currency', () => {
  it('closes a rupiah shift with its true count: Rp 1,200,000 in the drawer is not over the cap', async () => {
    const created = await t.call('POST', '/v2/events', {
      title: 'Malam musik',
      venue: 'Main hall',
      doors_at: '2026-12-24T19:00:00+00:00',
      timezone: 'UTC',
      currency: 'idr',
      tickets: [{ name: 'Festival', price_cents: 60_000_000, quantity: 100 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const eventId = (created.json() as { id: string }).id;
    await t.call('POST', `/v2/events/${eventId}/publish`);
    const tiers = (await t.call('GET', `/v2/events/${eventId}/tiers`)).json() as { data: { id: string }[] };
    const opened = await t.call('POST', '/v2/shifts', { opening_float_cents: 0, currency: 'idr' }, till, bob);
    expect(opened.statusCode, opened.body).toBe(200);
    const shift = opened.json() as ShiftJson;
    await sell({
      event_id: eventId,
      payment_method: 'cash',
      items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
    });

    const x = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    expect(x).toMatchObject({ currency: 'idr', expected_cash_cents: 120_000_000 });
    // Before, 400 "counted_cash_cents must be 100000000 or less.": the true count was refused.
    const z = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 120_000_000 },
      till,
      ann,
    );
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json()).toMatchObject({
      currency: 'idr',
      expected_cash_cents: 120_000_000,
      counted_cash_cents: 120_000_000,
      over_short_cents: 0,
    });

    // A float of that size opens too; past the shared bound both are refused with their field.
    const most = fieldLimits.drawerCents.maximum;
    expect(most).toBeGreaterThanOrEqual(100_000_000_000);
    expect(Number.isSafeInteger(most * 2)).toBe(true);
    expectInvalid(
      await t.call('POST', '/v2/shifts', { opening_float_cents: most + 1, currency: 'idr' }, till, bob),
      'opening_float_cents',
    );
    const big = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 150_000_000, currency: 'idr' },
      till,
      bob,
    );
    expect(big.statusCode, big.body).toBe(200);
    const bigId = (big.json() as ShiftJson).id;
    expectInvalid(
      await t.call('POST', `/v2/shifts/${bigId}/close`, { counted_cash_cents: most + 1 }, till, ann),
      'counted_cash_cents',
    );
    const closed = await t.call('POST', `/v2/shifts/${bigId}/close`, { counted_cash_cents: most }, till, ann);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ over_short_cents: most - 150_000_000 });
  });

  it('a float in no named currency, with no event tonight, is in the nearest event’s; late cash counts in it', async () => {
    // Before, it opened with currency null: its Z report had none, and a later cash sale counted
    // as no late cash; a yen sale after a dollar refund made the drawer read the float as yen.
    const unnamed = await t.call('POST', '/v2/shifts', { opening_float_cents: 2_000 }, till, bob);
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect((unnamed.json() as ShiftJson).currency).toBe('usd');
    await t.call(
      'POST',
      `/v2/shifts/${(unnamed.json() as ShiftJson).id}/close`,
      { counted_cash_cents: 2_000 },
      till,
      ann,
    );

    // Named, it opens and counts in it; a later cash sale of a closed shift is late cash in it.
    const named = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 2_000, currency: 'usd' },
      till,
      bob,
    );
    expect(named.statusCode, named.body).toBe(200);
    const shift = named.json() as ShiftJson;
    expect(shift.currency).toBe('usd');
    const z = await t.call('POST', `/v2/shifts/${shift.id}/close`, { counted_cash_cents: 2_000 }, till, ann);
    expect(z.json()).toMatchObject({ currency: 'usd', expected_cash_cents: 2_000, over_short_cents: 0 });
    t.clock.advance(60);
    const late = await t.call(
      'POST',
      '/v2/orders',
      orderBody(sale, { payment_method: 'cash', shift_id: shift.id }),
      till,
      bob,
    );
    expect(late.statusCode, late.body).toBe(200);
    const kept = (await t.call('GET', `/v2/shifts/${shift.id}/report`, undefined, till)).json();
    expect(kept.late_sales).toMatchObject({ order_count: 1, cash_order_count: 1, cash_cents: 2_500 });

    // An empty drawer still opens without one, and takes its first sale's.
    const empty = await open(0);
    expect(empty.currency).toBeNull();
  });
});
