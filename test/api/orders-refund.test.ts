import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import {
  buy,
  emitted,
  makeSaleTestApp,
  saleEvent,
  tierSold,
  type OrderJson,
  type Sale,
  type TicketJson,
  comp,
} from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

const refund = (orderId: string, body?: Record<string, unknown>) =>
  t.call('POST', `/v2/orders/${orderId}/refund`, body);

/** The ids of the orders the box office search `q` finds, oldest first. */
const search = async (q: string) =>
  ((await t.call('GET', `/v2/orders?q=${encodeURIComponent(q)}`)).json() as { data: OrderJson[] }).data.map(
    (o) => o.id,
  );

describe('POST /v2/orders/{id}/refund', () => {
  it('refunds part, then the rest; a full refund voids the active tickets', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const partial = await refund(order.id, { amount_cents: 1000 });
    expect(partial.statusCode, partial.body).toBe(200);
    const afterPartial = partial.json() as OrderJson;
    expect(afterPartial).toMatchObject({
      status: 'partially_refunded',
      refunded_cents: 1000,
      total_cents: 5000,
    });
    expect(afterPartial.refunds).toMatchObject([
      { amount_cents: 1000, ticket_id: null, reason: 'requested' },
    ]);
    expect(afterPartial.refunds[0]!.id).toMatch(/^ref_/);
    expect(afterPartial.tickets.every((x) => x.status === 'active')).toBe(true);

    const rest = await refund(order.id);
    expect(rest.statusCode, rest.body).toBe(200);
    const full = rest.json() as OrderJson;
    expect(full).toMatchObject({ status: 'refunded', refunded_cents: 5000 });
    expect(full.tickets.map((x) => x.status)).toEqual(['voided', 'voided']);

    const refunded = emitted<OrderJson>(t, 'order.refunded');
    expect(refunded.map((o) => o.refunded_cents)).toEqual([1000, 5000]);
    expect(refunded[1]!.tickets.map((x) => x.status)).toEqual(['voided', 'voided']);
    expect(emitted<TicketJson>(t, 'ticket.voided').map((x) => x.id)).toEqual(order.tickets.map((x) => x.id));
    // Seats are not put back on sale (docs/api.md): sold still counts the two minted tickets.
    expect(tierSold(t, sale.tierId)).toBe(2);
  });

  it('words the limit in the currency’s own units: yen have no decimals', async () => {
    const patched = await t.call('PATCH', `/v2/events/${sale.eventId}`, { currency: 'jpy' });
    expect(patched.statusCode, patched.body).toBe(200);
    const order = await buy(t, sale);
    expect(order).toMatchObject({ currency: 'jpy', total_cents: 2500 });
    expect((await refund(order.id, { amount_cents: 500 })).statusCode).toBe(200);
    const over = expectInvalid(await refund(order.id, { amount_cents: 2001 }), 'amount_cents');
    expect(over.message).toBe(
      'At most ¥2,000 can still be refunded on this order (paid ¥2,500, refunded ¥500).',
    );
  });

  it('never refunds more than is left (400 amount_cents), and 409 once fully refunded', async () => {
    const order = await buy(t, sale);
    expectInvalid(await refund(order.id, { amount_cents: 2501 }), 'amount_cents');
    expect((await refund(order.id, { amount_cents: 500 })).statusCode).toBe(200);
    const over = expectInvalid(await refund(order.id, { amount_cents: 2001 }), 'amount_cents');
    // Money for people: the message is shown to staff as it is.
    expect(over.message).toBe(
      'At most $20.00 can still be refunded on this order (paid $25.00, refunded $5.00).',
    );
    expectInvalid(await refund(order.id, { amount_cents: 0 }), 'amount_cents');
    expectInvalid(await refund(order.id, { amount_cents: 1.5 }), 'amount_cents');
    expect((await refund(order.id, { amount_cents: 2000 })).statusCode).toBe(200);
    expectError(await refund(order.id), 409, 'conflict_error', 'order_already_refunded');
    expectError(await refund(order.id, { amount_cents: 1 }), 409, 'conflict_error', 'order_already_refunded');
    const stored = (await t.call('GET', `/v2/orders/${order.id}`)).json() as OrderJson;
    expect(stored.refunded_cents).toBe(2500);
    expect(stored.refunds.map((r) => r.amount_cents)).toEqual([500, 2000]);
  });

  it('409 nothing_to_refund on a free (comp) order', async () => {
    const free = await buy(t, sale, comp);
    expectError(await refund(free.id), 409, 'conflict_error', 'nothing_to_refund');
  });

  it('404 for an unknown order; box_office may refund, scanner may not', async () => {
    expectError(await refund('ord_doesnotexist'), 404, 'not_found_error', 'resource_missing', 'id');
    const order = await buy(t, sale);
    const scanner = await createKey(t, 'scanner');
    const boxOffice = await createKey(t, 'box_office');
    expectError(
      await t.call('POST', `/v2/orders/${order.id}/refund`, {}, scanner),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expect((await t.call('POST', `/v2/orders/${order.id}/refund`, {}, boxOffice)).statusCode).toBe(200);
  });
});

