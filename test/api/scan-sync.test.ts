import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import { emitted, makeSaleTestApp, type Sale, type TicketJson } from '../support/sales-fixtures.js';
import {
  doorTier,
  pairDevice,
  scan,
  scanRows,
  sellTickets,
  type DeviceJson,
  type ValidateJson,
} from '../support/scan-fixtures.js';
import { orderCheckInNote } from '../../src/shared/steward-reason.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
let doorA: { device: DeviceJson; secret: string };
let doorB: { device: DeviceJson; secret: string };

interface SyncResultJson {
  ticket_id: string | null;
  result: string;
  reason: string | null;
  conflict: boolean;
  scan_id: string;
}

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp({ tier: doorTier }));
  doorA = await pairDevice(t, { event_id: sale.eventId, name: 'A' });
  doorB = await pairDevice(t, { event_id: sale.eventId, name: 'B' });
  t0 = t.clock.ms;
});
afterEach(async () => t.close());

/** Tickets are sold (their tokens minted) at the test clock's start; scans happen after that. */
let t0: number;
const at = (offsetSeconds: number) => new Date(t0 + offsetSeconds * 1000).toISOString();

async function sync(
  door: { device: DeviceJson; secret: string },
  scans: Record<string, unknown>[],
): Promise<SyncResultJson[]> {
  // The door comes back online two minutes after the doors opened.
  t.clock.ms = Math.max(t.clock.ms, t0 + 120_000);
  const res = await t.call('POST', '/v2/scan/sync', { device_id: door.device.id, scans }, door.secret);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: SyncResultJson[] }).results;
}

/** A steward's check-in by hand at `door`; the answer, which must be 200. */
async function checkIn(
  ticketId: string,
  body: Record<string, unknown>,
  door: { secret: string },
): Promise<ValidateJson> {
  const res = await t.call('POST', `/v2/tickets/${ticketId}/check_in`, body, door.secret);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ValidateJson;
}

const ticketRow = (id: string) =>
  t.app.ctx.db.prepare('SELECT scan_count, inside FROM tickets WHERE id = ?').get(id) as {
    scan_count: number;
    inside: number;
  };

/** The synced copy is the online admission itself: the same scan, counted once, no conflict. */
function expectTheOnlineAdmission(
  synced: SyncResultJson | undefined,
  online: ValidateJson,
  ticketId: string,
) {
  expect(synced).toMatchObject({
    result: 'admitted',
    reason: null,
    conflict: false,
    scan_id: online.scan.id,
  });
  expect(ticketRow(ticketId)).toEqual({ scan_count: 1, inside: 1 });
  expect(scanRows(t).filter((r) => r.ticket_id === ticketId)).toHaveLength(1);
}

