import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { buy, type Sale } from '../support/sales-fixtures.js';
import {
  doorSale,
  freshToken,
  pairDevice,
  scan,
  sellTickets,
  validate,
  type DeviceJson,
} from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface CheckInJson {
  result: 'admitted' | 'rejected';
  reason: string | null;
  credential: string;
  ticket: { id: string; inside: boolean; scan_count: number; tier_name: string | null };
  attendee: { name: string | null } | null;
  scan: {
    id: string;
    credential: string;
    note: string | null;
    device_id: string | null;
    actor: { api_key_id: string | null; device_id: string | null; staff_id: string | null };
  };
  order: { id: string; tickets: number; admitted: number };
  occupancy: { inside: number; capacity: number | null; level: string };
}

let t: TestApp;
let sale: Sale;
let door: { device: DeviceJson; secret: string };

beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
  door = await pairDevice(t, { event_id: sale.eventId, name: 'Door 1' });
});

afterEach(async () => {
  await t.close();
});

const checkIn = (ticketId: string, body: unknown, auth?: string, headers?: Record<string, string>) =>
  t.call('POST', `/v2/tickets/${ticketId}/check_in`, body, auth, headers);

describe('POST /v2/tickets/{id}/check_in', () => {
  it('admits once with the reason and actor on a manual scan; the second is already_scanned', async () => {
    const [ticket] = await sellTickets(t, sale);
    const res = await checkIn(ticket!.id, { reason: 'Phone battery dead, ID checked' }, door.secret);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CheckInJson;
    expect(body).toMatchObject({
      result: 'admitted',
      reason: null,
      credential: 'manual',
      ticket: { id: ticket!.id, inside: true, scan_count: 1, tier_name: 'General admission' },
      attendee: { name: 'Ada Lovelace' },
      scan: {
        credential: 'manual',
        note: 'Phone battery dead, ID checked',
        device_id: door.device.id,
        actor: { device_id: door.device.id, api_key_id: door.device.api_key_id, staff_id: null },
      },
      order: { tickets: 1, admitted: 1 },
      occupancy: { inside: 1, capacity: null, level: 'ok' },
    });
    // The same first-admission rule as a code: the code itself is now already_scanned too.
    const again = (await checkIn(ticket!.id, { reason: 'again' }, door.secret)).json() as CheckInJson;
    expect(again).toMatchObject({ result: 'rejected', reason: 'already_scanned', credential: 'manual' });
    const byCode = await scan(t, { token: freshToken(t, ticket!) }, door.secret);
    expect(byCode.reason).toBe('already_scanned');
    // The scan log and the feed's rows show the manual admission for the monitor.
    const scans = (await t.call('GET', `/v2/scans?event_id=${sale.eventId}`)).json() as {
      data: { credential: string; result: string; note: string | null }[];
    };
    expect(scans.data.map((s) => [s.credential, s.result])).toEqual([
      ['manual', 'admitted'],
      ['manual', 'rejected'],
      ['rotating', 'rejected'],
    ]);
  });

  it('the box office may check in; a voided ticket is refused as voided', async () => {
    const boxOffice = await createKey(t, 'box_office');
    const [ok, voided] = await sellTickets(t, sale, 2);
    await t.call('POST', `/v2/tickets/${voided!.id}/void`, { refund: false });
    const admitted = (await checkIn(ok!.id, { reason: 'Walk-up with printed email' }, boxOffice)).json();
    expect(admitted).toMatchObject({ result: 'admitted', scan: { device_id: null } });
    const refused = (await checkIn(voided!.id, { reason: 'Says it is theirs' }, boxOffice)).json();
    expect(refused).toMatchObject({ result: 'rejected', reason: 'voided' });
  });

  it('replays an Idempotency-Key instead of checking in twice', async () => {
    const [ticket] = await sellTickets(t, sale);
    const headers = { 'idempotency-key': 'door-1-checkin-1' };
    const first = await checkIn(ticket!.id, { reason: 'No phone' }, door.secret, headers);
    const second = await checkIn(ticket!.id, { reason: 'No phone' }, door.secret, headers);
    expect(second.body).toBe(first.body);
    expect((first.json() as CheckInJson).result).toBe('admitted');
    const other = await checkIn(ticket!.id, { reason: 'Other words' }, door.secret, headers);
    expectError(other, 409, 'conflict_error', 'idempotency_key_reused', 'Idempotency-Key');
  });

  it('refuses bad input with the envelope: reason missing, blank, over 200 characters; unknown ticket', async () => {
    const [ticket] = await sellTickets(t, sale);
    expectMissing(await checkIn(ticket!.id, {}, door.secret), 'reason');
    expectInvalid(await checkIn(ticket!.id, { reason: '   ' }, door.secret), 'reason');
    const long = await checkIn(ticket!.id, { reason: 'x'.repeat(201) }, door.secret);
    const error = expectInvalid(long, 'reason');
    expect(error.message).toMatch(/200/);
    expect((await checkIn(ticket!.id, { reason: 'x'.repeat(200) }, door.secret)).statusCode).toBe(200);
    expectError(
      await checkIn('tik_nope', { reason: 'x' }, door.secret),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    expectInvalid(await checkIn(ticket!.id, { reason: 'x', extra: 1 }, door.secret), 'extra');
  });

  it('refuses control characters in a reason, line breaks and tabs too (one line), on every live route', async () => {
    const [ticket] = await sellTickets(t, sale);
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    const sends: [string, (reason: string) => Promise<LightMyRequestResponse>][] = [
      ['reason', (reason) => checkIn(ticket!.id, { reason }, door.secret)],
      ['reason', (reason) => t.call('POST', `/v2/orders/${order.id}/check_in`, { reason }, door.secret)],
      ['reason', (reason) => validate(t, { token: freshToken(t, ticket!), reason }, door.secret)],
    ];
    for (const [param, send] of sends) {
      for (const control of [
        '\u0007',
        '\u0000',
        '\u001b',
        '\u007f',
        '\u0085',
        '\n',
        '\r\n',
        '\t',
        '\u2028',
      ]) {
        const error = expectInvalid(await send(`Dead${control}phone`), param);
        expect(error.message).toBe(
          `${param} must be one line, without line breaks, tabs or other control characters.`,
        );
      }
      expect(expectInvalid(await send(' \u00a0 '), param).message).toBe(`${param} cannot be blank.`);
    }
    const count = t.app.ctx.db.prepare('SELECT COUNT(*) FROM scans').pluck().get();
    expect(count).toBe(0);
    // Any script, punctuation and emoji are words.
    const words = await checkIn(ticket!.id, { reason: 'Téléphone mort — “ID” ok 📵' }, door.secret);
    expect(words.statusCode, words.body).toBe(200);
  });

  it('still takes a manual check-in an older door queued with a line break in its note (sync is not held up)', async () => {
    const [ticket] = await sellTickets(t, sale);
    const res = await t.call(
      'POST',
      '/v2/scan/sync',
      {
        device_id: door.device.id,
        scans: [
          {
            kind: 'manual',
            ticket_id: ticket!.id,
            note: 'Dead phone\nID checked',
            scanned_at: new Date(t.clock.ms).toISOString(),
            result: 'admitted',
          },
        ],
      },
      door.secret,
    );
    expect(res.statusCode, res.body).toBe(200);
    const note = t.app.ctx.db.prepare('SELECT note FROM scans WHERE ticket_id = ?').pluck().get(ticket!.id);
    expect(note).toBe('Dead phone\nID checked');
  });

  it('refuses a door of another event (403) and a kiosk key; nothing is recorded', async () => {
    const [ticket] = await sellTickets(t, sale);
    const other = await doorSale(t);
    const otherDoor = await pairDevice(t, { event_id: other.eventId, name: 'Other door' });
    const res = await checkIn(ticket!.id, { reason: 'Trust me' }, otherDoor.secret);
    const error = expectError(res, 403, 'permission_error', 'insufficient_scope');
    expect(error.message).toContain(other.eventId);
    const kiosk = await createKey(t, 'kiosk');
    expectError(
      await checkIn(ticket!.id, { reason: 'x' }, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    const count = t.app.ctx.db.prepare('SELECT COUNT(*) FROM scans').pluck().get();
    expect(count).toBe(0);
  });
});

describe('whole order', () => {
  it('validate answers the order; POST /v2/orders/{id}/check_in admits the rest at once', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 4 }] });
    const [first, , , voided] = order.tickets;
    await t.call('POST', `/v2/tickets/${voided!.id}/void`, { refund: false });
    const scanned = await scan(t, { token: freshToken(t, first!) }, door.secret);
    expect(scanned).toMatchObject({ result: 'admitted', order: { id: order.id, tickets: 3, admitted: 1 } });

    const res = await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, door.secret);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      order: { tickets: number; admitted: number };
      results: {
        ticket_id: string;
        result: string;
        reason: string | null;
        scan: { credential: string } | null;
      }[];
      occupancy: { inside: number };
    };
    expect(body.order).toEqual({ id: order.id, tickets: 3, admitted: 3 });
    expect(body.results.map((r) => [r.ticket_id, r.result, r.reason, r.scan?.credential ?? null])).toEqual([
      [first!.id, 'rejected', 'already_scanned', null],
      [order.tickets[1]!.id, 'admitted', null, 'manual'],
      [order.tickets[2]!.id, 'admitted', null, 'manual'],
      [voided!.id, 'rejected', 'voided', null],
    ]);
    expect(body.occupancy.inside).toBe(3);
    // Nothing left: a second call admits no one.
    const again = (
      await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, door.secret)
    ).json() as typeof body;
    expect(again.results.filter((r) => r.result === 'admitted')).toEqual([]);
  });

  it("a ticket transferred to a friend is the friend's: not counted, not admitted with the buyer's group", async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    const [first, second, given] = order.tickets;
    const moved = await t.call('POST', `/v2/tickets/${given!.id}/transfer`, {
      to_email: 'hal@example.com',
      name: 'Hal Friend',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const friends = moved.json() as { id: string; event_id: string; tier_id: string };

    // The buyer arrives: the door offers the other one of their group, not the friend's ticket.
    const buyer = await scan(t, { token: freshToken(t, first!) }, door.secret);
    expect(buyer.order).toEqual({ id: order.id, tickets: 2, admitted: 1 });
    const group = (await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, door.secret)).json() as {
      order: { tickets: number; admitted: number };
      results: { ticket_id: string; result: string; reason: string | null }[];
    };
    expect(group.order).toEqual({ id: order.id, tickets: 2, admitted: 2 });
    expect(group.results.map((r) => [r.ticket_id, r.result, r.reason])).toEqual([
      [first!.id, 'rejected', 'already_scanned'],
      [second!.id, 'admitted', null],
      [given!.id, 'rejected', 'transferred'],
    ]);

    // The friend arrives later and gets in on their own ticket; their answer is theirs alone.
    const friend = await scan(t, { token: freshToken(t, friends) }, door.secret);
    expect(friend).toMatchObject({ result: 'admitted', order: { id: order.id, tickets: 1, admitted: 1 } });
    const stored = t.app.ctx.db
      .prepare('SELECT tickets_active, tickets_admitted FROM orders WHERE id = ?')
      .get(order.id);
    expect(stored).toEqual({ tickets_active: 2, tickets_admitted: 2 });
  });

  it('refuses an unknown order (404) and a door of another event (403)', async () => {
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    expectError(
      await t.call('POST', '/v2/orders/ord_nope/check_in', {}, door.secret),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
    const other = await doorSale(t);
    const otherDoor = await pairDevice(t, { event_id: other.eventId, name: 'Other door' });
    expectError(
      await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, otherDoor.secret),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });
});

