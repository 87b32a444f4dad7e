import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { SyncReport } from '../../src/scanner/door-device.js';
import { openDoor, pairDoor, type NodeDoor } from '../../src/scanner/node-door.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { Venue } from './support/venue.js';

let venue: Venue;
let eventId: string;
let tierId: string;
const doors: NodeDoor[] = [];

interface OrderJson {
  id: string;
  tickets: { id: string; qr_token: string }[];
}

/**
 * A real door: SQLite state, paired with the venue over HTTP, its pack pulled. Online means
 * online here: a patient deadline, so a loaded machine never turns a verdict into a fallback.
 */
const patient = { deadlineMs: 10_000 };

async function pairedDoor(name: string, event = eventId, now?: () => number): Promise<NodeDoor> {
  const door = await pairDoor(venue.stateFile(name), parsePairingCode(await venue.pairingCode(event)), name, {
    ...patient,
    now,
  });
  await door.device.pull();
  doors.push(door);
  return door;
}

/** One order with a named attendee per ticket (emails too, which no door may ever hold). */
function order(names: string[], event = eventId, tier = tierId): Promise<OrderJson> {
  return venue.ok<OrderJson>('POST', '/v2/orders', {
    event_id: event,
    items: [{ tier_id: tier, quantity: names.length }],
    buyer: { name: names[0], email: 'buyer@mail.example' },
    attendees: names.map((name, i) => ({ name, email: `guest${i}@mail.example` })),
    payment_method: 'cash',
  });
}

beforeAll(async () => {
  venue = await Venue.start();
  ({ eventId, tierId } = await venue.event());
});

afterAll(async () => {
  for (const door of doors) await door.close();
  await venue?.close();
});

