import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import { buy, type Sale } from '../support/sales-fixtures.js';
import { doorSale, pairDevice, type DeviceJson } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface LookupJson {
  object: 'list';
  data: {
    ticket_id: string;
    order_id: string;
    attendee_name: string | null;
    tier_name: string | null;
    status: string;
    scanned: boolean;
    scan_count: number;
  }[];
  has_more: boolean;
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

/** One order per guest, each with its own attendee name and email. */
async function guests(names: string[]): Promise<{ orderId: string; ticketId: string }[]> {
  const out: { orderId: string; ticketId: string }[] = [];
  for (const name of names) {
    const order = await buy(t, sale, {
      buyer: { name, email: `${name.replace(/\W/g, '').toLowerCase()}@mail.example` },
    });
    out.push({ orderId: order.id, ticketId: order.tickets[0]!.id });
  }
  return out;
}

const lookup = (query: string, auth?: string) => t.call('GET', `/v2/scan/lookup?${query}`, undefined, auth);

describe('GET /v2/scan/lookup', () => {
  it('finds by part of the name (any case) and by the start of an order id, never with an email', async () => {
    const [grace, , ada] = await guests(['Grace Hopper', 'Alan Turing', 'Ada Lovelace', 'Adam Smith']);
    const res = await lookup(`q=ADA`, door.secret);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LookupJson;
    expect(body.data.map((m) => m.attendee_name)).toEqual(['Ada Lovelace', 'Adam Smith']);
    expect(body.data[0]).toEqual({
      ticket_id: ada!.ticketId,
      order_id: ada!.orderId,
      attendee_name: 'Ada Lovelace',
      tier_name: 'General admission',
      status: 'active',
      scanned: false,
      scan_count: 0,
    });
    expect(body.has_more).toBe(false);
    // Last names too: a substring, not only a prefix.
    expect(((await lookup('q=hopp', door.secret)).json() as LookupJson).data).toHaveLength(1);
    const byOrder = (await lookup(`q=${grace!.orderId.slice(0, 12)}`, door.secret)).json() as LookupJson;
    expect(byOrder.data.map((m) => m.ticket_id)).toContain(grace!.ticketId);
    const exact = (await lookup(`q=${grace!.orderId}`, door.secret)).json() as LookupJson;
    expect(exact.data.map((m) => m.ticket_id)).toEqual([grace!.ticketId]);
    // The raw answers carry no email, whatever was searched.
    for (const q of ['ada', 'mail.example', 'lovelace@', grace!.orderId]) {
      const raw = (await lookup(`q=${encodeURIComponent(q)}`, door.secret)).body;
      expect(raw).not.toMatch(/@|email/i);
    }
    expect(((await lookup('q=mail.example', door.secret)).json() as LookupJson).data).toEqual([]);
  });

  it('finds a name typed without its accents, or in capitals, as a steward hears it', async () => {
    const [fernandez, weiss] = await guests(['Zoë Fernández', 'Jürgen Weiß']);
    const names = async (q: string) =>
      ((await lookup(`q=${encodeURIComponent(q)}`, door.secret)).json() as LookupJson).data.map(
        (m) => m.ticket_id,
      );
    expect(await names('fernandez')).toEqual([fernandez!.ticketId]);
    expect(await names('FERNÁNDEZ')).toEqual([fernandez!.ticketId]);
    expect(await names('zoe fern')).toEqual([fernandez!.ticketId]);
    expect(await names('weiss')).toEqual([weiss!.ticketId]);
    expect(await names('Jurgen')).toEqual([weiss!.ticketId]);
    expect(await names('fernandes')).toEqual([]);
  });

  it('finds a name whose apostrophe a phone curled, typed with a straight one, and the other way round', async () => {
    const [oconnor, obrien] = await guests(['Siobhan O’Connor', "Dara O'Brien"]);
    const names = async (q: string) =>
      ((await lookup(`q=${encodeURIComponent(q)}`, door.secret)).json() as LookupJson).data.map(
        (m) => m.ticket_id,
      );
    expect(await names("o'connor")).toEqual([oconnor!.ticketId]);
    expect(await names('O’Brien')).toEqual([obrien!.ticketId]);
  });

  it('answers at most 10, says there are more, and shows who is inside', async () => {
    await guests(Array.from({ length: 12 }, (_, i) => `Guest Number ${i + 1}`));
    const body = (await lookup('q=guest', door.secret)).json() as LookupJson;
    expect(body.data).toHaveLength(10);
    expect(body.has_more).toBe(true);
    const first = body.data[0]!;
    await t.call('POST', `/v2/tickets/${first.ticket_id}/check_in`, { reason: 'No phone' }, door.secret);
    const after = (await lookup('q=Number 1', door.secret)).json() as LookupJson;
    expect(after.data.find((m) => m.ticket_id === first.ticket_id)).toMatchObject({
      scanned: true,
      scan_count: 1,
    });
  });

  it('refuses a one-letter query (not the whole list), a missing or unknown event, another event’s door', async () => {
    await guests(['Ada Lovelace']);
    const one = expectInvalid(await lookup('q=a', door.secret), 'q');
    expect(one.message).toMatch(/2/);
    const padded = expectInvalid(await lookup(`q=${encodeURIComponent('  a ')}`, door.secret), 'q');
    expect(padded.message).toMatch(/at least 2 characters/);
    expectMissing(await lookup('q=ada'), 'event_id');
    expectError(
      await lookup('q=ada&event_id=evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expectInvalid(await lookup(`q=${'a'.repeat(101)}&event_id=${sale.eventId}`), 'q');
    const other = await doorSale(t);
    const otherDoor = await pairDevice(t, { event_id: other.eventId, name: 'Other door' });
    const refused = await lookup(`q=ada&event_id=${sale.eventId}`, otherDoor.secret);
    expectError(refused, 403, 'permission_error', 'insufficient_scope');
    const kiosk = await createKey(t, 'kiosk');
    expectError(
      await lookup(`q=ada&event_id=${sale.eventId}`, kiosk),
      403,
      'permission_error',
      'insufficient_scope',
    );
    // The box office may look up any event.
    const boxOffice = await createKey(t, 'box_office');
    expect((await lookup(`q=ada&event_id=${sale.eventId}`, boxOffice)).statusCode).toBe(200);
  });

  it('keeps another event’s door out of this event’s door pack (the guests’ names) and scans', async () => {
    const [ada] = await guests(['Ada Lovelace']);
    const other = await doorSale(t);
    const otherDoor = await pairDevice(t, { event_id: other.eventId, name: 'Other door' });
    const pack = await t.call(
      'GET',
      `/v2/scan/door_pack?event_id=${sale.eventId}`,
      undefined,
      otherDoor.secret,
    );
    const refused = expectError(pack, 403, 'permission_error', 'insufficient_scope');
    expect(refused.message).toContain(`paired to event ${other.eventId}`);
    expect(pack.body).not.toContain('Ada');
    expectError(
      await t.call('GET', `/v2/scans?event_id=${sale.eventId}`, undefined, otherDoor.secret),
      403,
      'permission_error',
      'insufficient_scope',
    );
    // Its own event's pack it gets, and with no event named its scans are its own event's only.
    await expectPack(other.eventId, otherDoor.secret);
    const ticket = (await t.call('GET', `/v2/tickets/${ada!.ticketId}`)).json() as { qr_token: string };
    const scanned = await t.call('POST', '/v2/scan/validate', { token: ticket.qr_token }, door.secret);
    expect(scanned.statusCode, scanned.body).toBe(200);
    const scans = await t.call('GET', '/v2/scans', undefined, otherDoor.secret);
    expect(scans.statusCode, scans.body).toBe(200);
    expect((scans.json() as { data: unknown[] }).data).toEqual([]);
    // This event's own door, and a door pinned to no event, read this event's pack and scans.
    expect((await t.call('GET', '/v2/scans', undefined, door.secret)).json()).toMatchObject({
      data: [{ event_id: sale.eventId }],
    });
    const roaming = await pairDevice(t, { event_id: null, name: 'Roaming door' });
    await expectPack(sale.eventId, roaming.secret);
  });
});

/** The door pack of `eventId`, which the door with `secret` may read. */
async function expectPack(eventId: string, secret: string): Promise<void> {
  const pack = await t.call('GET', `/v2/scan/door_pack?event_id=${eventId}`, undefined, secret);
  expect(pack.statusCode, pack.body).toBe(200);
  expect((pack.json() as { event: { id: string } }).event.id).toBe(eventId);
}

describe('door pack names', () => {
  it('carries [ticket, order, name, tier index] of active tickets and inside, never an email', async () => {
    const [grace, alan] = await guests(['Grace Hopper', 'Alan Turing']);
    await t.call('POST', `/v2/tickets/${alan!.ticketId}/void`, { refund: false });
    await t.call('POST', `/v2/tickets/${grace!.ticketId}/check_in`, { reason: 'ID checked' }, door.secret);
    const res = await t.call('GET', '/v2/scan/door_pack', undefined, door.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/@|email/i);
    const pack = res.json() as {
      holders: [string, string, string, number][];
      inside: number;
      cursor: string;
    };
    expect(pack.holders).toEqual([[grace!.ticketId, grace!.orderId, 'Grace Hopper', 0]]);
    expect(pack.inside).toBe(1);
    // A delta lists only tickets sold since.
    const [newcomer] = await guests(['Hedy Lamarr']);
    const delta = (
      await t.call('GET', `/v2/scan/door_pack?since=${pack.cursor}`, undefined, door.secret)
    ).json() as typeof pack;
    expect(delta.holders).toEqual([[newcomer!.ticketId, newcomer!.orderId, 'Hedy Lamarr', 0]]);
  });
});

describe('offline manual check-ins through POST /v2/scan/sync', () => {
  it('two doors each admit the same guest by hand: one admission, one conflict', async () => {
    const doorB = await pairDevice(t, { event_id: sale.eventId, name: 'Door 2' });
    const [guest] = await guests(['Grace Hopper']);
    const at = (offsetMs: number) => new Date(t.clock.ms - offsetMs).toISOString();
    const item = (note: string, offsetMs: number) => ({
      kind: 'manual',
      ticket_id: guest!.ticketId,
      note,
      scanned_at: at(offsetMs),
      result: 'admitted',
    });
    const a = await t.call(
      'POST',
      '/v2/scan/sync',
      { device_id: door.device.id, scans: [item('No phone', 60_000)] },
      door.secret,
    );
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.call(
      'POST',
      '/v2/scan/sync',
      { device_id: doorB.device.id, scans: [item('Lost ticket', 30_000)] },
      doorB.secret,
    );
    const [first] = (a.json() as { results: { result: string; conflict: boolean; credential: string }[] })
      .results;
    const [second] = (b.json() as { results: { result: string; reason: string; conflict: boolean }[] })
      .results;
    expect(first).toMatchObject({ result: 'admitted', conflict: false, credential: 'manual' });
    expect(second).toMatchObject({ result: 'rejected', reason: 'already_scanned', conflict: true });
    // The same upload again is the same answer, not a third scan.
    const retried = await t.call(
      'POST',
      '/v2/scan/sync',
      { device_id: door.device.id, scans: [item('No phone', 60_000)] },
      door.secret,
    );
    expect(retried.body).toBe(a.body);
    const notes = t.app.ctx.db
      .prepare("SELECT note FROM scans WHERE credential = 'manual' ORDER BY seq")
      .pluck()
      .all();
    expect(notes).toEqual(['No phone', 'Lost ticket']);
  });

  it('refuses malformed manual items with the field at fault, and writes nothing', async () => {
    const [guest] = await guests(['Grace Hopper']);
    const base = { kind: 'manual', scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' };
    const sync = (item: Record<string, unknown>) =>
      t.call('POST', '/v2/scan/sync', { device_id: door.device.id, scans: [item] }, door.secret);
    expectMissing(await sync({ ...base, note: 'x' }), 'scans[0].ticket_id');
    expectMissing(await sync({ ...base, ticket_id: guest!.ticketId }), 'scans[0].note');
    expectInvalid(
      await sync({ ...base, ticket_id: guest!.ticketId, note: 'x'.repeat(201) }),
      'scans[0].note',
    );
    expectInvalid(
      await sync({ ...base, ticket_id: guest!.ticketId, note: 'x', token: 'abc' }),
      'scans[0].token',
    );
    expectMissing(await sync({ scanned_at: base.scanned_at, result: 'admitted' }), 'scans[0].token');
    expect(t.app.ctx.db.prepare('SELECT COUNT(*) FROM scans').pluck().get()).toBe(0);
  });
});
