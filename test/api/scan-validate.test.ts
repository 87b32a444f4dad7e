import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import {
  emitted,
  makeSaleTestApp,
  saleEvent,
  type Sale,
  type TicketJson,
} from '../support/sales-fixtures.js';
import {
  doorTier,
  forgedToken,
  freshToken,
  scan,
  scanRows,
  sellTickets,
  validate,
  type ScanJson,
  type ScanTicketJson,
} from '../support/scan-fixtures.js';
import type { TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/eventually.js';

let t: TestApp;
let sale: Sale;
let ticket: TicketJson;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp({ tier: doorTier }));
  [ticket] = (await sellTickets(t, sale, 1)) as [TicketJson];
});
afterEach(async () => t.close());

const scanned = (t: TestApp) => emitted<{ scan: ScanJson; ticket: ScanTicketJson }>(t, 'ticket.scanned');

describe('POST /v2/scan/validate: admission', () => {
  it('admits the first scan: scan_count 0 → 1, inside, attendee shown, scan recorded', async () => {
    const answer = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
    expect(answer.result).toBe('admitted');
    expect(answer.reason).toBeNull();
    expect(answer.ticket).toMatchObject({
      id: ticket.id,
      tier_id: ticket.tier_id,
      tier_name: 'General admission',
      status: 'active',
      scan_count: 1,
      inside: true,
    });
    // What a door needs and no more: no fresh admission token, no wallet link, no email.
    expect(answer.ticket).not.toHaveProperty('qr_token');
    expect(answer.ticket).not.toHaveProperty('wallet_url');
    expect(answer.attendee).toMatchObject({ id: ticket.attendee_id, name: 'Ada Lovelace' });
    expect(answer.attendee).not.toHaveProperty('email');
    expect(answer.scan).toMatchObject({
      event_id: sale.eventId,
      ticket_id: ticket.id,
      device_id: null,
      result: 'admitted',
      reason: null,
      direction: 'in',
      source: 'online',
      conflict: false,
      scanned_at: new Date(t.clock.ms).toISOString(),
    });
    expect(answer.scan.id).toMatch(/^scn_/);
    const stored = await t.call('GET', `/v2/tickets/${ticket.id}`);
    expect((stored.json() as TicketJson).scan_count).toBe(1);
  });

  it('names the ticket’s tier, following a rename at once', async () => {
    const first = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
    expect(first.ticket?.tier_name).toBe('General admission');
    expect((await t.call('PATCH', `/v2/tiers/${ticket.tier_id}`, { name: 'Standing' })).statusCode).toBe(200);
    const again = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
    expect(again).toMatchObject({ reason: 'already_scanned', ticket: { tier_name: 'Standing' } });
  });

  it('refuses the second scan as already_scanned and counts nothing more', async () => {
    await scan(t, { token: ticket.qr_token });
    const again = await scan(t, { token: ticket.qr_token });
    expect(again).toMatchObject({ result: 'rejected', reason: 'already_scanned' });
    expect(again.ticket).toMatchObject({ scan_count: 1, inside: true });
    expect(scanRows(t).map((r) => r.reason)).toEqual([null, 'already_scanned']);
  });

  it('is free: validations do not add to the billable REST calls', async () => {
    const before = (await t.call('GET', '/v2/usage')).json() as { rest_calls: number };
    for (let i = 0; i < 5; i++) await scan(t, { token: ticket.qr_token });
    const after = (await t.call('GET', '/v2/usage')).json() as { rest_calls: number };
    // Only the first GET /v2/usage itself is counted between the two reads.
    expect(after.rest_calls - before.rest_calls).toBe(1);
  });

  it('accepts scanner (and admin) keys; refuses box_office keys, which read scans only, and no key', async () => {
    const tickets = await sellTickets(t, sale, 2);
    const boxOffice = await createKey(t, 'box_office');
    const scanner = await createKey(t, 'scanner');
    expectError(
      await validate(t, { token: tickets[0]!.qr_token }, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expect(scanRows(t)).toHaveLength(0);
    expect((await scan(t, { token: tickets[0]!.qr_token }, scanner)).result).toBe('admitted');
    expect((await scan(t, { token: tickets[1]!.qr_token })).result).toBe('admitted');
    expectError(
      await validate(t, { token: ticket.qr_token }, null),
      401,
      'authentication_error',
      'invalid_api_key',
    );
  });
});

describe('POST /v2/scan/validate: every rejection reason', () => {
  it('malformed: not a token at all; recorded with ticket_id null, no webhook', async () => {
    const answer = await scan(t, { token: 'definitely-not-a-ticket' });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'malformed', ticket: null, attendee: null });
    expect(answer.scan).toMatchObject({ ticket_id: null, event_id: null, reason: 'malformed' });
    expect(scanRows(t)).toEqual([{ ticket_id: null, result: 'rejected', reason: 'malformed' }]);
    expect(scanned(t)).toHaveLength(0);
  });

  it('invalid_signature: a token signed by a foreign key names no ticket', async () => {
    const answer = await scan(t, { token: forgedToken(t, ticket), event_id: sale.eventId });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'invalid_signature', ticket: null });
    expect(answer.scan.ticket_id).toBeNull();
    const fresh = await t.call('GET', `/v2/tickets/${ticket.id}`);
    expect((fresh.json() as TicketJson).scan_count).toBe(0);
    expect(scanned(t)).toHaveLength(0);
  });

  it('invalid_signature: a real token with one payload character changed', async () => {
    const [h, p, s] = ticket.qr_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const shifted = { ...claims, iat: Number(claims.iat) + 3600, exp: Number(claims.exp) + 3600 };
    const tampered = Buffer.from(JSON.stringify(shifted)).toString('base64url');
    const answer = await scan(t, { token: `${h}.${tampered}.${s}` });
    expect(answer.reason).toBe('invalid_signature');
    // Stretching the lifetime alone breaks the contract's shape (exp = iat + 300) before that.
    const stretched = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 3600 })).toString(
      'base64url',
    );
    expect((await scan(t, { token: `${h}.${stretched}.${s}` })).reason).toBe('malformed');
  });

  it('expired: the clock moved past exp + 30 s; the ticket is known, so the attempt fires ticket.scanned', async () => {
    t.clock.advance(331);
    const answer = await scan(t, { token: ticket.qr_token });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'expired' });
    expect(answer.ticket).toMatchObject({ id: ticket.id, scan_count: 0 });
    const events = scanned(t);
    expect(events).toHaveLength(1);
    expect(events[0]!.scan).toMatchObject({ result: 'rejected', reason: 'expired', ticket_id: ticket.id });
    expect(events[0]!.ticket).toMatchObject({ id: ticket.id, scan_count: 0 });
  });

  it('expired within the window is still fine: exp + 29 s admits', async () => {
    t.clock.advance(329);
    expect((await scan(t, { token: ticket.qr_token })).result).toBe('admitted');
  });

  it('not_yet_valid: judged at scanned_at, more than 30 s before iat', async () => {
    const scannedAt = new Date(t.clock.ms - 31_000).toISOString();
    const answer = await scan(t, { token: ticket.qr_token, scanned_at: scannedAt });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'not_yet_valid' });
    expect(answer.scan.scanned_at).toBe(scannedAt);
  });

  it('expired: judged at scanned_at, so a queued report of an in-time scan still admits', async () => {
    const token = freshToken(t, ticket);
    const mintedAt = t.clock.ms;
    t.clock.advance(3600);
    expect((await scan(t, { token })).reason).toBe('expired');
    const late = await scan(t, { token, scanned_at: new Date(mintedAt + 10_000).toISOString() });
    expect(late.result).toBe('admitted');
    expect(late.scan.scanned_at).toBe(new Date(mintedAt + 10_000).toISOString());
  });

  it('unknown_ticket: a validly signed token for a ticket the store does not have', async () => {
    const token = t.app.ctx.tokens.mint({
      id: 'tik_neverSoldHere0000001',
      event_id: sale.eventId,
      tier_id: sale.tierId,
    });
    const answer = await scan(t, { token });
    expect(answer).toMatchObject({
      result: 'rejected',
      reason: 'unknown_ticket',
      ticket: null,
      attendee: null,
    });
    expect(answer.scan).toMatchObject({ ticket_id: null, event_id: sale.eventId });
    expect(scanned(t)).toHaveLength(0);
  });

  it('wrong_event: a ticket of another event at this door', async () => {
    const other = await saleEvent(t);
    const answer = await scan(t, { token: ticket.qr_token, event_id: other.eventId });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'wrong_event' });
    expect(answer.ticket).toMatchObject({ id: ticket.id, scan_count: 0 });
    // Filed under the door's event, where it happened.
    expect(answer.scan.event_id).toBe(other.eventId);
    expect((await scan(t, { token: ticket.qr_token, event_id: sale.eventId })).result).toBe('admitted');
  });

  it('voided: a voided ticket admits no one', async () => {
    const res = await t.call('POST', `/v2/tickets/${ticket.id}/void`, { refund: false });
    expect(res.statusCode, res.body).toBe(200);
    const answer = await scan(t, { token: ticket.qr_token });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'voided' });
    expect(answer.ticket).toMatchObject({ status: 'voided', scan_count: 0 });
  });

  it('transferred: the old token is refused, saying when it was replaced; the recipient’s new one admits', async () => {
    // Replaced three hours after the sale (a lost phone, or a friend's), shown at the door later.
    t.clock.advance(3 * 3600);
    const replacedAt = new Date(t.clock.now()).toISOString();
    const res = await t.call('POST', `/v2/tickets/${ticket.id}/transfer`, { to_email: 'grace@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const replacement = res.json() as TicketJson;
    t.clock.advance(120);
    const paper = await scan(t, { token: ticket.paper_pass! });
    expect(paper).toMatchObject({ reason: 'transferred', credential: 'paper' });
    expect(paper.ticket).toMatchObject({ transferred_to: replacement.id, transferred_at: replacedAt });
    expect((await scan(t, { token: freshToken(t, ticket) })).ticket).toMatchObject({
      transferred_at: replacedAt,
    });
    const admitted = await scan(t, { token: replacement.qr_token });
    expect(admitted.result).toBe('admitted');
    expect(admitted.ticket).toMatchObject({ transferred_at: null });
  });

  it('a cancelled event admits no one: its tickets answer voided (docs/api.md "Scanning")', async () => {
    expect((await t.call('POST', `/v2/events/${sale.eventId}/cancel`)).statusCode).toBe(200);
    const answer = await scan(t, { token: ticket.qr_token });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'voided' });
    expect(answer.ticket).toMatchObject({ status: 'active', scan_count: 0 });
  });

  it('records every attempt and fires ticket.scanned for each attempt on a known ticket', async () => {
    await scan(t, { token: 'x.y.z' });
    await scan(t, { token: ticket.qr_token });
    await scan(t, { token: ticket.qr_token });
    await scan(t, { token: forgedToken(t, ticket) });
    expect(scanRows(t).map((r) => r.reason)).toEqual([
      'malformed',
      null,
      'already_scanned',
      'invalid_signature',
    ]);
    const events = scanned(t);
    expect(events.map((e) => [e.scan.result, e.scan.reason, e.ticket.scan_count])).toEqual([
      ['admitted', null, 1],
      ['rejected', 'already_scanned', 1],
    ]);
    const list = await t.call('GET', '/v2/scans?result=rejected');
    expect((list.json() as { data: ScanJson[] }).data.map((s) => s.reason)).toEqual([
      'malformed',
      'already_scanned',
      'invalid_signature',
    ]);
  });

  it('GET /v2/scans?since= lists only the scans made from then on (the monitor reads its last hour)', async () => {
    await scan(t, { token: ticket.qr_token });
    t.clock.advance(3600);
    const from = new Date(t.clock.now()).toISOString();
    await scan(t, { token: 'x.y.z' });
    await scan(t, { token: forgedToken(t, ticket) });
    const list = await t.call('GET', `/v2/scans?since=${encodeURIComponent(from)}&limit=1`);
    const first = list.json() as { data: ScanJson[]; has_more: boolean; next_cursor: string };
    expect(first.data.map((s) => s.reason)).toEqual(['malformed']);
    expect(first.has_more).toBe(true);
    const next = await t.call(
      'GET',
      `/v2/scans?since=${encodeURIComponent(from)}&limit=1&cursor=${first.next_cursor}`,
    );
    expect((next.json() as { data: ScanJson[]; has_more: boolean }).data.map((s) => s.reason)).toEqual([
      'invalid_signature',
    ]);
    expectInvalid(await t.call('GET', '/v2/scans?since=yesterday'), 'since');
  });
});

