import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createKey,
  createTier,
  expectError,
  expectInvalid,
  expectMissing,
} from '../support/foundation-fixtures.js';
import {
  buy,
  buyer,
  checkout,
  comp,
  count,
  emitted,
  makeSaleTestApp,
  saleEvent,
  tierSold,
  type OrderJson,
  type Sale,
} from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

describe('POST /v2/orders: a sale', () => {
  it('mints one active ticket and one attendee per unit and takes the stock', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    expect(order).toMatchObject({
      event_id: sale.eventId,
      status: 'paid',
      buyer,
      total_cents: 7500,
      refunded_cents: 0,
      currency: 'usd',
      payment_method: 'card',
      refunds: [],
    });
    expect(order.id).toMatch(/^ord_[A-Za-z0-9]+$/);
    expect(order.created_at).toBe('2026-11-22T12:00:00.000Z');
    expect(order.tickets).toHaveLength(3);
    for (const ticket of order.tickets) {
      expect(ticket).toMatchObject({
        order_id: order.id,
        event_id: sale.eventId,
        tier_id: sale.tierId,
        status: 'active',
        scan_count: 0,
        issued_at: '2026-11-22T12:00:00.000Z',
        transferred_from: null,
        transferred_to: null,
      });
      expect(ticket.id).toMatch(/^tik_/);
      expect(ticket.attendee_id).toMatch(/^atd_/);
      // 8 characters of issue time, then 32 random ones (190 bits).
      expect(ticket.wallet_url).toMatch(/^http:\/\/venue\.test\/w\/[A-Za-z0-9]{40}$/);
      expect(ticket.qr_token.split('.')).toHaveLength(3);
    }
    expect(new Set(order.tickets.map((x) => x.wallet_url)).size).toBe(3);
    expect(tierSold(t, sale.tierId)).toBe(3);
    expect(count(t, 'SELECT COUNT(*) AS n FROM attendees WHERE order_id = ?', order.id)).toBe(3);
  });

  it('gives attendees the buyer’s name and email unless attendees[] names them, in item order', async () => {
    const vip = await createTier(t, sale.eventId, { name: 'VIP', price_cents: 9000, quantity: 5 });
    const order = await buy(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 1 },
        { tier_id: vip.id, quantity: 2 },
      ],
      attendees: [{ name: 'First' }, { name: 'Second', email: 'second@example.com' }, {}],
    });
    expect(order.total_cents).toBe(2500 + 2 * 9000);
    expect(order.tickets.map((x) => x.tier_id)).toEqual([sale.tierId, vip.id, vip.id]);
    const people = [];
    for (const ticket of order.tickets) {
      const res = await t.call('GET', `/v2/attendees/${ticket.attendee_id}`);
      expect(res.statusCode).toBe(200);
      people.push(res.json() as { name: string; email: string; ticket_id: string });
      expect(people.at(-1)?.ticket_id).toBe(ticket.id);
    }
    expect(people.map((p) => [p.name, p.email])).toEqual([
      ['First', buyer.email],
      ['Second', 'second@example.com'],
      [buyer.name, buyer.email],
    ]);
  });

  it('sells to an anonymous walk-in for cash (buyer null) and comps at 0', async () => {
    const cash = await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    expect(cash.buyer).toBeNull();
    expect(cash.total_cents).toBe(2500);
    const attendee = (await t.call('GET', `/v2/attendees/${cash.tickets[0]!.attendee_id}`)).json() as {
      name: unknown;
      email: unknown;
    };
    expect(attendee).toMatchObject({ name: null, email: null });
    const comp = await buy(t, sale, {
      buyer: { name: 'Guest of the band' },
      payment_method: 'comp',
      comp_reason: 'Band guest list',
    });
    expect(comp).toMatchObject({
      total_cents: 0,
      payment_method: 'comp',
      buyer: { name: 'Guest of the band', email: null },
      comp_reason: 'Band guest list',
    });
    expect(tierSold(t, sale.tierId)).toBe(2);
  });

  it('sums duplicate lines of one tier for max_per_order', async () => {
    const res = await checkout(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 6 },
        { tier_id: sale.tierId, quantity: 5 },
      ],
    });
    expectError(res, 400, 'invalid_request_error', 'max_per_order_exceeded', 'items[1].quantity');
    const ok = await buy(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 6 },
        { tier_id: sale.tierId, quantity: 4 },
      ],
    });
    expect(ok.tickets).toHaveLength(10);
    expect(tierSold(t, sale.tierId)).toBe(10);
  });

  it('writes order.created with the tickets in the same transaction', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const created = emitted<OrderJson>(t, 'order.created');
    expect(created).toHaveLength(1);
    expect(created[0]!.id).toBe(order.id);
    expect(created[0]!.tickets.map((x) => x.id)).toEqual(order.tickets.map((x) => x.id));
    // The message embeds the answer's own serialization: the same object, in the contract's
    // envelope and nothing else.
    expect(created[0]).toEqual(order);
    const row = t.app.ctx.db
      .prepare("SELECT id, payload FROM webhook_messages WHERE type = 'order.created'")
      .get() as { id: string; payload: string };
    const message = JSON.parse(row.payload) as Record<string, unknown>;
    expect(Object.keys(message)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(message).toMatchObject({ id: row.id, type: 'order.created', data: { object: order } });
    expect(Date.parse(message.created_at as string)).toBe(t.clock.ms);
  });

  it('lets a box_office key sell, but not a scanner key', async () => {
    const boxOffice = await createKey(t, 'box_office');
    const scanner = await createKey(t, 'scanner');
    expect((await checkout(t, sale, {}, boxOffice)).statusCode).toBe(200);
    expectError(await checkout(t, sale, {}, scanner), 403, 'permission_error', 'insufficient_scope');
  });

  it('replays a retried checkout with the same Idempotency-Key: same order, stock taken once', async () => {
    const body = {
      event_id: sale.eventId,
      items: [{ tier_id: sale.tierId, quantity: 2 }],
      buyer,
      payment_method: 'card',
    };
    const headers = { 'idempotency-key': 'till-1-sale-42' };
    const first = await t.call('POST', '/v2/orders', body, undefined, headers);
    const retry = await t.call('POST', '/v2/orders', body, undefined, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((retry.json() as OrderJson).id).toBe((first.json() as OrderJson).id);
    expect(tierSold(t, sale.tierId)).toBe(2);
    expect(count(t, 'SELECT COUNT(*) AS n FROM orders')).toBe(1);
    expect(count(t, 'SELECT COUNT(*) AS n FROM tickets')).toBe(2);
    const other = await t.call('POST', '/v2/orders', { ...body, payment_method: 'cash' }, undefined, headers);
    expectError(other, 409, 'conflict_error', 'idempotency_key_reused', 'Idempotency-Key');
  });
});

