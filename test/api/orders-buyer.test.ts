import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import {
  buy,
  count,
  emitted,
  makeSaleTestApp,
  type AttendeeJson,
  type OrderJson,
  type Sale,
} from '../support/sales-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

const correct = (orderId: string, body: unknown, auth?: string, headers?: Record<string, string>) =>
  t.call('PATCH', `/v2/orders/${orderId}`, body, auth, headers);

const attendeesOf = async (order: OrderJson): Promise<AttendeeJson[]> => {
  const res = await t.call('GET', `/v2/attendees?event_id=${sale.eventId}&limit=100`);
  return (res.json() as { data: AttendeeJson[] }).data.filter((a) => a.order_id === order.id);
};

const auditOf = async (orderId: string) =>
  (
    (await t.call('GET', `/v2/audit_events?object_id=${orderId}`)).json() as {
      data: { action: string; data: Record<string, unknown> }[];
    }
  ).data;

describe('PATCH /v2/orders/{id}: correcting the buyer', () => {
  it('corrects a mistyped email; attendees filled in from the buyer follow, one typed separately does not', async () => {
    const order = await buy(t, sale, {
      items: [{ tier_id: sale.tierId, quantity: 3 }],
      buyer: { name: 'Ada Lovelace', email: 'ada@exmaple.com' },
      attendees: [{}, { name: 'Charles Babbage', email: 'charles@example.com' }, { name: 'Mary Somerville' }],
    });
    const res = await correct(order.id, { buyer: { email: 'ada@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: order.id,
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      total_cents: order.total_cents,
    });
    expect((await t.call('GET', `/v2/orders/${order.id}`)).json().buyer).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect((await attendeesOf(order)).map((a) => [a.name, a.email])).toEqual([
      ['Ada Lovelace', 'ada@example.com'],
      ['Charles Babbage', 'charles@example.com'],
      ['Mary Somerville', 'ada@example.com'],
    ]);
    expect(emitted<AttendeeJson>(t, 'attendee.updated').map((a) => a.email)).toEqual([
      'ada@example.com',
      'ada@example.com',
    ]);
    const [entry] = await auditOf(order.id).then((rows) =>
      rows.filter((r) => r.action === 'order.buyer_corrected'),
    );
    expect(entry?.data.changed).toEqual(['email']);
    expect(entry?.data.attendees).toHaveLength(2);
    // Neither the old nor the new address is kept in the audit trail.
    expect(JSON.stringify(entry)).not.toMatch(/@/);

    // The tickets then go to the corrected address.
    const resent = await t.call('POST', `/v2/orders/${order.id}/resend`, {});
    expect(resent.json()).toMatchObject({ to: 'ada@example.com' });
  });

  it('adds a buyer to a walk-in sale, so its tickets can be mailed', async () => {
    const order = await buy(t, sale, { buyer: undefined, payment_method: 'cash' });
    expect(order.buyer).toBeNull();
    const res = await correct(order.id, { buyer: { name: 'Grace Hopper', email: 'grace@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buyer).toEqual({ name: 'Grace Hopper', email: 'grace@example.com' });
    // The attendee had nothing from the buyer (both null), so it takes the new buyer too.
    expect((await attendeesOf(order)).map((a) => [a.name, a.email])).toEqual([
      ['Grace Hopper', 'grace@example.com'],
    ]);
    expect((await t.call('POST', `/v2/orders/${order.id}/resend`, {})).json()).toMatchObject({
      to: 'grace@example.com',
    });
  });

  it('changing nothing answers the order and audits nothing', async () => {
    const order = await buy(t, sale);
    const before = count(t, 'SELECT COUNT(*) AS n FROM audit_events');
    const res = await correct(order.id, { buyer: { email: 'ada@example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().buyer).toEqual(order.buyer);
    expect(count(t, 'SELECT COUNT(*) AS n FROM audit_events')).toBe(before);
    expect(emitted(t, 'attendee.updated')).toEqual([]);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const order = await buy(t, sale);
    expectInvalid(await correct(order.id, { buyer: { email: 'not an address' } }), 'buyer.email');
    expectInvalid(await correct(order.id, { buyer: { email: null } }), 'buyer.email');
    expectInvalid(await correct(order.id, { buyer: { name: '' } }), 'buyer.name');
    expectInvalid(await correct(order.id, { buyer: { phone: '0123' } }), 'buyer.phone');
    expectInvalid(await correct(order.id, { status: 'refunded', buyer: {} }), 'status');
    expectError(await correct(order.id, {}), 400, 'invalid_request_error', 'missing_field', 'buyer');
    expectError(
      await correct('ord_nope', { buyer: { name: 'X' } }),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expect((await t.call('GET', `/v2/orders/${order.id}`)).json().buyer).toEqual(order.buyer);
  });

  it('is for box office keys and sellers, not scanners, kiosks or door staff', async () => {
    const order = await buy(t, sale);
    for (const scope of ['scanner', 'kiosk'] as const) {
      expectError(
        await correct(order.id, { buyer: { name: 'X' } }, await createKey(t, scope)),
        403,
        'permission_error',
        'insufficient_scope',
      );
    }
    const till = await createKey(t, 'box_office');
    await addStaff(t, 'Sam', 'seller', '1234');
    await addStaff(t, 'Dee', 'door', '5678');
    const door = await signIn(t, till, '5678');
    expectError(
      await correct(order.id, { buyer: { name: 'X' } }, till, asStaff(door)),
      403,
      'permission_error',
      'insufficient_role',
    );
    const seller = await signIn(t, till, '1234');
    const res = await correct(order.id, { buyer: { name: 'Ada King' } }, till, asStaff(seller));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().buyer).toEqual({ name: 'Ada King', email: 'ada@example.com' });
  });

  it('replays with the same Idempotency-Key instead of correcting twice', async () => {
    const order = await buy(t, sale);
    const headers = { 'idempotency-key': 'fix-buyer-1' };
    const first = await correct(order.id, { buyer: { name: 'Ada King' } }, undefined, headers);
    const second = await correct(order.id, { buyer: { name: 'Ada King' } }, undefined, headers);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await auditOf(order.id)).filter((r) => r.action === 'order.buyer_corrected')).toHaveLength(1);
  });

  it('sends a confirmation still waiting for the mistyped address to the corrected one; sent mail stays', async () => {
    const order = await buy(t, sale, { buyer: { name: 'Ada Lovelace', email: 'ada@exmaple.com' } });
    const waiting = await buy(t, sale, { buyer: { name: 'Bo Typo', email: 'bo@exmaple.com' } });
    // Bo's first mail already went out before anyone noticed: it is not recalled.
    t.app.ctx.db.prepare("UPDATE mail_outbox SET status = 'sent', sent_at = 1 WHERE ref = ?").run(waiting.id);
    await correct(order.id, { buyer: { email: 'ada@example.com' } });
    await correct(waiting.id, { buyer: { email: 'bo@example.com' } });
    const mailOf = async (id: string) =>
      ((await t.call('GET', `/v2/orders/${id}/mail`)).json() as { data: { to: string; status: string }[] })
        .data;
    expect(await mailOf(order.id)).toMatchObject([{ to: 'ada@example.com', status: 'pending' }]);
    expect(await mailOf(waiting.id)).toMatchObject([{ to: 'bo@exmaple.com', status: 'sent' }]);
    const audit = (await auditOf(order.id)).find((r) => r.action === 'order.buyer_corrected');
    expect(audit?.data).toEqual({ changed: ['email'], attendees: expect.any(Array), mail_readdressed: 1 });
  });

  it("leaves a transfer's recipient alone when a buyer is added to a walk-in sale", async () => {
    const order = await buy(t, sale, {
      items: [{ tier_id: sale.tierId, quantity: 2 }],
      buyer: undefined,
      payment_method: 'cash',
    });
    const moved = await t.call('POST', `/v2/tickets/${order.tickets[0]!.id}/transfer`, {
      to_email: 'pat@example.com',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const patsTicket = (moved.json() as { id: string }).id;
    await correct(order.id, { buyer: { name: 'Walt Walkin', email: 'walt@example.com' } });
    const attendees = await attendeesOf(order);
    const pat = attendees.find((a) => a.ticket_id === patsTicket);
    expect(pat).toMatchObject({ name: null, email: 'pat@example.com' });
    const walts = attendees.find((a) => a.ticket_id === order.tickets[1]!.id);
    expect(walts).toMatchObject({ name: 'Walt Walkin', email: 'walt@example.com' });
  });
});