describe('POST /v2/scan/sync', () => {
  it('applies offline admissions and records them as source sync', async () => {
    const [a, b] = (await sellTickets(t, sale, 2)) as [TicketJson, TicketJson];
    const results = await sync(doorA, [
      { token: a.qr_token, scanned_at: at(40), result: 'admitted' },
      { token: b.qr_token, scanned_at: at(70), result: 'admitted' },
    ]);
    expect(results.map((r) => [r.ticket_id, r.result, r.reason, r.conflict])).toEqual([
      [a.id, 'admitted', null, false],
      [b.id, 'admitted', null, false],
    ]);
    expect(ticketRow(a.id)).toEqual({ scan_count: 1, inside: 1 });
    const list = (await t.call('GET', `/v2/scans?device_id=${doorA.device.id}`)).json() as {
      data: { source: string; scanned_at: string }[];
    };
    expect(list.data.map((s) => [s.source, s.scanned_at])).toEqual([
      ['sync', at(40)],
      ['sync', at(70)],
    ]);
    expect(emitted(t, 'ticket.scanned')).toHaveLength(2);
  });

  it('is idempotent: the same upload again changes nothing and answers the same', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const batch = [
      { token: a.qr_token, scanned_at: at(40), result: 'admitted' },
      { token: a.qr_token, scanned_at: at(50), result: 'admitted', direction: 'out' },
    ];
    const first = await sync(doorA, batch);
    const again = await sync(doorA, batch);
    expect(again).toEqual(first);
    expect(scanRows(t)).toHaveLength(2);
    expect(emitted(t, 'ticket.scanned')).toHaveLength(2);
    expect(ticketRow(a.id)).toEqual({ scan_count: 1, inside: 0 });
    // A duplicate inside one batch is the same scan too.
    const [c] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const item = { token: c.qr_token, scanned_at: at(95), result: 'admitted' };
    const twice = await sync(doorA, [item, item]);
    expect(twice[1]).toEqual(twice[0]);
    expect(ticketRow(c.id).scan_count).toBe(1);
  });

  it('two doors admit the same ticket offline: one admitted, the other a conflict, counted once', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const fromA = await sync(doorA, [{ token: a.qr_token, scanned_at: at(80), result: 'admitted' }]);
    const fromB = await sync(doorB, [{ token: a.qr_token, scanned_at: at(90), result: 'admitted' }]);
    expect(fromA[0]).toMatchObject({ result: 'admitted', conflict: false });
    expect(fromB[0]).toMatchObject({
      ticket_id: a.id,
      result: 'rejected',
      reason: 'already_scanned',
      conflict: true,
    });
    expect(ticketRow(a.id).scan_count).toBe(1);
    const conflicts = t.app.ctx.db.prepare('SELECT device_id FROM scans WHERE conflict = 1').all();
    expect(conflicts).toEqual([{ device_id: doorB.device.id }]);
  });

  it('an exit uploaded first makes no room for another door’s entry made while the holder was inside', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    // Door A: in at +53, out at +58 (uploaded first); door B let the same pass in at +55.
    const fromA = await sync(doorA, [
      { token: a.qr_token, scanned_at: at(53), result: 'admitted' },
      { token: a.qr_token, scanned_at: at(58), result: 'admitted', direction: 'out' },
    ]);
    expect(fromA.map((r) => [r.result, r.conflict])).toEqual([
      ['admitted', false],
      ['admitted', false],
    ]);
    const [fromB] = await sync(doorB, [{ token: a.qr_token, scanned_at: at(55), result: 'admitted' }]);
    expect(fromB).toMatchObject({ result: 'rejected', reason: 'already_scanned', conflict: true });
    expect(ticketRow(a.id)).toEqual({ scan_count: 1, inside: 0 });
    // After the exit, door B's entry is a re-entry, as it would have been online.
    const [later] = await sync(doorB, [{ token: a.qr_token, scanned_at: at(61), result: 'admitted' }]);
    expect(later).toMatchObject({ result: 'admitted', conflict: false });
    expect(ticketRow(a.id)).toEqual({ scan_count: 2, inside: 1 });
  });

  it('an offline admission after an online one by another door is a conflict too', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    await scan(t, { token: a.qr_token }, doorB.secret);
    const fromA = await sync(doorA, [{ token: a.qr_token, scanned_at: at(95), result: 'admitted' }]);
    expect(fromA[0]).toMatchObject({ reason: 'already_scanned', conflict: true });
  });

  it('the queued copy of an online scan whose answer was lost is that scan: admitted once, no conflict', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    // The Wi-Fi dropped after the request reached the server: the door never heard "admitted",
    // decided alone, and queued the same token at the same moment.
    const online = await scan(t, { token: a.qr_token, scanned_at: at(30) }, doorA.secret);
    expect(online.result).toBe('admitted');
    const [fromA] = await sync(doorA, [{ token: a.qr_token, scanned_at: at(30), result: 'admitted' }]);
    expectTheOnlineAdmission(fromA, online, a.id);
    // Another door's copy of that moment is still its own attempt, and a conflict.
    const [fromB] = await sync(doorB, [{ token: a.qr_token, scanned_at: at(30), result: 'admitted' }]);
    expect(fromB).toMatchObject({ reason: 'already_scanned', conflict: true });
  });

  it('the queued copy of a manual check-in whose answer was lost is that check-in: admitted once, no conflict', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    // The steward admitted the guest by hand; the server did, but the answer was lost, so the
    // door decided alone and queued the check-in (same ticket, same reason, same moment).
    const online = await checkIn(a.id, { reason: 'Dead phone, ID checked', scanned_at: at(30) }, doorA);
    expect([online.result, online.scan.scanned_at, online.scan.device_id]).toEqual([
      'admitted',
      at(30),
      doorA.device.id,
    ]);
    const copy = { kind: 'manual', ticket_id: a.id, note: 'Dead phone, ID checked', result: 'admitted' };
    const [fromA] = await sync(doorA, [{ ...copy, scanned_at: at(30) }]);
    expectTheOnlineAdmission(fromA, online, a.id);

    // Genuinely other check-ins of that guest are still second attempts: this door's with other
    // words or at another moment, and another door's (a conflict).
    const [otherWords] = await sync(doorA, [{ ...copy, note: 'Guest list', scanned_at: at(30) }]);
    const [later] = await sync(doorA, [{ ...copy, scanned_at: at(31) }]);
    for (const result of [otherWords, later])
      expect(result).toMatchObject({ result: 'rejected', reason: 'already_scanned', conflict: false });
    const [fromB] = await sync(doorB, [{ ...copy, scanned_at: at(30) }]);
    expect(fromB).toMatchObject({ result: 'rejected', reason: 'already_scanned', conflict: true });
    expect(ticketRow(a.id)).toEqual({ scan_count: 1, inside: 1 });
  });

  it("a check-in without scanned_at keeps no sync key: the contract's {reason} works as before", async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const online = await checkIn(a.id, { reason: 'Dead phone' }, doorA);
    expect(online.result).toBe('admitted');
    const keys = t.app.ctx.db.prepare('SELECT sync_key FROM scans WHERE ticket_id = ?').pluck().all(a.id);
    expect(keys).toEqual([null]);
  });

  it('the queued copies of a whole order whose answer was lost are those check-ins, with or without a reason', async () => {
    const tickets = await sellTickets(t, sale, 2);
    const orderId = tickets[0]!.order_id;
    const res = await t.call('POST', `/v2/orders/${orderId}/check_in`, { scanned_at: at(40) }, doorA.secret);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { results: { ticket_id: string; result: string; scan: { id: string } }[] };
    expect(answer.results.map((r) => r.result)).toEqual(['admitted', 'admitted']);
    // Offline the door notes each ticket with the order's default words (src/shared).
    const copies = tickets.map((ticket) => ({
      kind: 'manual',
      ticket_id: ticket.id,
      note: orderCheckInNote(orderId, null),
      scanned_at: at(40),
      result: 'admitted',
    }));
    const results = await sync(doorA, copies);
    expect(results.map((r) => [r.result, r.conflict, r.scan_id])).toEqual(
      answer.results.map((r) => ['admitted', false, r.scan.id]),
    );
    for (const ticket of tickets) expect(ticketRow(ticket.id)).toEqual({ scan_count: 1, inside: 1 });

    // With the steward's reason (past capacity), the copies carry those words instead.
    const [c] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const withReason = await t.call(
      'POST',
      `/v2/orders/${c.order_id}/check_in`,
      { scanned_at: at(50), reason: 'Band guests' },
      doorA.secret,
    );
    expect(withReason.statusCode, withReason.body).toBe(200);
    const [copyC] = await sync(doorA, [
      { kind: 'manual', ticket_id: c.id, note: 'Band guests', scanned_at: at(50), result: 'admitted' },
    ]);
    expect(copyC).toMatchObject({ result: 'admitted', conflict: false });
    expect(ticketRow(c.id)).toEqual({ scan_count: 1, inside: 1 });
  });

  it('the same moment validated twice online is two attempts, never a 500', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    await scan(t, { token: a.qr_token, scanned_at: at(30) }, doorA.secret);
    const again = await scan(t, { token: a.qr_token, scanned_at: at(30) }, doorA.secret);
    expect([again.result, again.reason]).toEqual(['rejected', 'already_scanned']);
  });

  it('applies a batch in scanned_at order, whatever order it was sent in', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    // Sent out of order: in at +70, out at +80, in at +90 → two admissions.
    const results = await sync(doorA, [
      { token: a.qr_token, scanned_at: at(90), result: 'admitted' },
      { token: a.qr_token, scanned_at: at(70), result: 'admitted' },
      { token: a.qr_token, scanned_at: at(80), result: 'admitted', direction: 'out' },
    ]);
    expect(results.map((r) => r.result)).toEqual(['admitted', 'admitted', 'admitted']);
    expect(ticketRow(a.id)).toEqual({ scan_count: 2, inside: 1 });
  });

  it('never turns a refusal at the door into an admission, and rechecks what the door admitted', async () => {
    const [a, b] = (await sellTickets(t, sale, 2)) as [TicketJson, TicketJson];
    await t.call('POST', `/v2/tickets/${b.id}/void`, { refund: false });
    const results = await sync(doorA, [
      { token: a.qr_token, scanned_at: at(90), result: 'rejected', reason: 'not_yet_valid' },
      { token: b.qr_token, scanned_at: at(95), result: 'admitted' },
      { token: 'garbage', scanned_at: at(96), result: 'rejected' },
    ]);
    expect(results.map((r) => [r.result, r.reason, r.conflict])).toEqual([
      ['rejected', 'not_yet_valid', false],
      ['rejected', 'voided', false],
      ['rejected', 'malformed', false],
    ]);
    expect(ticketRow(a.id).scan_count).toBe(0);
  });

  it('judges each token at its scanned_at: an offline scan of a since-expired token still counts', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const scannedAt = at(10);
    t.clock.advance(3600);
    const results = await sync(doorA, [{ token: a.qr_token, scanned_at: scannedAt, result: 'admitted' }]);
    expect(results[0]).toMatchObject({ result: 'admitted', reason: null });
  });

  it('refuses more than 1000 scans, future times, other devices and unknown devices', async () => {
    const [a] = (await sellTickets(t, sale, 1)) as [TicketJson];
    const item = { token: a.qr_token, scanned_at: at(0), result: 'admitted' };
    const tooMany = await t.call(
      'POST',
      '/v2/scan/sync',
      { device_id: doorA.device.id, scans: Array.from({ length: 1001 }, () => item) },
      doorA.secret,
    );
    expectInvalid(tooMany, 'scans');
    expectInvalid(
      await t.call(
        'POST',
        '/v2/scan/sync',
        { device_id: doorA.device.id, scans: [item, { ...item, scanned_at: at(601) }] },
        doorA.secret,
      ),
      'scans[1].scanned_at',
    );
    expectInvalid(
      await t.call('POST', '/v2/scan/sync', { device_id: doorB.device.id, scans: [item] }, doorA.secret),
      'device_id',
    );
    const scanner = await createKey(t, 'scanner');
    expectError(
      await t.call('POST', '/v2/scan/sync', { device_id: 'dev_nope', scans: [item] }, scanner),
      404,
      'not_found_error',
      'resource_missing',
      'device_id',
    );
    expect(scanRows(t)).toHaveLength(0);
  });
});
