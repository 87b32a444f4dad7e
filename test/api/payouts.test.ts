import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectMissing } from '../support/foundation-fixtures.js';
import { buy, emitted, makeSaleTestApp, saleEvent, type Sale, comp } from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

interface PayoutJson {
  id: string;
  event_id: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'cancelled';
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

const createPayout = (eventId: string, auth?: string) =>
  t.call('POST', '/v2/payouts', { event_id: eventId }, auth);

/** Settling the sale's event, refused as having nothing to pay out: the error's body. */
const nothingToPayOut = async () =>
  expectError(await createPayout(sale.eventId), 409, 'conflict_error', 'nothing_to_pay_out', 'event_id');

/** The sale's event cancelled and every order refunded. */
async function cancelAndRefundAll() {
  await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
  expect((await t.call('POST', `/v2/events/${sale.eventId}/refund_all`, {})).statusCode).toBe(200);
}

describe('payouts', () => {
  it('settles net sales (paid − refunded) not yet paid out, then only what is new', async () => {
    const a = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    await buy(t, sale, comp);
    await t.call('POST', `/v2/orders/${a.id}/refund`, { amount_cents: 1000 });
    const res = await createPayout(sale.eventId);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json() as PayoutJson;
    expect(first).toMatchObject({
      event_id: sale.eventId,
      amount_cents: 4000,
      currency: 'usd',
      status: 'pending',
      created_at: '2026-11-22T12:00:00.000Z',
      paid_at: null,
      cancelled_at: null,
    });
    expect(first.id).toMatch(/^pay_/);
    expectError(await createPayout(sale.eventId), 409, 'conflict_error', 'nothing_to_pay_out', 'event_id');

    await buy(t, sale);
    const second = (await createPayout(sale.eventId)).json() as PayoutJson;
    expect(second.amount_cents).toBe(2500);
    expect(emitted<PayoutJson>(t, 'payout.created').map((p) => p.amount_cents)).toEqual([4000, 2500]);
  });

  it('a refund after a payout lowers the next one; nothing to settle until sales catch up', async () => {
    const order = await buy(t, sale);
    expect((await createPayout(sale.eventId)).statusCode).toBe(200);
    await t.call('POST', `/v2/orders/${order.id}/refund`, {});
    await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 1 }] });
    expectError(await createPayout(sale.eventId), 409, 'conflict_error', 'nothing_to_pay_out', 'event_id');
    await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    expect(((await createPayout(sale.eventId)).json() as PayoutJson).amount_cents).toBe(5000);
  });

  it('mark_paid moves pending → paid once; again is a no-op that fires nothing', async () => {
    await buy(t, sale);
    const payout = (await createPayout(sale.eventId)).json() as PayoutJson;
    t.clock.advance(3600);
    const paid = await t.call('POST', `/v2/payouts/${payout.id}/mark_paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id: payout.id, status: 'paid', paid_at: '2026-11-22T13:00:00.000Z' });
    t.clock.advance(60);
    const again = await t.call('POST', `/v2/payouts/${payout.id}/mark_paid`);
    expect(again.json()).toMatchObject({ status: 'paid', paid_at: '2026-11-22T13:00:00.000Z' });
    expect(emitted<PayoutJson>(t, 'payout.paid').map((p) => p.id)).toEqual([payout.id]);
    expect((await t.call('GET', `/v2/payouts/${payout.id}`)).json()).toMatchObject({ status: 'paid' });
  });

  it('lists, filtered by event', async () => {
    const other = await saleEvent(t);
    await buy(t, sale);
    await buy(t, other);
    const mine = (await createPayout(sale.eventId)).json() as PayoutJson;
    const theirs = (await createPayout(other.eventId)).json() as PayoutJson;
    const all = (await t.call('GET', '/v2/payouts')).json() as { data: PayoutJson[] };
    expect(all.data.map((p) => p.id)).toEqual([mine.id, theirs.id]);
    const filtered = (await t.call('GET', `/v2/payouts?event_id=${other.eventId}`)).json() as {
      data: PayoutJson[];
    };
    expect(filtered.data.map((p) => p.id)).toEqual([theirs.id]);
  });

  it('refuses unknown ids, empty events, missing fields and non-admin keys', async () => {
    expectError(await createPayout('evt_nope'), 404, 'not_found_error', 'resource_missing', 'event_id');
    expectError(await createPayout(sale.eventId), 409, 'conflict_error', 'nothing_to_pay_out', 'event_id');
    expectMissing(await t.call('POST', '/v2/payouts', {}), 'event_id');
    expectError(
      await t.call('POST', '/v2/payouts/pay_nope/mark_paid'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    await buy(t, sale);
    const boxOffice = await createKey(t, 'box_office');
    expectError(await createPayout(sale.eventId, boxOffice), 403, 'permission_error', 'insufficient_scope');
    expectError(
      await t.call('GET', '/v2/payouts', undefined, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });

  it('a pending payout cancelled settles nothing: the next payout takes its amount again', async () => {
    await buy(t, sale);
    const payout = (await createPayout(sale.eventId)).json() as PayoutJson;
    t.clock.advance(600);
    const cancelled = await t.call('POST', `/v2/payouts/${payout.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: payout.id,
      amount_cents: 2500,
      status: 'cancelled',
      paid_at: null,
      cancelled_at: '2026-11-22T12:10:00.000Z',
    });
    t.clock.advance(60);
    const again = await t.call('POST', `/v2/payouts/${payout.id}/cancel`);
    expect(again.json()).toMatchObject({ status: 'cancelled', cancelled_at: '2026-11-22T12:10:00.000Z' });
    expectError(
      await t.call('POST', `/v2/payouts/${payout.id}/mark_paid`),
      409,
      'conflict_error',
      'payout_cancelled',
    );
    expect(emitted(t, 'payout.paid')).toEqual([]);

    const next = await createPayout(sale.eventId);
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json() as PayoutJson).amount_cents).toBe(2500);
    const audit = (await t.call('GET', `/v2/audit_events?object_id=${payout.id}`)).json() as {
      data: { action: string; data: Record<string, unknown> }[];
    };
    expect(audit.data.map((a) => a.action)).toEqual(['payout.created', 'payout.cancelled']);
    expect(audit.data[1]!.data).toEqual({ event_id: sale.eventId, amount_cents: 2500, currency: 'usd' });
  });

  it('a paid payout cannot be cancelled', async () => {
    await buy(t, sale);
    const payout = (await createPayout(sale.eventId)).json() as PayoutJson;
    await t.call('POST', `/v2/payouts/${payout.id}/mark_paid`);
    expectError(
      await t.call('POST', `/v2/payouts/${payout.id}/cancel`),
      409,
      'conflict_error',
      'payout_already_paid',
    );
    expect((await t.call('GET', `/v2/payouts/${payout.id}`)).json()).toMatchObject({ status: 'paid' });
    expectError(
      await t.call('POST', '/v2/payouts/pay_nope/cancel'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('an event refunded after its payout: settling says the payouts exceed what it owes', async () => {
    await buy(t, sale);
    const payout = (await createPayout(sale.eventId)).json() as PayoutJson;
    await cancelAndRefundAll();
    const refused = await nothingToPayOut();
    expect(refused.message).toBe(
      'Payouts of this event ($25.00) already exceed its sales less refunds ($0.00); cancel a pending payout that is too large, then settle again.',
    );
    await t.call('POST', `/v2/payouts/${payout.id}/cancel`);
    const after = await nothingToPayOut();
    expect(after.message).toBe('This event has no sales (less refunds) to pay out.');
  });

  it('refunds after a paid payout: settling says the excess went out already, not to cancel what cannot be', async () => {
    await buy(t, sale);
    await buy(t, sale);
    const payout = (await createPayout(sale.eventId)).json() as PayoutJson;
    await t.call('POST', `/v2/payouts/${payout.id}/mark_paid`);
    await cancelAndRefundAll();
    const refused = await nothingToPayOut();
    expect(refused.message).toBe(
      'Payouts of this event ($50.00, all paid) already exceed its sales less refunds ($0.00): $50.00 was paid out for sales refunded since. Nothing more is paid out until new sales make that up; recover it from the payee outside Marquee if none will come.',
    );
  });
});