describe('two doors offline admit the same guest by hand', () => {
  it('after sync: one admission and one reported conflict, as for codes', async () => {
    const guest = await order(['Grace Hopper']);
    // Door A's clock stands still: its two check-ins of the guest share a millisecond, as on a
    // fast door. They are still two attempts, not one uploaded twice.
    const at = Date.now();
    const a = await pairedDoor('manual-a', eventId, () => at);
    const b = await pairedDoor('manual-b');
    await b.device.pull();
    const ticketId = guest.tickets[0]!.id;
    const [foundA] = (await a.device.lookup('hopper', { offline: true })).matches;
    expect(foundA).toMatchObject({
      ticketId,
      orderId: guest.id,
      name: 'Grace Hopper',
      status: 'active',
      scanned: false,
    });
    const atA = await a.device.checkIn(ticketId, 'Phone died, ID checked', { offline: true });
    const atB = await b.device.checkIn(ticketId, 'Left ticket at home', { offline: true });
    for (const outcome of [atA, atB])
      expect(outcome).toMatchObject({
        result: 'admitted',
        mode: 'offline',
        credential: 'manual',
        queued: true,
      });
    // The same door will not let them in twice.
    expect((await a.device.checkIn(ticketId, 'again', { offline: true })).reason).toBe('already_scanned');

    expect(await a.device.sync()).toMatchObject({ uploaded: 2, admitted: 1, conflicts: 0 });
    const reportB = await b.device.sync();
    expect(reportB).toMatchObject({ uploaded: 1, admitted: 0, conflicts: 1 });
    expect(reportB.disagreements[0]).toMatchObject({ ticketId, localResult: 'admitted', conflict: true });
    expect(b.device.conflicts()).toHaveLength(1);

    const scans = await venue.ok<{
      data: { credential: string; result: string; note: string; conflict: boolean }[];
    }>('GET', `/v2/scans?ticket_id=${ticketId}`);
    expect(scans.data.map((s) => [s.credential, s.result, s.note, s.conflict])).toEqual([
      ['manual', 'admitted', 'Phone died, ID checked', false],
      ['manual', 'rejected', 'again', false],
      ['manual', 'rejected', 'Left ticket at home', true],
    ]);
    const ticket = await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticketId}`);
    expect(ticket.scan_count).toBe(1);
  });
});

describe('back online with scans not yet uploaded', () => {
  it('a code this door admitted offline is not admitted again by the server: the offline scans go up first', async () => {
    const [ticket] = (await order(['Bea Offline'])).tickets;
    const door = await pairedDoor('back-online');
    const offline = await door.device.scan(ticket!.qr_token, { offline: true });
    expect(offline).toMatchObject({ result: 'admitted', mode: 'offline', queued: true });

    // Back online, the same code shown again before any sync ran.
    const again = await door.device.scan(ticket!.qr_token);
    expect([again.result, again.reason]).toEqual(['rejected', 'already_scanned']);

    const scans = await venue.ok<{ data: { source: string; result: string; scanned_at: string }[] }>(
      'GET',
      `/v2/scans?ticket_id=${ticket!.id}`,
    );
    // The admission on record is the door's offline one, the first in time.
    expect(scans.data.filter((s) => s.result === 'admitted').map((s) => s.source)).toEqual(['sync']);
    expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticket!.id}`)).scan_count).toBe(1);
  });

  it('the upload a scan makes on its own is announced to onSync listeners with its count', async () => {
    const [first, second] = (await order(['Cy Offline', 'Di Offline'])).tickets;
    const door = await pairedDoor('announces-sync');
    const reports: SyncReport[] = [];
    const stop = door.device.onSync((report) => reports.push(report));
    for (const ticket of [first!, second!])
      expect(await door.device.scan(ticket.qr_token, { offline: true })).toMatchObject({ queued: true });

    // Nobody called sync(): showing a code this door decided offline uploads the queue first.
    await door.device.scan(first!.qr_token);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ uploaded: 2, admitted: 2, conflicts: 0 });
    expect(door.device.status().queued).toBe(0);

    // sync() itself is announced the same way; a listener that has stopped hears nothing more.
    const later: SyncReport[] = [];
    door.device.onSync((report) => later.push(report));
    stop();
    await door.device.scan(second!.qr_token, { offline: true, direction: 'out' });
    await door.device.sync();
    expect(later).toMatchObject([{ uploaded: 1 }]);
    expect(reports).toHaveLength(1);
  });

  /** Closes a door and opens its state file again, as a door restarted mid-shift. */
  async function restart(door: NodeDoor): Promise<NodeDoor> {
    await door.close();
    doors.splice(doors.indexOf(door), 1);
    const reopened = openDoor(door.state.file, patient);
    doors.push(reopened);
    return reopened;
  }

  it('the door remembers across a restart which codes wait for upload, and forgets them once synced', async () => {
    const [waiting, synced] = (await order(['Rosa Restart', 'Sam Synced'])).tickets;
    const door = await pairedDoor('restart-unsynced');
    for (const ticket of [waiting, synced])
      expect(await door.device.scan(ticket!.qr_token, { offline: true })).toMatchObject({
        result: 'admitted',
        queued: true,
      });
    // These two go up before the restart; a third code is then decided offline and only queued.
    expect(await door.device.sync()).toMatchObject({ uploaded: 2, admitted: 2 });
    const third = (await order(['Una Uploaded'])).tickets[0]!;
    expect((await door.device.scan(third.qr_token, { offline: true })).queued).toBe(true);

    const reopened = await restart(door);
    expect(reopened.state.status().queued).toBe(1);
    // The code decided offline and not yet uploaded: the restarted door uploads it before asking,
    // so the server refuses it instead of admitting it a second time.
    const again = await reopened.device.scan(third.qr_token);
    expect([again.mode, again.result, again.reason]).toEqual(['online', 'rejected', 'already_scanned']);
    const scans = await venue.ok<{ data: { source: string; result: string }[] }>(
      'GET',
      `/v2/scans?ticket_id=${third.id}`,
    );
    expect(scans.data.filter((s) => s.result === 'admitted').map((s) => s.source)).toEqual(['sync']);
    expect(reopened.state.status().queued).toBe(0);

    // Synced codes carry no mark, before or after another restart: the server is asked straight
    // away (no 'unsynced' fallback), and its word stands.
    const last = await restart(reopened);
    for (const ticket of [waiting, synced, third]) {
      const outcome = await last.device.scan(ticket!.qr_token);
      expect([outcome.mode, outcome.fallback, outcome.reason]).toEqual([
        'online',
        undefined,
        'already_scanned',
      ]);
    }
    for (const ticket of [waiting, synced, third])
      expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${ticket!.id}`)).scan_count).toBe(1);
  });
});

describe('whole order', () => {
  it('offline: admits the rest of the order from the pack, queued and synced', async () => {
    const group = await order(['Ada Lovelace', 'Charles Babbage', 'Mary Somerville']);
    const door = await pairedDoor('order-offline');
    const [first, ...rest] = group.tickets;
    const scanned = await door.device.scan(first!.qr_token, { offline: true });
    expect(scanned.result).toBe('admitted');
    const outcome = await door.device.checkInOrder(group.id, { offline: true });
    expect(outcome).toMatchObject({ mode: 'offline', tickets: 3, admitted: 3, queued: true });
    expect(outcome.results.map((r) => [r.ticketId, r.result, r.reason])).toEqual([
      [first!.id, 'rejected', 'already_scanned'],
      ...rest.map((t) => [t.id, 'admitted', null]),
    ]);
    expect(await door.device.sync()).toMatchObject({ uploaded: 3, admitted: 3, conflicts: 0 });
    for (const t of group.tickets)
      expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${t.id}`)).scan_count).toBe(1);
  });

  it('online: the scan answer offers the rest of the order; one call admits it', async () => {
    const group = await order(['Alan Turing', 'Joan Clarke']);
    const door = await pairedDoor('order-online');
    const scanned = await door.device.scan(group.tickets[0]!.qr_token);
    expect(scanned).toMatchObject({ mode: 'online', order: { id: group.id, tickets: 2, admitted: 1 } });
    const outcome = await door.device.checkInOrder(group.id);
    expect(outcome).toMatchObject({ mode: 'online', tickets: 2, admitted: 2, queued: false });
    // The door learnt the admissions: its offline validator refuses the second code now.
    expect(door.device.validator.check(group.tickets[1]!.qr_token).reason).toBe('already_scanned');
  });
});