describe('GET /v2/orders', () => {
  it('gets one order and 404s an unknown one', async () => {
    const order = await buy(t, sale);
    const res = await t.call('GET', `/v2/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const got = res.json() as OrderJson;
    expect(got.id).toBe(order.id);
    expect(got.tickets.map((x) => x.id)).toEqual(order.tickets.map((x) => x.id));
    expectError(await t.call('GET', '/v2/orders/ord_nope'), 404, 'not_found_error', 'resource_missing', 'id');
  });

  it('lists oldest first with cursors, filters by event, and 404s an unknown event filter', async () => {
    const other = await saleEvent(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buy(t, sale)).id);
    const elsewhere = await buy(t, other);
    const page1 = (await t.call('GET', `/v2/orders?event_id=${sale.eventId}&limit=2`)).json() as {
      data: OrderJson[];
      has_more: boolean;
      next_cursor: string;
    };
    expect(page1.data.map((o) => o.id)).toEqual(ids.slice(0, 2));
    expect(page1.has_more).toBe(true);
    const page2 = (
      await t.call('GET', `/v2/orders?event_id=${sale.eventId}&limit=2&cursor=${page1.next_cursor}`)
    ).json() as { data: OrderJson[]; has_more: boolean; next_cursor: null };
    expect(page2).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.data.map((o) => o.id)).toEqual(ids.slice(2));
    const all = (await t.call('GET', '/v2/orders')).json() as { object: string; data: OrderJson[] };
    expect(all.object).toBe('list');
    expect(all.data.map((o) => o.id)).toEqual([...ids, elsewhere.id]);
    expectError(
      await t.call('GET', '/v2/orders?event_id=evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expectInvalid(await t.call('GET', '/v2/orders?limit=101'), 'limit');
  });

  it('order=newest_first lists the latest sales first, its cursor continuing backwards', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await buy(t, sale)).id);
    const newest = [...ids].reverse();
    type Page = { data: OrderJson[]; has_more: boolean; next_cursor: string | null };
    const first = (await t.call('GET', '/v2/orders?order=newest_first&limit=2')).json() as Page;
    expect(first.data.map((o) => o.id)).toEqual(newest.slice(0, 2));
    const second = (
      await t.call('GET', `/v2/orders?order=newest_first&limit=2&cursor=${first.next_cursor}`)
    ).json() as Page;
    expect(second.data.map((o) => o.id)).toEqual(newest.slice(2, 4));
    const last = (
      await t.call('GET', `/v2/orders?order=newest_first&limit=2&cursor=${second.next_cursor}`)
    ).json() as Page;
    expect(last).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.data.map((o) => o.id)).toEqual(newest.slice(4));
    const searched = (await t.call('GET', '/v2/orders?order=newest_first&q=ada')).json() as Page;
    expect(searched.data.map((o) => o.id)).toEqual(newest);
    expectInvalid(await t.call('GET', '/v2/orders?order=sideways'), 'order');
  });

  it('q finds orders by buyer, attendee, order id, ticket id and wallet link', async () => {
    const ada = await buy(t, sale);
    const grace = await buy(t, sale, {
      buyer: { name: 'Grace Hopper', email: 'grace@navy.example' },
      attendees: [{ name: 'Katherine Johnson', email: 'kj@nasa.example' }],
    });
    const walkIn = await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    expect(await search('lovelace')).toEqual([ada.id]);
    expect(await search('navy.example')).toEqual([grace.id]);
    expect(await search('Katherine')).toEqual([grace.id]);
    expect(await search('kj@nasa')).toEqual([grace.id]);
    expect(await search(walkIn.id)).toEqual([walkIn.id]);
    expect(await search(walkIn.tickets[0]!.id)).toEqual([walkIn.id]);
    // A ticket's wallet link, as the QR on a phone-only slip scans into the till.
    expect(await search(grace.tickets[0]!.wallet_url)).toEqual([grace.id]);
    expect(await search(`${grace.tickets[0]!.wallet_url}/`)).toEqual([grace.id]);
    expect(await search(`${grace.tickets[0]!.wallet_url}.`)).toEqual([grace.id]);
    expect(await search('https://venue.example/w/not-a-real-secret-at-all')).toEqual([]);
    expect(await search('example')).toEqual([ada.id, grace.id]);
    // LIKE wildcards typed by staff are literal.
    expect(await search('%')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
  });

  it('q finds a buyer or attendee name typed without its accents or in capitals', async () => {
    const zoe = await buy(t, sale, { buyer: { name: 'Zoë Fernández', email: 'zoe@mail.example' } });
    const guest = await buy(t, sale, {
      buyer: { name: 'Sam Brown', email: 'sam@mail.example' },
      attendees: [{ name: 'Jürgen Weiß', email: 'jw@mail.example' }],
    });
    const ivan = await buy(t, sale, { buyer: { name: 'Иван Петров', email: 'ivan@mail.example' } });
    expect(await search('fernandez')).toEqual([zoe.id]);
    expect(await search('FERNÁNDEZ')).toEqual([zoe.id]);
    expect(await search('Zoe Fern')).toEqual([zoe.id]);
    expect(await search('Fernández')).toEqual([zoe.id]);
    expect(await search('weiss')).toEqual([guest.id]);
    expect(await search('JURGEN')).toEqual([guest.id]);
    expect(await search('иван')).toEqual([ivan.id]);
    expect(await search('fernandes')).toEqual([]);
    // Folding is for names: the LIKE wildcards typed by staff stay literal there too.
    expect(await search('Fern_ndez')).toEqual([]);
  });

  it('q finds a name typed with a straight apostrophe where a phone wrote a curly one, and the other way round', async () => {
    // The buyer typed on a phone (’); the seller at will-call types on a till's keyboard (').
    const siobhan = await buy(t, sale, { buyer: { name: 'Siobhan O’Connor', email: 'so@mail.example' } });
    const dara = await buy(t, sale, {
      buyer: { name: 'Sam Brown', email: 'sb@mail.example' },
      attendees: [{ name: "Dara O'Brien", email: 'dob@mail.example' }],
    });
    const noel = await buy(t, sale, { buyer: { name: 'Noël Dʼ Arcy', email: 'nd@mail.example' } });
    expect(await search("o'connor")).toEqual([siobhan.id]);
    expect(await search('O’Connor')).toEqual([siobhan.id]);
    // A seller whose Mac turns ' into ’ still finds the holder typed with a straight one.
    expect(await search('O’Brien')).toEqual([dara.id]);
    expect(await search('o‘brien')).toEqual([dara.id]);
    expect(await search("noel d' arcy")).toEqual([noel.id]);
    expect(await search('O’Conor')).toEqual([]);
  });

  it('q finds an order by the last characters of its id or of one of its tickets, read off a ticket', async () => {
    const ada = await buy(t, sale);
    const grace = await buy(t, sale, { buyer: { name: 'Grace Hopper', email: 'grace@navy.example' } });
    const ticketId = grace.tickets[0]!.id;
    expect(await search(ticketId.slice(-6))).toEqual([grace.id]);
    // Read aloud, a code loses its case.
    expect(await search(ticketId.slice(-6).toLowerCase())).toEqual([grace.id]);
    expect(await search(ticketId.slice(-6).toUpperCase())).toEqual([grace.id]);
    expect(await search(ticketId.slice('tik_'.length))).toEqual([grace.id]);
    expect(await search(ada.id.slice(-5))).toEqual([ada.id]);
    // The middle of an id is not its end; fewer than five characters would match strangers.
    expect(await search(ticketId.slice(-8, -2))).toEqual([]);
    expect(await search(ticketId.slice(-4))).toEqual([]);
    // Only letters and digits: a LIKE wildcard typed by staff stays literal.
    expect(await search(`_${ticketId.slice(-5)}`)).toEqual([]);
  });
});

describe('how a refund went back, and why', () => {
  it('records method and note; the method defaults to how the order was paid', async () => {
    const card = await buy(t, sale);
    const told = await refund(card.id, {
      amount_cents: 500,
      method: 'cash',
      note: '  Came back for a cheaper seat ',
    });
    expect(told.statusCode, told.body).toBe(200);
    const rest = (await refund(card.id)).json() as OrderJson;
    expect(rest.refunds).toMatchObject([
      { amount_cents: 500, reason: 'requested', method: 'cash', note: 'Came back for a cheaper seat' },
      { amount_cents: 2000, reason: 'requested', method: 'card', note: null },
    ]);
    const cash = await buy(t, sale, { payment_method: 'cash', buyer: undefined });
    expect(((await refund(cash.id)).json() as OrderJson).refunds[0]).toMatchObject({ method: 'cash' });
    const external = await buy(t, sale, { payment_method: 'external' });
    expect(((await refund(external.id)).json() as OrderJson).refunds[0]).toMatchObject({ method: 'other' });
    // The webhook carries them too.
    const last = emitted<OrderJson>(t, 'order.refunded').at(-1)!;
    expect(last.refunds[0]).toMatchObject({ method: 'other', note: null });
  });

  it('refuses an unknown method and a note over 200 characters, changing nothing', async () => {
    const order = await buy(t, sale);
    expectInvalid(await refund(order.id, { method: 'cheque' }), 'method');
    expectInvalid(await refund(order.id, { note: 'x'.repeat(201) }), 'note');
    expectInvalid(await refund(order.id, { note: '' }), 'note');
    const stored = (await t.call('GET', `/v2/orders/${order.id}`)).json() as OrderJson;
    expect(stored).toMatchObject({ refunded_cents: 0, refunds: [] });
  });

  it('a void’s refund goes back the way the order was paid', async () => {
    const order = await buy(t, sale, {
      payment_method: 'cash',
      buyer: undefined,
      items: [{ tier_id: sale.tierId, quantity: 2 }],
    });
    const voided = await t.call('POST', `/v2/tickets/${order.tickets[0]!.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    const stored = (await t.call('GET', `/v2/orders/${order.id}`)).json() as OrderJson;
    expect(stored.refunds).toMatchObject([{ reason: 'ticket_voided', method: 'cash', note: null }]);
  });
});
