import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import {
  buy,
  comp,
  emitted,
  makeSaleTestApp,
  type OrderJson,
  type Sale,
  type TicketJson,
} from '../support/sales-fixtures.js';
import { freshToken, scan } from '../support/scan-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

const preview = (eventId = sale.eventId) => t.call('GET', `/v2/events/${eventId}/refund_all`);
const refundAll = (body?: Record<string, unknown>, eventId = sale.eventId) =>
  t.call('POST', `/v2/events/${eventId}/refund_all`, body);

describe('refunding a cancelled event’s orders at once', () => {
  it('previews the count and total, refunds every paid order’s remainder, and is safe to repeat', async () => {
    const card = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const cash = await buy(t, sale, { payment_method: 'cash', buyer: undefined });
    await buy(t, sale, comp);
    const part = await buy(t, sale);
    await t.call('POST', `/v2/orders/${part.id}/refund`, { amount_cents: 500 });
    const done = await buy(t, sale);
    await t.call('POST', `/v2/orders/${done.id}/refund`);

    // 5000 + 2500 + (2500 − 500): the comp and the refunded order have nothing left.
    expect((await preview()).json()).toEqual({
      object: 'bulk_refund',
      event_id: sale.eventId,
      orders: 3,
      amount_cents: 9500,
      currency: 'usd',
      voided_tickets: 1,
    });
    expectError(await refundAll(), 409, 'conflict_error', 'event_not_cancelled');
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    const before = emitted(t, 'order.refunded').length;
    const res = await refundAll({ note: 'Show cancelled: storm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orders: 3, amount_cents: 9500 });
    expect(emitted(t, 'order.refunded').length - before).toBe(3);

    const got = async (id: string) => (await t.call('GET', `/v2/orders/${id}`)).json() as OrderJson;
    expect(await got(card.id)).toMatchObject({ status: 'refunded', refunded_cents: 5000 });
    expect((await got(card.id)).tickets.map((x) => x.status)).toEqual(['voided', 'voided']);
    expect((await got(cash.id)).refunds).toMatchObject([{ method: 'cash', note: 'Show cancelled: storm' }]);
    expect((await got(part.id)).refunds.at(-1)).toMatchObject({ amount_cents: 2000, method: 'card' });

    // Again: nothing left, nothing moves.
    expect((await refundAll()).json()).toMatchObject({ orders: 0, amount_cents: 0 });
    expect((await preview()).json()).toMatchObject({ orders: 0, amount_cents: 0 });
  });

  it('takes one method for all; refuses bad input, unknown events and non-admin keys', async () => {
    await buy(t, sale);
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    expectInvalid(await refundAll({ method: 'cheque' }), 'method');
    expectInvalid(await refundAll({ colour: 'red' }), 'colour');
    expectError(await refundAll({}, 'evt_nope'), 404, 'not_found_error', 'resource_missing', 'id');
    expectError(await preview('evt_nope'), 404, 'not_found_error', 'resource_missing', 'id');
    const boxOffice = await createKey(t, 'box_office');
    expectError(
      await t.call('POST', `/v2/events/${sale.eventId}/refund_all`, {}, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    const res = await refundAll({ method: 'other' });
    expect(res.json()).toMatchObject({ orders: 1, amount_cents: 2500 });
    const orders = (await t.call('GET', `/v2/orders?event_id=${sale.eventId}`)).json() as {
      data: OrderJson[];
    };
    expect(orders.data[0]!.refunds).toMatchObject([{ method: 'other' }]);
  });
});

describe('free tickets on a cancelled event', () => {
  const ticketOf = async (id: string) => (await t.call('GET', `/v2/tickets/${id}`)).json() as TicketJson;
  const report = async () =>
    (await t.call('GET', `/v2/reports/events/${sale.eventId}`)).json() as {
      admissions: { not_yet_arrived: number };
    };

  it('voids the comps and free-tier tickets with the refunds, says how many, and the door refuses them', async () => {
    const free = await t.call('POST', `/v2/events/${sale.eventId}/tiers`, {
      name: 'Crew',
      price_cents: 0,
      quantity: 10,
    });
    const freeTier = (free.json() as { id: string }).id;
    const paid = await buy(t, sale);
    const guest = await buy(t, sale, { ...comp, items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const crew = await buy(t, sale, { items: [{ tier_id: freeTier, quantity: 1 }] });
    // Voided already: not counted again.
    await t.call('POST', `/v2/tickets/${guest.tickets[1]!.id}/void`, {});

    // While the show is on, the preview says what a refund after cancelling would void; nothing moves.
    expect((await preview()).json()).toMatchObject({ orders: 1, amount_cents: 2500, voided_tickets: 2 });
    expectError(await refundAll(), 409, 'conflict_error', 'event_not_cancelled');
    expect((await ticketOf(guest.tickets[0]!.id)).status).toBe('active');

    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    const voidedBefore = emitted<{ id: string }>(t, 'ticket.voided').length;
    const res = await refundAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ orders: 1, amount_cents: 2500, voided_tickets: 2 });

    for (const ticket of [paid.tickets[0]!, guest.tickets[0]!, crew.tickets[0]!]) {
      expect((await ticketOf(ticket.id)).status).toBe('voided');
    }
    // One webhook per ticket voided: the paid one (by its refund) and the two free ones.
    const hooks = emitted<{ id: string }>(t, 'ticket.voided').slice(voidedBefore);
    expect(hooks.map((x) => x.id).sort()).toEqual(
      [paid.tickets[0]!.id, guest.tickets[0]!.id, crew.tickets[0]!.id].sort(),
    );
    // A comp has no money to give back: no refund row, the order stays paid.
    const guestOrder = (await t.call('GET', `/v2/orders/${guest.id}`)).json() as OrderJson;
    expect(guestOrder).toMatchObject({ status: 'paid', refunded_cents: 0, refunds: [] });

    const audit = (await t.call('GET', `/v2/audit_events?object_id=${sale.eventId}&limit=100`)).json() as {
      data: { action: string; data: Record<string, unknown> }[];
    };
    expect(audit.data.find((row) => row.action === 'event.refunded_all')?.data).toMatchObject({
      // The title, as the event's other rows carry it: the Audit screen names the event by it.
      title: ((await t.call('GET', `/v2/events/${sale.eventId}`)).json() as { title: string }).title,
      orders: 1,
      amount_cents: 2500,
      voided_tickets: 2,
    });
    const ticketAudit = (await t.call('GET', `/v2/audit_events?object_id=${crew.tickets[0]!.id}`)).json() as {
      data: { action: string }[];
    };
    expect(ticketAudit.data.map((row) => row.action)).toEqual(['ticket.voided']);

    expect((await report()).admissions.not_yet_arrived).toBe(0);
    const atDoor = await scan(t, { token: freshToken(t, guest.tickets[0]!) });
    expect(atDoor).toMatchObject({ result: 'rejected', reason: 'voided' });

    // Again: nothing left to refund or void, no more webhooks.
    expect((await refundAll()).json()).toMatchObject({ orders: 0, amount_cents: 0, voided_tickets: 0 });
    expect((await preview()).json()).toMatchObject({ orders: 0, amount_cents: 0, voided_tickets: 0 });
    expect(emitted(t, 'ticket.voided').length - voidedBefore).toBe(3);
  });

  it('voids the tickets of an event that sold only comps', async () => {
    const guest = await buy(t, sale, comp);
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    expect((await refundAll()).json()).toMatchObject({ orders: 0, amount_cents: 0, voided_tickets: 1 });
    expect((await ticketOf(guest.tickets[0]!.id)).status).toBe('voided');
    expect((await report()).admissions.not_yet_arrived).toBe(0);
  });
});