describe('POST /v2/scan/validate: exit and re-entry', () => {
  it('an exit lets the next entry admit again, adding one to scan_count', async () => {
    expect((await scan(t, { token: ticket.qr_token })).ticket).toMatchObject({ scan_count: 1, inside: true });
    const out = await scan(t, { token: ticket.qr_token, direction: 'out' });
    expect(out).toMatchObject({ result: 'admitted', reason: null });
    expect(out.scan.direction).toBe('out');
    expect(out.ticket).toMatchObject({ scan_count: 1, inside: false });
    const back = await scan(t, { token: ticket.qr_token, direction: 'in' });
    expect(back.result).toBe('admitted');
    expect(back.ticket).toMatchObject({ scan_count: 2, inside: true });
    expect((await scan(t, { token: ticket.qr_token })).reason).toBe('already_scanned');
  });

  it('an exit of someone not inside changes nothing and admits nobody', async () => {
    const out = await scan(t, { token: ticket.qr_token, direction: 'out' });
    expect(out.result).toBe('admitted');
    expect(out.ticket).toMatchObject({ scan_count: 0, inside: false });
    expect((await scan(t, { token: ticket.qr_token })).ticket).toMatchObject({ scan_count: 1 });
  });

  it('an exit still runs the checks: a voided ticket cannot scan out', async () => {
    await scan(t, { token: ticket.qr_token });
    await t.call('POST', `/v2/tickets/${ticket.id}/void`, { refund: false });
    expect((await scan(t, { token: ticket.qr_token, direction: 'out' })).reason).toBe('voided');
  });
});

