import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, type ListJson } from '../support/foundation-fixtures.js';
import { buy, checkout, count, saleEvent, type OrderJson, type Sale } from '../support/sales-fixtures.js';
import { pairDevice } from '../support/scan-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface AuditJson {
  id: string;
  action: string;
  object_type: string;
  object_id: string;
  order_id: string | null;
  actor: { api_key_id: string | null; device_id: string | null; staff_id: string | null };
  at: string;
  data: Record<string, unknown>;
}

let t: TestApp;
let sale: Sale;
let adminKeyId: string;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await saleEvent(t);
  const keys = (await t.call('GET', '/v2/api_keys')).json() as ListJson<{ id: string; scope: string }>;
  adminKeyId = keys.data.find((key) => key.scope === 'admin')!.id;
});
afterEach(async () => t.close());

async function newKey(scope: string): Promise<{ id: string; secret: string }> {
  const res = await t.call('POST', '/v2/api_keys', { name: `${scope} key`, scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; secret: string };
}

async function audit(query = ''): Promise<AuditJson[]> {
  const res = await t.call('GET', `/v2/audit_events?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ListJson<AuditJson>).data;
}

const auditRows = () => count(t, 'SELECT COUNT(*) AS n FROM audit_events');

describe('GET /v2/audit_events', () => {
  it('records each change with its actor: key, paired device, and what was done', async () => {
    const boxOffice = await newKey('box_office');
    const till = await pairDevice(t, { scope: 'box_office', name: 'Till 2' });
    const sold = await checkout(
      t,
      sale,
      { payment_method: 'cash', items: [{ tier_id: sale.tierId, quantity: 2 }] },
      boxOffice.secret,
    );
    expect(sold.statusCode, sold.body).toBe(200);
    const order = sold.json() as OrderJson;
    const onTill = (await checkout(t, sale, {}, till.secret)).json() as OrderJson;
    await t.call('POST', `/v2/tickets/${order.tickets[0]!.id}/void`, {});
    await t.call('PATCH', `/v2/tiers/${sale.tierId}`, { price_cents: 3000 });

    const rows = await audit(`&since=${encodeURIComponent('2026-11-22T12:00:00Z')}`);
    const created = rows.find((row) => row.action === 'order.created' && row.object_id === order.id)!;
    expect(created).toMatchObject({
      object_type: 'order',
      order_id: order.id,
      actor: { api_key_id: boxOffice.id, device_id: null, staff_id: null },
      data: { total_cents: 5000, payment_method: 'cash', channel: 'till', tickets: 2, currency: 'usd' },
    });
    expect(created.id).toMatch(/^aud_/);
    expect(created.at).toBe('2026-11-22T12:00:00.000Z');
    expect(rows.find((row) => row.object_id === onTill.id)!.actor).toEqual({
      api_key_id: expect.stringMatching(/^key_/),
      device_id: till.device.id,
      staff_id: null,
    });
    expect(rows.filter((row) => row.actor.api_key_id === adminKeyId).map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'event.created',
        'tier.created',
        'event.published',
        'api_key.created',
        'device.pairing_started',
        'ticket.voided',
        'order.refunded',
        'tier.updated',
      ]),
    );
    // Pairing needs no key: the new device's row says which key it was given.
    expect(rows.find((row) => row.action === 'device.paired')).toMatchObject({
      object_id: till.device.id,
      actor: { api_key_id: null, device_id: null, staff_id: null },
      data: { scope: 'box_office', api_key_id: expect.stringMatching(/^key_/) },
    });
    expect(rows.find((row) => row.action === 'tier.updated')!.data).toMatchObject({
      changed: ['price_cents'],
      price_cents: 2500,
    });
  });

  it("answers an order's whole history for object_id=ord_…: the order, its tickets and its refunds", async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const other = await buy(t, sale);
    const [first, second] = order.tickets;
    await t.call('POST', `/v2/tickets/${first!.id}/void`, {});
    await t.call('POST', `/v2/tickets/${second!.id}/transfer`, { to_email: 'friend@example.com' });
    await t.call('PATCH', `/v2/attendees/${second!.attendee_id}`, { name: 'Grace Hopper' });
    await t.call('POST', `/v2/orders/${order.id}/refund`, {});

    const history = await audit(`&object_id=${order.id}`);
    expect(history.map((row) => [row.action, row.object_id])).toEqual([
      ['order.created', order.id],
      ['ticket.voided', first!.id],
      ['order.refunded', order.id],
      ['ticket.transferred', second!.id],
      ['attendee.updated', second!.attendee_id],
      // The refund of the rest voids the transferred-in ticket too, then records the refund.
      ['ticket.voided', expect.stringMatching(/^tik_/)],
      ['order.refunded', order.id],
    ]);
    expect(history.every((row) => row.order_id === order.id)).toBe(true);
    expect(history.some((row) => row.object_id === other.id)).toBe(false);
    expect(history[2]!.data).toMatchObject({
      amount_cents: 2500,
      reason: 'ticket_voided',
      ticket_id: first!.id,
    });
    // One ticket's own history is its rows only.
    expect((await audit(`&object_id=${first!.id}`)).map((row) => row.action)).toEqual(['ticket.voided']);
  });

  it('refuses an empty object_id or actor (it names nothing) rather than answer an empty list', async () => {
    for (const param of ['object_id', 'actor']) {
      expectInvalid(await t.call('GET', `/v2/audit_events?${param}=`), param);
    }
  });

  it('filters by actor (a key, a device) and since, oldest first, in pages', async () => {
    const till = await pairDevice(t, { scope: 'box_office', name: 'Till 3' });
    t.clock.advance(60);
    for (let n = 0; n < 3; n++) await checkout(t, sale, {}, till.secret);
    const byDevice = await audit(`&actor=${till.device.id}`);
    expect(byDevice.map((row) => row.action)).toEqual(['order.created', 'order.created', 'order.created']);
    const since = await audit(`&since=${encodeURIComponent('2026-11-22T13:00:30+01:00')}`);
    expect(since).toHaveLength(3);
    const page = (
      await t.call('GET', `/v2/audit_events?limit=2&actor=${till.device.id}`)
    ).json() as ListJson<AuditJson>;
    expect(page.has_more).toBe(true);
    const rest = (
      await t.call('GET', `/v2/audit_events?limit=2&actor=${till.device.id}&cursor=${page.next_cursor}`)
    ).json() as ListJson<AuditJson>;
    expect([...page.data, ...rest.data].map((row) => row.id)).toEqual(byDevice.map((row) => row.id));
    expect(rest.has_more).toBe(false);
  });

  it('reads newest first when asked, in pages, with or without an object, and its cursors stay in that order', async () => {
    const orders: OrderJson[] = [];
    for (let n = 0; n < 5; n++) orders.push(await buy(t, sale));
    const oldest = await audit('');
    const newest: AuditJson[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call(
        'GET',
        `/v2/audit_events?order=newest_first&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ListJson<AuditJson>;
      newest.push(...page.data);
      cursor = page.has_more ? page.next_cursor : null;
    } while (cursor);
    expect(newest.map((row) => row.id)).toEqual([...oldest].reverse().map((row) => row.id));
    // An order's history, newest first.
    const last = orders[orders.length - 1]!;
    const history = (
      await t.call('GET', `/v2/audit_events?order=newest_first&object_id=${last.id}`)
    ).json() as ListJson<AuditJson>;
    expect(history.data[0]).toMatchObject({ object_id: last.id, action: 'order.created' });
    // A cursor of one direction is not a position in the other.
    const first = (await t.call('GET', '/v2/audit_events?limit=1')).json() as ListJson<AuditJson>;
    expectInvalid(
      await t.call('GET', `/v2/audit_events?order=newest_first&cursor=${first.next_cursor}`),
      'cursor',
    );
  });

  it('names the signed-in staff member: sign-in, a sale and a shift at a till, never the PIN', async () => {
    const till = await newKey('box_office');
    const seller = await addStaff(t, 'Sam Seller', 'seller', '2468');
    const token = await signIn(t, till.secret, '2468');
    const shift = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 10_000, currency: 'usd' },
      till.secret,
      asStaff(token),
    );
    expect(shift.statusCode, shift.body).toBe(200);
    const sold = await t.call(
      'POST',
      '/v2/orders',
      { event_id: sale.eventId, items: [{ tier_id: sale.tierId, quantity: 1 }], payment_method: 'cash' },
      till.secret,
      asStaff(token),
    );
    expect(sold.statusCode, sold.body).toBe(200);
    const byStaff = await audit(`&actor=${seller.id}`);
    expect(byStaff.map((row) => row.action)).toEqual(['staff.signed_in', 'shift.opened', 'order.created']);
    expect(byStaff.every((row) => row.actor.staff_id === seller.id && row.actor.api_key_id === till.id)).toBe(
      true,
    );
    const created = (await audit(`&object_id=${seller.id}`))[0]!;
    expect(created).toMatchObject({ action: 'staff.created', data: { name: 'Sam Seller', role: 'seller' } });
    expect(JSON.stringify(t.app.ctx.db.prepare('SELECT * FROM audit_events').all())).not.toContain(token);
  });

  it('is for admin keys only', async () => {
    for (const scope of ['box_office', 'scanner', 'kiosk']) {
      const key = await newKey(scope);
      expectError(
        await t.call('GET', '/v2/audit_events', undefined, key.secret),
        403,
        'permission_error',
        'insufficient_scope',
      );
    }
    expect((await t.call('GET', '/v2/audit_events?since=yesterday')).statusCode).toBe(400);
  });
});