describe('POST /v2/orders: refusals change nothing', () => {
  /** Every refusal must leave no order, ticket, attendee, stock or webhook behind. */
  function expectUntouched(): void {
    expect(tierSold(t, sale.tierId)).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM orders')).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM tickets')).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM attendees')).toBe(0);
    expect(emitted(t, 'order.created')).toHaveLength(0);
  }

  it('sold_out when fewer are left than asked, and takes nothing from the other tiers', async () => {
    const small = await createTier(t, sale.eventId, { name: 'Balcony', quantity: 2 });
    const res = await checkout(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 1 },
        { tier_id: small.id, quantity: 3 },
      ],
    });
    const error = expectError(res, 409, 'conflict_error', 'sold_out', 'items[1].tier_id');
    expect(error.message).toContain('Only 2');
    expect(tierSold(t, small.id)).toBe(0);
    expectUntouched();
    await buy(t, sale, { items: [{ tier_id: small.id, quantity: 2 }] });
    expectError(
      await checkout(t, sale, { items: [{ tier_id: small.id, quantity: 1 }] }),
      409,
      'conflict_error',
      'sold_out',
      'items[0].tier_id',
    );
  });

  it('sales_closed before sale_starts_at and from sale_ends_at on', async () => {
    const later = await createTier(t, sale.eventId, {
      name: 'Late release',
      sale_starts_at: '2026-11-22T13:00:00Z',
      sale_ends_at: '2026-11-22T14:00:00Z',
    });
    const body = { items: [{ tier_id: later.id, quantity: 1 }] };
    expectError(await checkout(t, sale, body), 409, 'conflict_error', 'sales_closed', 'items[0].tier_id');
    t.clock.advance(3600);
    expect((await checkout(t, sale, body)).statusCode).toBe(200);
    t.clock.advance(3600);
    expectError(await checkout(t, sale, body), 409, 'conflict_error', 'sales_closed', 'items[0].tier_id');
  });

  it('event_not_on_sale for a draft, before on_sale_at, and once cancelled', async () => {
    const draft = await t.call('POST', '/v2/events', {
      title: 'Draft',
      venue: 'Hall',
      doors_at: '2026-12-24T19:00:00Z',
      tickets: [{ name: 'GA', price_cents: 100 }],
    });
    const draftId = (draft.json() as { id: string }).id;
    const draftTier = (
      (await t.call('GET', `/v2/events/${draftId}/tiers`)).json() as { data: { id: string }[] }
    ).data[0]!.id;
    const draftSale = { eventId: draftId, tierId: draftTier };
    expectError(await checkout(t, draftSale), 409, 'conflict_error', 'event_not_on_sale', 'event_id');

    await t.call('PATCH', `/v2/events/${draftId}`, { on_sale_at: '2026-11-23T12:00:00Z' });
    await t.call('POST', `/v2/events/${draftId}/publish`);
    expectError(await checkout(t, draftSale), 409, 'conflict_error', 'event_not_on_sale', 'event_id');
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    expectError(await checkout(t, sale), 409, 'conflict_error', 'event_not_on_sale', 'event_id');
    expectUntouched();

    t.clock.advance(86_400);
    expect((await checkout(t, draftSale)).statusCode).toBe(200);
  });

  it('max_per_order_exceeded names the line', async () => {
    const capped = await createTier(t, sale.eventId, { name: 'Front row', max_per_order: 2 });
    const res = await checkout(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 1 },
        { tier_id: capped.id, quantity: 3 },
      ],
    });
    expectError(res, 400, 'invalid_request_error', 'max_per_order_exceeded', 'items[1].quantity');
    expectUntouched();
  });

  it('invalid_access_code when the code is missing or wrong', async () => {
    const hidden = await createTier(t, sale.eventId, {
      name: 'Presale',
      visibility: 'access_code',
      access_code: 'FANCLUB',
    });
    const items = [{ tier_id: hidden.id, quantity: 1 }];
    expectError(
      await checkout(t, sale, { items }),
      400,
      'invalid_request_error',
      'invalid_access_code',
      'access_code',
    );
    expectError(
      await checkout(t, sale, { items, access_code: 'fanclub' }),
      400,
      'invalid_request_error',
      'invalid_access_code',
      'access_code',
    );
    expectUntouched();
    expect((await checkout(t, sale, { items, access_code: 'FANCLUB' })).statusCode).toBe(200);
  });

  it('404 for an unknown event or tier, 400 for a tier of another event', async () => {
    expectError(
      await checkout(t, sale, { event_id: 'evt_doesnotexist' }),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expectError(
      await checkout(t, sale, { items: [{ tier_id: 'tkt_doesnotexist', quantity: 1 }] }),
      404,
      'not_found_error',
      'resource_missing',
      'items[0].tier_id',
    );
    const other = await saleEvent(t);
    expectInvalid(
      await checkout(t, sale, {
        items: [
          { tier_id: sale.tierId, quantity: 1 },
          { tier_id: other.tierId, quantity: 1 },
        ],
      }),
      'items[1].tier_id',
    );
    expectUntouched();
  });

  it('requires a buyer with name and email for card and external payments', async () => {
    expectMissing(await checkout(t, sale, { buyer: undefined }), 'buyer');
    expectMissing(
      await checkout(t, sale, { buyer: { email: 'a@example.com' }, payment_method: 'external' }),
      'buyer.name',
    );
    expectMissing(await checkout(t, sale, { buyer: { name: 'Ada' } }), 'buyer.email');
    expectUntouched();
  });

  it('refuses malformed bodies field by field', async () => {
    const malformed = await checkout(t, sale, { buyer: { ...buyer, email: 'not-an-email' } });
    expectInvalid(malformed, 'buyer.email');
    // RFC 5321: at most 64 bytes before the @ (UTF-8); refused exactly as a malformed address is.
    const tooLong = await checkout(t, sale, { buyer: { ...buyer, email: `${'ö'.repeat(32)}a@example.com` } });
    expectInvalid(tooLong, 'buyer.email');
    expect(tooLong.json()).toEqual(malformed.json());
    expectInvalid(await checkout(t, sale, { attendees: [{ email: 'nope' }] }), 'attendees[0].email');
    expectInvalid(await checkout(t, sale, { attendees: [{}, {}] }), 'attendees');
    expectInvalid(await checkout(t, sale, { items: [] }), 'items');
    expectInvalid(
      await checkout(t, sale, { items: [{ tier_id: sale.tierId, quantity: 0 }] }),
      'items[0].quantity',
    );
    expectInvalid(
      await checkout(t, sale, { items: [{ tier_id: sale.tierId, quantity: '1' }] }),
      'items[0].quantity',
    );
    expectInvalid(await checkout(t, sale, { payment_method: 'bitcoin' }), 'payment_method');
    expectInvalid(await checkout(t, sale, { coupon: 'FREE' }), 'coupon');
    expectMissing(await checkout(t, sale, { payment_method: undefined }), 'payment_method');
    expectMissing(await checkout(t, sale, { event_id: undefined }), 'event_id');
    expectUntouched();
  });
});