describe('POST /v2/scan/validate: scanned_at bounds and references', () => {
  it('refuses scanned_at more than 10 minutes ahead or more than 24 hours old', async () => {
    expectInvalid(
      await validate(t, { token: ticket.qr_token, scanned_at: new Date(t.clock.ms + 601_000).toISOString() }),
      'scanned_at',
    );
    expectInvalid(
      await validate(t, {
        token: ticket.qr_token,
        scanned_at: new Date(t.clock.ms - 86_401_000).toISOString(),
      }),
      'scanned_at',
    );
    expectInvalid(await validate(t, { token: ticket.qr_token, scanned_at: 'yesterday' }), 'scanned_at');
    expect(scanRows(t)).toHaveLength(0);
  });

  it('reads a scanned_at with an hour-only offset (ISO 8601), as it reads +hh:mm', async () => {
    // 10 s before the test clock's time, written as local time at UTC+01.
    const local = new Date(t.clock.ms + 3_600_000 - 10_000).toISOString().slice(0, 19);
    const answer = await scan(t, { token: ticket.qr_token, scanned_at: `${local}+01` });
    expect(answer.scan.scanned_at).toBe(new Date(t.clock.ms - 10_000).toISOString());
  });

  it('answers 404 for an unknown device_id or event_id, recording nothing', async () => {
    expectError(
      await validate(t, { token: ticket.qr_token, device_id: 'dev_nope' }),
      404,
      'not_found_error',
      'resource_missing',
      'device_id',
    );
    expectError(
      await validate(t, { token: ticket.qr_token, event_id: 'evt_nope' }),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expect(scanRows(t)).toHaveLength(0);
  });
});

describe('tokens signed ahead (TokenPool)', () => {
  it('after a first sale, checkouts take tokens signed ahead, and those admit at the door', async () => {
    const { tokens } = t.app.ctx;
    const ahead = () => tokens.signedAheadCount(sale.eventId, sale.tierId);
    await waitUntil(() => ahead() >= 8, 10_000, '8 tokens signed ahead');
    const before = ahead();
    const [next] = (await sellTickets(t, sale, 1)) as [TicketJson];
    // One was taken (and, the pool being above half, none signed on top).
    expect(ahead()).toBe(before - 1);
    const answer = await scan(t, { token: next.qr_token, event_id: sale.eventId });
    expect(answer).toMatchObject({ result: 'admitted', ticket: { id: next.id } });
  });
});
