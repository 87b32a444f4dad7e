import * as jose from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/foundation-fixtures.js';
import { buy, saleEvent, type Sale, type TicketJson } from '../support/sales-fixtures.js';
import { scan } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface StripJson {
  ticket_id: string;
  event_id: string;
  status: string;
  generated_at: string;
  tokens: { token: string; not_before: string; not_after: string }[];
}

const hour = 3_600_000;
const windowMs = 300_000;

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  // Off the 5-minute marks, so "the first window contains now" means something.
  t.clock.advance(17);
});
afterEach(async () => t.close());

/** A published event whose doors open `doorsInMs` after the test clock's now. */
async function eventWithDoorsIn(doorsInMs: number, tier: Record<string, unknown> = {}): Promise<Sale> {
  const created = await t.call('POST', '/v2/events', {
    title: 'Late show',
    venue: 'Main hall',
    doors_at: new Date(t.clock.ms + doorsInMs).toISOString(),
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100, ...tier }],
  });
  expect(created.statusCode, created.body).toBe(200);
  const eventId = (created.json() as { id: string }).id;
  await t.call('POST', `/v2/events/${eventId}/publish`);
  const tiers = (await t.call('GET', `/v2/events/${eventId}/tiers`)).json() as { data: { id: string }[] };
  return { eventId, tierId: tiers.data[0]!.id };
}

const walletPath = (ticket: TicketJson): string => new URL(ticket.wallet_url).pathname;