describe('the audit trail is written with the change, or not at all', () => {
  it('keeps no row of a refused write', async () => {
    const order = await buy(t, sale);
    const before = auditRows();
    expectInvalid(
      await t.call('POST', `/v2/orders/${order.id}/refund`, { amount_cents: 999_999 }),
      'amount_cents',
    );
    // Over the tier's max_per_order, and a tier quantity under what is sold: refused, unwritten.
    expect((await checkout(t, sale, { items: [{ tier_id: sale.tierId, quantity: 11 }] })).statusCode).toBe(
      400,
    );
    expect((await t.call('PATCH', `/v2/tiers/${sale.tierId}`, { quantity: 0 })).statusCode).toBe(400);
    expect(auditRows()).toBe(before);
  });

  it('a harmless repeat (publishing a published event) writes nothing', async () => {
    const before = auditRows();
    const again = await t.call('POST', `/v2/events/${sale.eventId}/publish`);
    expect(again.statusCode, again.body).toBe(200);
    expect(auditRows()).toBe(before);
  });

  it('can never be updated or deleted, not even by SQL on the store', async () => {
    await buy(t, sale);
    const { db } = t.app.ctx;
    expect(() => db.prepare("UPDATE audit_events SET action = 'order.forged'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_events').run()).toThrow(/append-only/);
    expect(count(t, "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'order.created'")).toBe(1);
  });

  it('never holds a secret: key secrets, webhook secrets, pairing tokens, PINs, ticket codes', async () => {
    const key = await newKey('box_office');
    const endpoint = (
      await t.call('POST', '/v2/webhook_endpoints', {
        url: 'http://127.0.0.1:9/hook?token=receiver-own-token',
        events: ['*'],
      })
    ).json() as { id: string; secret: string };
    const rotated = (await t.call('POST', `/v2/webhook_endpoints/${endpoint.id}/rotate_secret`)).json() as {
      secret: string;
    };
    const pairing = (await t.call('POST', '/v2/devices/pairing', { scope: 'box_office' })).json() as {
      pairing_token: string;
    };
    const paired = (
      await t.call('POST', '/v2/devices/pair', { pairing_token: pairing.pairing_token, name: 'Till' }, null)
    ).json() as {
      api_key: { secret: string };
    };
    expect((await t.call('PATCH', '/v2/settings', { kiosk_attendant_pin: '482913' })).statusCode).toBe(200);
    const order = await buy(t, sale);
    const trail = JSON.stringify(t.app.ctx.db.prepare('SELECT * FROM audit_events').all());
    for (const secret of [
      key.secret,
      endpoint.secret,
      rotated.secret,
      pairing.pairing_token,
      paired.api_key.secret,
      '482913',
      'receiver-own-token',
      order.tickets[0]!.qr_token,
      order.tickets[0]!.paper_pass!,
      order.tickets[0]!.wallet_url.split('/').pop()!,
    ]) {
      expect(trail).not.toContain(secret);
    }
    expect(trail).toContain('settings.updated');
    expect(trail).toContain('webhook_endpoint.secret_rotated');
  });
});