describe('comps name whom and why', () => {
  it('takes a comp without a name or a reason over the API (the till asks for both), refuses a reason on a paid order', async () => {
    expectInvalid(await checkout(t, sale, { comp_reason: 'Friend of the owner' }), 'comp_reason');
    expect(tierSold(t, sale.tierId)).toBe(0);
    const bare = await buy(t, sale, { ...comp, buyer: undefined, comp_reason: undefined });
    expect(bare).toMatchObject({ payment_method: 'comp', total_cents: 0, comp_reason: null });
    expect((await buy(t, sale, { ...comp, comp_reason: '  ' })).comp_reason).toBeNull();
  });

  it('keeps the reason on the order; other orders answer null', async () => {
    const free = await buy(t, sale, comp);
    expect(free).toMatchObject({ total_cents: 0, comp_reason: 'On the band’s guest list' });
    const got = (await t.call('GET', `/v2/orders/${free.id}`)).json() as OrderJson;
    expect(got.comp_reason).toBe('On the band’s guest list');
    expect((await buy(t, sale)).comp_reason).toBeNull();
  });
});

describe('a tier counts comps and voided apart from sold', () => {
  it('comps count once (not again on transfer); voids count whatever the order', async () => {
    const tier = () =>
      t.call('GET', `/v2/tiers/${sale.tierId}`).then((r) => r.json() as Record<string, number>);
    expect(await tier()).toMatchObject({ sold: 0, comps: 0, voided: 0 });
    const free = await buy(t, sale, { ...comp, items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const paid = await buy(t, sale);
    expect(await tier()).toMatchObject({ sold: 3, comps: 2, voided: 0 });
    const moved = await t.call('POST', `/v2/tickets/${free.tickets[0]!.id}/transfer`, {
      to_email: 'lou@example.com',
      name: 'Lou',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await tier()).toMatchObject({ sold: 3, comps: 2, voided: 0 });
    await t.call('POST', `/v2/tickets/${paid.tickets[0]!.id}/void`, {});
    await t.call('POST', `/v2/tickets/${free.tickets[1]!.id}/void`, {});
    expect(await tier()).toMatchObject({ sold: 3, comps: 2, voided: 2 });
    // The list answers the same figures.
    const listed = (await t.call('GET', `/v2/events/${sale.eventId}/tiers`)).json() as {
      data: Record<string, number>[];
    };
    expect(listed.data[0]).toMatchObject({ comps: 2, voided: 2 });
  });
});