describe('lookup, names and capacity at a door', () => {
  it('the pack carries names but never an email, also in the door’s own store; lookup survives a restart', async () => {
    const guests = await order(['Hedy Lamarr', 'Katherine Johnson']);
    const door = await pairedDoor('names');
    const online = await door.device.lookup('lamarr');
    expect(online).toMatchObject({
      mode: 'online',
      matches: [{ ticketId: guests.tickets[0]!.id, name: 'Hedy Lamarr' }],
    });
    const byOrder = await door.device.lookup(guests.id.slice(0, 14), { offline: true });
    expect(byOrder.matches.map((m) => m.ticketId)).toEqual(
      expect.arrayContaining(guests.tickets.map((t) => t.id)),
    );
    await expect(door.device.lookup('k')).rejects.toMatchObject({ code: 'bad_query' });
    await expect(door.device.checkIn(guests.tickets[1]!.id, '  ')).rejects.toMatchObject({
      code: 'bad_reason',
    });
    await expect(door.device.checkIn(guests.tickets[1]!.id, 'x'.repeat(201))).rejects.toMatchObject({
      code: 'bad_reason',
    });
    // A reason the server would refuse is never queued offline: at sync it would hold up the upload.
    await expect(
      door.device.checkIn(guests.tickets[1]!.id, 'Dead\u0007phone', { offline: true }),
    ).rejects.toMatchObject({ code: 'bad_reason', message: expect.stringMatching(/one line/) });
    await expect(
      door.device.checkInOrder(guests.id, { reason: 'Band\nguests', offline: true }),
    ).rejects.toMatchObject({ code: 'bad_reason' });
    await expect(
      door.device.scan(guests.tickets[0]!.qr_token, { reason: 'Full\tbut ok' }),
    ).rejects.toMatchObject({
      code: 'bad_reason',
    });
    expect(door.device.status().queued).toBe(0);

    const file = venue.stateFile('names');
    await door.close();
    doors.splice(doors.indexOf(door), 1);
    expect(readFileSync(file).toString('latin1')).not.toMatch(/mail\.example/);
    const reopened = openDoor(file, patient);
    doors.push(reopened);
    const offline = await reopened.device.lookup('johnson', { offline: true });
    expect(offline.matches.map((m) => m.name)).toEqual(['Katherine Johnson']);
  });

  it('a name typed as heard finds the same guests offline as online (accents, ß, curly apostrophe)', async () => {
    const guests = await order(['Inés Fernández', 'Lena Weiß', 'Liam O’Brien']);
    const door = await pairedDoor('folded-names');
    const ids = guests.tickets.map((t) => t.id);
    for (const [query, ticketId] of [
      ['fernandez', ids[0]],
      ['WEISS', ids[1]],
      ["o'brien", ids[2]],
    ] as const) {
      const online = await door.device.lookup(query);
      const offline = await door.device.lookup(query, { offline: true });
      expect(online).toMatchObject({ mode: 'online' });
      expect(offline).toMatchObject({ mode: 'offline' });
      expect(online.matches.map((m) => m.ticketId)).toEqual([ticketId]);
      expect(offline.matches.map((m) => m.ticketId)).toEqual([ticketId]);
    }
    expect((await door.device.lookup('fernandes', { offline: true })).matches).toEqual([]);
  });

  it('a door of another event is refused lookup and check-in by the server', async () => {
    const other = await venue.event('Other night');
    const guest = await order(['Ada Lovelace']);
    const door = await pairedDoor('other-event', other.eventId);
    // The SDK asks for its own event; another event's guest list is refused to this door's key.
    const asked = await fetch(`${venue.url}/v2/scan/lookup?q=ada&event_id=${eventId}`, {
      headers: { authorization: `Bearer ${door.device.pairing!.apiKey}` },
    });
    expect(asked.status).toBe(403);
    expect(await asked.text()).not.toMatch(/Ada Lovelace/);
    await expect(door.device.checkIn(guest.tickets[0]!.id, 'Trust me')).rejects.toMatchObject({
      code: 'http_error',
      status: 403,
    });
  });

  it('inside / capacity: full refuses a code without a reason, online and offline; a reason admits', async () => {
    const created = await venue.ok<{ id: string }>('POST', '/v2/events', {
      title: 'Small room',
      venue: 'Back room',
      doors_at: new Date(Date.now() + 3_600_000).toISOString(),
      capacity: 2,
      tickets: [{ name: 'General admission', price_cents: 1000, quantity: 10 }],
    });
    const small = created.id;
    await venue.ok('POST', `/v2/events/${small}/publish`);
    const smallTier = (await venue.ok<{ data: { id: string }[] }>('GET', `/v2/events/${small}/tiers`))
      .data[0]!.id;
    const group = await order(['One', 'Two', 'Three', 'Four'], small, smallTier);
    const door = await pairedDoor('capacity', small);
    expect(door.device.occupancy()).toEqual({ inside: 0, capacity: 2, level: 'ok' });
    const [t1, t2, t3, t4] = group.tickets;
    expect((await door.device.scan(t1!.qr_token)).occupancy).toMatchObject({ inside: 1, capacity: 2 });
    expect((await door.device.scan(t2!.qr_token)).occupancy).toMatchObject({ inside: 2, level: 'full' });
    const refused = await door.device.scan(t3!.qr_token);
    expect(refused).toMatchObject({
      result: 'rejected',
      capacityReached: true,
      mode: 'online',
      queued: false,
    });
    const forced = await door.device.scan(t3!.qr_token, { reason: 'Manager agreed' });
    expect(forced).toMatchObject({ result: 'admitted', mode: 'online', scan: { note: 'Manager agreed' } });
    expect(door.device.occupancy()).toMatchObject({ inside: 3, level: 'full' });
    const offline = await door.device.scan(t4!.qr_token, { offline: true });
    expect(offline).toMatchObject({
      result: 'rejected',
      capacityReached: true,
      mode: 'offline',
      queued: false,
    });
    const offlineForced = await door.device.scan(t4!.qr_token, { offline: true, reason: 'Band member' });
    expect(offlineForced).toMatchObject({ result: 'admitted', queued: true });
    expect(await door.device.sync()).toMatchObject({ uploaded: 1, admitted: 1 });
    const notes = await venue.ok<{ data: { note: string | null }[] }>('GET', `/v2/scans?ticket_id=${t4!.id}`);
    expect(notes.data.map((s) => s.note)).toEqual(['Band member']);
  });
});