async function strip(ticket: TicketJson): Promise<StripJson> {
  const res = await t.app.inject({ method: 'GET', url: `${walletPath(ticket)}/strip` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as StripJson;
}

async function jwks(): Promise<jose.JSONWebKeySet> {
  const res = await t.call('GET', '/v2/scan/jwks', undefined, null);
  return res.json() as jose.JSONWebKeySet;
}

/** Windows one after another, 5 minutes each, aligned, the first one containing now. */
function expectConsecutive(tokens: StripJson['tokens'], now: number): void {
  const first = tokens[0]!;
  expect(Date.parse(first.not_before)).toBeLessThanOrEqual(now);
  expect(Date.parse(first.not_after)).toBeGreaterThan(now);
  tokens.forEach((entry, i) => {
    const from = Date.parse(entry.not_before);
    expect(from % windowMs).toBe(0);
    expect(Date.parse(entry.not_after) - from).toBe(windowMs);
    if (i > 0) expect(from).toBe(Date.parse(tokens[i - 1]!.not_after));
  });
}

describe('GET /w/{secret}/strip: the offline wallet', () => {
  it('runs to doors + 12 h in 5-minute windows without a gap, each an ordinary code any JOSE library verifies', async () => {
    const sale = await eventWithDoorsIn(3 * hour + 7 * 60_000);
    const doorsAt = t.clock.ms + 3 * hour + 7 * 60_000;
    const [ticket] = (await buy(t, sale)).tickets;
    const answer = await strip(ticket!);
    expect(answer).toMatchObject({
      ticket_id: ticket!.id,
      event_id: sale.eventId,
      status: 'active',
      generated_at: new Date(t.clock.ms).toISOString(),
    });
    expect(Object.keys(answer).sort()).toEqual(['event_id', 'generated_at', 'status', 'ticket_id', 'tokens']);
    const { tokens } = answer;
    expectConsecutive(tokens, t.clock.ms);
    // The last window is the one doors + 12 h falls in: covered to the end, not a window more.
    const last = tokens.at(-1)!;
    expect(Date.parse(last.not_before)).toBeLessThan(doorsAt + 12 * hour);
    expect(Date.parse(last.not_after)).toBeGreaterThanOrEqual(doorsAt + 12 * hour);
    expect(tokens).toHaveLength(182);

    const keys = jose.createLocalJWKSet(await jwks());
    for (const entry of tokens) {
      const { payload, protectedHeader } = await jose.compactVerify(entry.token, keys);
      expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'ticket+jwt' });
      const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      expect(claims).toEqual({
        sub: ticket!.id,
        evt: sale.eventId,
        tier: sale.tierId,
        iat: Date.parse(entry.not_before) / 1000,
        exp: Date.parse(entry.not_after) / 1000,
      });
    }
  });

  it('reaches at most 36 h ahead: 432 codes for a night further off', async () => {
    const sale = await eventWithDoorsIn(30 * 24 * hour);
    const [ticket] = (await buy(t, sale)).tickets;
    const { tokens } = await strip(ticket!);
    expect(tokens).toHaveLength(432);
    expectConsecutive(tokens, t.clock.ms);
    expect(Date.parse(tokens.at(-1)!.not_after)).toBeLessThanOrEqual(t.clock.ms + 36 * hour);
  });

  it('a code from the strip admits at the door in its own window, hours later, and not before', async () => {
    const sale = await eventWithDoorsIn(6 * hour);
    const [ticket] = (await buy(t, sale)).tickets;
    const { tokens } = await strip(ticket!);
    const later = tokens.find((entry) => Date.parse(entry.not_before) >= t.clock.ms + 7 * hour)!;
    const early = await scan(t, { token: later.token, event_id: sale.eventId });
    expect(early).toMatchObject({ result: 'rejected', reason: 'not_yet_valid', credential: 'rotating' });
    t.clock.ms = Date.parse(later.not_before) + 60_000;
    const inTime = await scan(t, { token: later.token, event_id: sale.eventId });
    expect(inTime).toMatchObject({ result: 'admitted', reason: null, credential: 'rotating' });
  });

  it('is the same for the same windows: asked again, and asked five minutes later', async () => {
    const sale = await eventWithDoorsIn(10 * hour);
    const [ticket] = (await buy(t, sale)).tickets;
    const first = await strip(ticket!);
    expect((await strip(ticket!)).tokens).toEqual(first.tokens);
    t.clock.advance(300);
    const later = await strip(ticket!);
    expect(later.tokens[0]).toEqual(first.tokens[1]);
    expect(later.tokens.slice(0, -1)).toEqual(first.tokens.slice(1, later.tokens.length));
  });

  it('gives each code its own window times whatever strip came before: a shorter night, a longer one, five minutes on', async () => {
    // The window times are written once per 5-minute mark and shared by every strip (WindowTimes).
    const soon = await eventWithDoorsIn(hour);
    const later = await eventWithDoorsIn(30 * hour);
    const [short] = (await buy(t, soon)).tickets;
    const [long] = (await buy(t, later)).tickets;
    const expectOwnTimes = (answer: StripJson, count: number): void => {
      expect(answer.tokens).toHaveLength(count);
      expectConsecutive(answer.tokens, t.clock.ms);
      for (const entry of answer.tokens) {
        const claims = jose.decodeJwt(entry.token);
        expect(new Date(claims.iat! * 1000).toISOString()).toBe(entry.not_before);
        expect(new Date(claims.exp! * 1000).toISOString()).toBe(entry.not_after);
      }
    };
    // Doors in 1 h: the strip ends in the window of doors + 12 h, 13 h from now (156 or 157 codes).
    const shortCount = (await strip(short!)).tokens.length;
    expect(shortCount).toBeGreaterThanOrEqual(156);
    expect(shortCount).toBeLessThanOrEqual(157);
    expectOwnTimes(await strip(long!), 432);
    expectOwnTimes(await strip(short!), shortCount);
    t.clock.advance(300);
    expectOwnTimes(await strip(short!), shortCount - 1);
    expectOwnTimes(await strip(long!), 432);
  });

  it('is empty, with the status, for a voided or transferred ticket and for a cancelled event', async () => {
    const sale = await saleEvent(t);
    const [voided, transferred, kept] = (
      await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 3 }] })
    ).tickets as [TicketJson, TicketJson, TicketJson];
    expect((await t.call('POST', `/v2/tickets/${voided.id}/void`, {})).statusCode).toBe(200);
    const moved = await t.call('POST', `/v2/tickets/${transferred.id}/transfer`, {
      to_email: 'b@example.test',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    expect(await strip(voided)).toMatchObject({ ticket_id: voided.id, status: 'voided', tokens: [] });
    expect(await strip(transferred)).toMatchObject({ status: 'transferred', tokens: [] });
    // The recipient's new ticket has a strip of its own.
    const recipient = moved.json() as TicketJson;
    expect((await strip(recipient)).tokens.length).toBe(432);

    expect((await strip(kept)).tokens.length).toBe(432);
    expect((await t.call('POST', `/v2/events/${sale.eventId}/cancel`, {})).statusCode).toBe(200);
    expect(await strip(kept)).toMatchObject({ status: 'active', tokens: [] });
  });

  it('is empty once the night is over (doors + 12 h passed)', async () => {
    const sale = await eventWithDoorsIn(hour);
    const [ticket] = (await buy(t, sale)).tickets;
    // Past the window doors + 12 h falls in.
    t.clock.advance(13 * 3600 + 300);
    expect(await strip(ticket!)).toMatchObject({ status: 'active', tokens: [] });
  });

  it('answers an unknown secret with 404 resource_missing, still uncacheable, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/w/not-a-real-secret-at-all/strip' });
    expectError(res, 404, 'not_found_error', 'resource_missing');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a rotated-out key published while codes of a strip it signed can still be shown', async () => {
    // No paper passes: a pass would keep the key for a day after doors, hiding the strip's own rule.
    const sale = await eventWithDoorsIn(4 * hour, { paper_pass: false });
    const [ticket] = (await buy(t, sale)).tickets;
    const before = await strip(ticket!);
    const oldKid = jose.decodeProtectedHeader(before.tokens[0]!.token).kid;
    expect((await t.call('POST', '/v2/scan/keys/rotate', {})).statusCode).toBe(200);
    // Two hours on: far past the 5 minutes a retired key used to stay for.
    t.clock.advance(2 * 3600);
    const kids = (await jwks()).keys.map((key) => key.kid);
    expect(kids).toContain(oldKid);
    const due = before.tokens.find((entry) => Date.parse(entry.not_after) > t.clock.ms)!;
    const keys = jose.createLocalJWKSet(await jwks());
    await expect(jose.compactVerify(due.token, keys)).resolves.toBeTruthy();
    expect(await scan(t, { token: due.token, event_id: sale.eventId })).toMatchObject({ result: 'admitted' });
    // A strip made now is signed by the new key.
    const after = await strip(ticket!);
    expect(jose.decodeProtectedHeader(after.tokens[0]!.token).kid).not.toBe(oldKid);
    // Past the last window it signed (+ 30 s skew), the old key goes.
    t.clock.ms = Date.parse(before.tokens.at(-1)!.not_after) + 31_000;
    expect((await jwks()).keys.map((key) => key.kid)).not.toContain(oldKid);
  });
});