describe('capacity', () => {
  it('warns at 90 %, refuses an entry at 100 % without a reason, admits with one; exits count', async () => {
    const res = await t.call('PATCH', `/v2/events/${sale.eventId}`, { capacity: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { capacity: number }).capacity).toBe(10);
    const tickets = await sellTickets(t, sale, 12);
    for (const ticket of tickets.slice(0, 8)) await scan(t, { token: freshToken(t, ticket) }, door.secret);
    const ninth = await scan(t, { token: freshToken(t, tickets[8]!) }, door.secret);
    expect(ninth).toMatchObject({
      result: 'admitted',
      occupancy: { inside: 9, capacity: 10, level: 'warning' },
    });
    const tenth = await scan(t, { token: freshToken(t, tickets[9]!) }, door.secret);
    expect(tenth).toMatchObject({ occupancy: { inside: 10, level: 'full' } });

    const refused = await t.call(
      'POST',
      '/v2/scan/validate',
      { token: freshToken(t, tickets[10]!) },
      door.secret,
    );
    const error = expectError(refused, 409, 'conflict_error', 'capacity_reached');
    expect(error.message).toMatch(/10 of 10/);
    const override = await scan(
      t,
      { token: freshToken(t, tickets[10]!), reason: 'Fire officer agreed: 2 staff left' },
      door.secret,
    );
    expect(override).toMatchObject({
      result: 'admitted',
      scan: { note: 'Fire officer agreed: 2 staff left' },
      occupancy: { inside: 11, level: 'full' },
    });
    // Someone leaves; the next code admits without a reason once inside is under capacity again.
    await scan(t, { token: freshToken(t, tickets[0]!), direction: 'out' }, door.secret);
    await scan(t, { token: freshToken(t, tickets[1]!), direction: 'out' }, door.secret);
    const after = await scan(t, { token: freshToken(t, tickets[11]!) }, door.secret);
    expect(after).toMatchObject({ result: 'admitted', occupancy: { inside: 10, level: 'full' } });

    const occupancy = (await t.call('GET', `/v2/scan/occupancy`, undefined, door.secret)).json();
    expect(occupancy).toEqual({
      event_id: sale.eventId,
      inside: 10,
      capacity: 10,
      level: 'full',
      admitted: 12,
      manual: 0,
      rotating: 12,
      paper: 0,
      // The newest scan these figures count: a monitor following the feed counts only those after it.
      last_scan_id: (after as { scan: { id: string } }).scan.id,
    });
    // A whole order past capacity needs a reason, and then is admitted all at once.
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] });
    expectError(
      await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, door.secret),
      409,
      'conflict_error',
      'capacity_reached',
    );
    const forced = await t.call(
      'POST',
      `/v2/orders/${order.id}/check_in`,
      { reason: 'Band guests' },
      door.secret,
    );
    expect((forced.json() as { occupancy: { inside: number } }).occupancy.inside).toBe(12);
    const manual = (await t.call('GET', `/v2/scan/occupancy?event_id=${sale.eventId}`)).json();
    expect(manual).toMatchObject({ inside: 12, admitted: 14, manual: 2 });
  });

  it('a group bigger than the places left is refused saying how many places are left', async () => {
    await t.call('PATCH', `/v2/events/${sale.eventId}`, { capacity: 2 });
    const order = await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] });
    const refused = expectError(
      await t.call('POST', `/v2/orders/${order.id}/check_in`, {}, door.secret),
      409,
      'conflict_error',
      'capacity_reached',
    );
    expect(refused.message).toBe(
      'Only 2 places are left (0 of 2 inside), not enough for all 3 of this order. A steward may still admit them with a reason.',
    );
  });

  it('refuses a capacity under 1 or not a whole number', async () => {
    expectInvalid(await t.call('PATCH', `/v2/events/${sale.eventId}`, { capacity: 0 }), 'capacity');
    expectInvalid(await t.call('PATCH', `/v2/events/${sale.eventId}`, { capacity: 1.5 }), 'capacity');
    const cleared = await t.call('PATCH', `/v2/events/${sale.eventId}`, { capacity: null });
    expect((cleared.json() as { capacity: null }).capacity).toBeNull();
  });
});
