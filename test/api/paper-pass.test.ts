import * as jose from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, subscribeToAllKinds } from '../support/foundation-fixtures.js';
import {
  buy,
  emitted,
  makeSaleTestApp,
  saleEvent,
  type Sale,
  type TicketJson,
} from '../support/sales-fixtures.js';
import { doorTier, forgedToken, pairDevice, scan, type ScanJson } from '../support/scan-fixtures.js';
import type { TestApp } from '../support/test-app.js';
import { eventually, waitUntil } from '../support/eventually.js';

/** The doors of saleEvent's night (test/support/test-app.ts publishedEvent). */
const doorsAt = Date.parse('2026-12-24T19:00:00Z');
const day = 86_400;

let t: TestApp;
let sale: Sale;
beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp({ tier: doorTier, outbox: false }));
});
afterEach(async () => t.close());

const getTicket = async (id: string): Promise<TicketJson> => {
  const res = await t.call('GET', `/v2/tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TicketJson;
};

const sellOne = async (s: Sale = sale): Promise<TicketJson> => (await buy(t, s)).tickets[0]!;

const passOf = (ticket: TicketJson): string => {
  expect(ticket.paper_pass).toEqual(expect.any(String));
  return ticket.paper_pass!;
};

const claimsOf = (token: string) => jose.decodeJwt(token) as Record<string, number | string>;

const patchTier = (tierId: string, body: unknown, auth?: string) =>
  t.call('PATCH', `/v2/tiers/${tierId}`, body, auth);

async function jwks(): Promise<jose.JSONWebKeySet> {
  return (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as jose.JSONWebKeySet;
}

describe('paper_pass on the ticket', () => {
  it('is a JWS of the contract shape, valid until doors + 24 h, that any JOSE library verifies', async () => {
    const ticket = await sellOne();
    const pass = passOf(ticket);
    const { payload, protectedHeader } = await jose.compactVerify(pass, jose.createLocalJWKSet(await jwks()));
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'ticket-pass+jwt', kid: expect.any(String) });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, number>;
    expect(Object.keys(claims).sort()).toEqual(['evt', 'exp', 'iat', 'sub', 'tier']);
    expect(claims).toMatchObject({ sub: ticket.id, evt: sale.eventId, tier: sale.tierId });
    expect(claims.exp).toBe(doorsAt / 1000 + day);
    // Signed when the ticket was issued (ahead of the sale by at most 30 s).
    const issued = Date.parse(ticket.issued_at) / 1000;
    expect(claims.iat).toBeLessThanOrEqual(issued);
    expect(claims.iat).toBeGreaterThanOrEqual(issued - 30);
  });

  it('is the same on every read: the order, GET, after the rotating code has changed, and in the order list', async () => {
    const ticket = await sellOne();
    const pass = passOf(ticket);
    expect((await getTicket(ticket.id)).paper_pass).toBe(pass);
    t.clock.advance(3600);
    const later = await getTicket(ticket.id);
    expect(later.qr_token).not.toBe(ticket.qr_token);
    expect(later.paper_pass).toBe(pass);
    const order = (await t.call('GET', `/v2/orders/${ticket.order_id}`)).json() as { tickets: TicketJson[] };
    expect(order.tickets[0]!.paper_pass).toBe(pass);
  });

  it('from a checkout of credentials signed ahead, is the pass every later read gives', async () => {
    await sellOne();
    const { tokens } = t.app.ctx;
    // After a sale the tier has codes (with their passes) signed ahead on a background thread.
    const ready = await eventually(
      () => tokens.signedAheadCount(sale.eventId, sale.tierId) || undefined,
      10_000,
      'codes signed ahead',
    );
    // Sold 20 s after they were signed: the ticket's issued_at is later than its pass's iat.
    t.clock.advance(20);
    const ticket = await sellOne();
    expect(tokens.signedAheadCount(sale.eventId, sale.tierId)).toBeLessThan(ready);
    const pass = passOf(ticket);
    // The pass was signed with the code, in the same batch: same iat, before the sale.
    expect(claimsOf(pass).iat).toBe(claimsOf(ticket.qr_token).iat);
    expect(claimsOf(pass).iat).toBe(Date.parse(ticket.issued_at) / 1000 - 20);
    expect((await getTicket(ticket.id)).paper_pass).toBe(pass);
    // A restart forgets every cache: the pass is signed again, and comes out the same.
    t.app.ctx.issuer.forget(ticket.id);
    expect((await getTicket(ticket.id)).paper_pass).toBe(pass);
  });

  it('signed ahead under doors that moved since, is signed again for the new doors before the sale', async () => {
    await sellOne();
    const { tokens } = t.app.ctx;
    await waitUntil(
      () => tokens.signedAheadCount(sale.eventId, sale.tierId) > 0,
      10_000,
      'codes signed ahead',
    );
    const moved = await t.call('PATCH', `/v2/events/${sale.eventId}`, {
      doors_at: new Date(doorsAt + 2 * day * 1000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.advance(10);
    const ticket = await sellOne();
    const pass = passOf(ticket);
    expect(claimsOf(pass).exp).toBe(doorsAt / 1000 + 3 * day);
    // Still the signed-ahead ticket: its pass keeps the iat of its code.
    expect(claimsOf(pass).iat).toBe(claimsOf(ticket.qr_token).iat);
    expect(claimsOf(pass).iat).toBe(Date.parse(ticket.issued_at) / 1000 - 10);
    await expect(jose.compactVerify(pass, jose.createLocalJWKSet(await jwks()))).resolves.toBeTruthy();
    expect((await getTicket(ticket.id)).paper_pass).toBe(pass);
  });

  it('sold while the clock ran ahead, is reprinted valid once the clock is stepped back', async () => {
    t.clock.advance(2 * day);
    const ticket = await sellOne();
    const early = passOf(ticket);
    t.clock.advance(-2 * day);
    // The pass handed out then is not valid until the wrong time comes round again …
    expect(await scan(t, { token: early })).toMatchObject({ reason: 'not_yet_valid', credential: 'paper' });
    // … but a print made now is, and it admits.
    const reprint = passOf(await getTicket(ticket.id));
    expect(claimsOf(reprint).iat).toBeLessThanOrEqual(t.clock.ms / 1000);
    expect(await scan(t, { token: reprint })).toMatchObject({ result: 'admitted', credential: 'paper' });
  });

  it('is null for a tier without paper and for tickets that are not active', async () => {
    const phoneOnly = await saleEvent(t, { paper_pass: false });
    const tiers = (await t.call('GET', `/v2/events/${phoneOnly.eventId}/tiers`)).json() as {
      data: { paper_pass: boolean }[];
    };
    expect(tiers.data[0]!.paper_pass).toBe(false);
    const noPaper = await sellOne(phoneOnly);
    expect(noPaper.paper_pass).toBeNull();
    expect(noPaper.qr_token).toEqual(expect.any(String));

    const [voided, transferred] = (await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] }))
      .tickets as [TicketJson, TicketJson];
    const afterVoid = (await t.call('POST', `/v2/tickets/${voided.id}/void`, {})).json() as TicketJson;
    expect(afterVoid.paper_pass).toBeNull();
    expect((await getTicket(voided.id)).paper_pass).toBeNull();
    const recipient = (
      await t.call('POST', `/v2/tickets/${transferred.id}/transfer`, { to_email: 'b@example.test' })
    ).json() as TicketJson;
    expect((await getTicket(transferred.id)).paper_pass).toBeNull();
    // The recipient's ticket has its own pass, for its own id.
    expect(claimsOf(passOf(recipient)).sub).toBe(recipient.id);
    expect((await getTicket(recipient.id)).paper_pass).toBe(recipient.paper_pass);
  });

  it('follows the tier: switched off, the ticket shows none; switched on, the same pass again', async () => {
    const ticket = await sellOne();
    const pass = passOf(ticket);
    expect((await patchTier(sale.tierId, { paper_pass: false })).json()).toMatchObject({ paper_pass: false });
    expect((await getTicket(ticket.id)).paper_pass).toBeNull();
    expect((await patchTier(sale.tierId, { paper_pass: true })).statusCode).toBe(200);
    expect((await getTicket(ticket.id)).paper_pass).toBe(pass);
  });

  it('follows the doors: moved later, new prints carry the later exp; the printed one keeps its own', async () => {
    const ticket = await sellOne();
    const printed = passOf(ticket);
    const moved = await t.call('PATCH', `/v2/events/${sale.eventId}`, {
      doors_at: new Date(doorsAt + 3 * day * 1000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const reprint = passOf(await getTicket(ticket.id));
    expect(claimsOf(reprint).exp).toBe(doorsAt / 1000 + 4 * day);
    expect(claimsOf(printed).exp).toBe(doorsAt / 1000 + day);
    // Two days after the old doors: the old print has expired, the reprint admits.
    t.clock.ms = doorsAt + 2 * day * 1000;
    expect(await scan(t, { token: printed })).toMatchObject({ result: 'rejected', reason: 'expired' });
    expect(await scan(t, { token: reprint })).toMatchObject({ result: 'admitted', credential: 'paper' });
  });
});

describe('POST /v2/scan/validate with a paper pass', () => {
  it('admits once, hours after any 5-minute code would be dead; the second showing is already_scanned', async () => {
    await subscribeToAllKinds(t);
    const ticket = await sellOne();
    const pass = passOf(ticket);
    t.clock.advance(5 * 3600);
    expect(await scan(t, { token: ticket.qr_token })).toMatchObject({
      result: 'rejected',
      reason: 'expired',
    });
    const first = await scan(t, { token: pass, event_id: sale.eventId });
    expect(first).toMatchObject({
      result: 'admitted',
      reason: null,
      credential: 'paper',
      ticket: { id: ticket.id, scan_count: 1, inside: true },
      scan: { credential: 'paper', result: 'admitted' },
    });
    const again = await scan(t, { token: pass, event_id: sale.eventId });
    expect(again).toMatchObject({ result: 'rejected', reason: 'already_scanned', credential: 'paper' });
    // The phone code, fresh, is the same ticket: it too finds it inside.
    const fresh = (await getTicket(ticket.id)).qr_token;
    expect(await scan(t, { token: fresh })).toMatchObject({
      reason: 'already_scanned',
      credential: 'rotating',
    });

    const list = (await t.call('GET', `/v2/scans?ticket_id=${ticket.id}`)).json() as { data: ScanJson[] };
    expect(list.data.map((s) => [s.credential, s.result])).toEqual([
      ['rotating', 'rejected'],
      ['paper', 'admitted'],
      ['paper', 'rejected'],
      ['rotating', 'rejected'],
    ]);
    const hooks = emitted<{ scan: ScanJson }>(t, 'ticket.scanned').map((body) => body.scan.credential);
    expect(hooks).toEqual(['rotating', 'paper', 'paper', 'rotating']);
  });

  it('refuses a forged pass, a tampered one, and one for another event, each with its reason', async () => {
    const ticket = await sellOne();
    const forged = forgedToken(t, ticket, 'ticket-pass+jwt');
    expect(await scan(t, { token: forged })).toMatchObject({
      result: 'rejected',
      reason: 'invalid_signature',
      credential: 'paper',
      ticket: null,
    });
    const [header, , signature] = passOf(ticket).split('.');
    const longer = { ...claimsOf(passOf(ticket)), exp: doorsAt / 1000 + 400 * day };
    const tampered = `${header}.${Buffer.from(JSON.stringify(longer)).toString('base64url')}.${signature}`;
    expect(await scan(t, { token: tampered })).toMatchObject({ reason: 'invalid_signature' });

    const other = await saleEvent(t);
    const elsewhere = passOf(await sellOne(other));
    expect(await scan(t, { token: elsewhere, event_id: sale.eventId })).toMatchObject({
      result: 'rejected',
      reason: 'wrong_event',
      credential: 'paper',
    });
    expect((await getTicket(ticket.id)).scan_count).toBe(0);
  });

  it('refuses the passes of a tier switched to paper_pass: false (paper_not_allowed), the phone code still admits', async () => {
    const [a, b] = (await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] })).tickets as [
      TicketJson,
      TicketJson,
    ];
    expect((await patchTier(sale.tierId, { paper_pass: false })).statusCode).toBe(200);
    const refused = await scan(t, { token: passOf(a), event_id: sale.eventId });
    expect(refused).toMatchObject({
      result: 'rejected',
      reason: 'paper_not_allowed',
      credential: 'paper',
      ticket: { id: a.id, scan_count: 0 },
    });
    expect(await scan(t, { token: a.qr_token })).toMatchObject({
      result: 'admitted',
      credential: 'rotating',
    });
    // Switched back, b's pass admits again.
    expect((await patchTier(sale.tierId, { paper_pass: true })).statusCode).toBe(200);
    expect(await scan(t, { token: passOf(b) })).toMatchObject({ result: 'admitted', credential: 'paper' });
  });

  it("refuses a voided or transferred ticket's pass as such, before the tier's paper rule", async () => {
    const [voided, transferred] = (await buy(t, sale, { items: [{ tier_id: sale.tierId, quantity: 2 }] }))
      .tickets as [TicketJson, TicketJson];
    expect((await t.call('POST', `/v2/tickets/${voided.id}/void`, {})).statusCode).toBe(200);
    const moved = await t.call('POST', `/v2/tickets/${transferred.id}/transfer`, {
      to_email: 'c@example.test',
    });
    expect(moved.statusCode).toBe(200);
    expect((await patchTier(sale.tierId, { paper_pass: false })).statusCode).toBe(200);
    expect(await scan(t, { token: passOf(voided) })).toMatchObject({ reason: 'voided', credential: 'paper' });
    expect(await scan(t, { token: passOf(transferred) })).toMatchObject({
      reason: 'transferred',
      credential: 'paper',
    });
  });

  it('names the credential of unreadable input too: a pass header says paper, anything else rotating', async () => {
    const garbage = await scan(t, { token: 'not-a-token' });
    expect(garbage).toMatchObject({
      reason: 'malformed',
      credential: 'rotating',
      scan: { credential: 'rotating' },
    });
    const passHeader = Buffer.from(
      JSON.stringify({ alg: 'EdDSA', typ: 'ticket-pass+jwt', kid: 'x' }),
    ).toString('base64url');
    const broken = await scan(t, { token: `${passHeader}.e30.AAAA` });
    expect(broken).toMatchObject({ reason: 'malformed', credential: 'paper' });
  });

  it('keeps passes signed by a rotated-out key valid: the key stays published until they expire', async () => {
    const ticket = await sellOne();
    const pass = passOf(ticket);
    const oldKid = jose.decodeProtectedHeader(pass).kid;
    expect((await t.call('POST', '/v2/scan/keys/rotate', {})).statusCode).toBe(200);
    t.clock.advance(7 * day);
    expect((await jwks()).keys.map((key) => key.kid)).toContain(oldKid);
    const pack = (await t.call('GET', `/v2/scan/door_pack?event_id=${sale.eventId}`)).json() as {
      jwks: jose.JSONWebKeySet;
    };
    expect(pack.jwks.keys.map((key) => key.kid)).toContain(oldKid);
    await expect(jose.compactVerify(pass, jose.createLocalJWKSet(await jwks()))).resolves.toBeTruthy();
    // A print made now is signed by the new key; both admit, once between them.
    const reprint = passOf(await getTicket(ticket.id));
    expect(jose.decodeProtectedHeader(reprint).kid).not.toBe(oldKid);
    expect(await scan(t, { token: pass })).toMatchObject({ result: 'admitted', credential: 'paper' });
    expect(await scan(t, { token: reprint })).toMatchObject({ reason: 'already_scanned' });
    // Past the pass's exp + 30 s, nothing the old key signed is valid: it leaves the JWKS.
    t.clock.ms = (doorsAt / 1000 + day + 31) * 1000;
    expect((await jwks()).keys.map((key) => key.kid)).not.toContain(oldKid);
  });
});

describe('offline uploads of paper passes (POST /v2/scan/sync)', () => {
  it('records them as paper; the second door to admit the same pass gets a conflict', async () => {
    const doorA = await pairDevice(t, { event_id: sale.eventId, name: 'A' });
    const doorB = await pairDevice(t, { event_id: sale.eventId, name: 'B' });
    const ticket = await sellOne();
    const pass = passOf(ticket);
    t.clock.advance(4 * 3600);
    const upload = async (door: typeof doorA, offsetSeconds: number) => {
      const res = await t.call(
        'POST',
        '/v2/scan/sync',
        {
          device_id: door.device.id,
          scans: [
            {
              token: pass,
              scanned_at: new Date(t.clock.ms - offsetSeconds * 1000).toISOString(),
              result: 'admitted',
            },
          ],
        },
        door.secret,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: Record<string, unknown>[] }).results[0];
    };
    expect(await upload(doorA, 120)).toMatchObject({
      ticket_id: ticket.id,
      result: 'admitted',
      conflict: false,
      credential: 'paper',
    });
    expect(await upload(doorB, 60)).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
      conflict: true,
      credential: 'paper',
    });
    expect((await getTicket(ticket.id)).scan_count).toBe(1);
  });

  it('turns an offline admission of a tier switched off into paper_not_allowed', async () => {
    const door = await pairDevice(t, { event_id: sale.eventId });
    const ticket = await sellOne();
    expect((await patchTier(sale.tierId, { paper_pass: false })).statusCode).toBe(200);
    const res = await t.call(
      'POST',
      '/v2/scan/sync',
      {
        device_id: door.device.id,
        scans: [
          { token: passOf(ticket), scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' },
        ],
      },
      door.secret,
    );
    expect((res.json() as { results: unknown[] }).results[0]).toMatchObject({
      result: 'rejected',
      reason: 'paper_not_allowed',
      credential: 'paper',
    });
  });
});

describe('door pack and tier edits', () => {
  it('the door pack lists every tier with its paper rule and name, whole and delta', async () => {
    await t.call('POST', `/v2/events/${sale.eventId}/tiers`, {
      name: 'Phones only',
      price_cents: 1000,
      quantity: 10,
      paper_pass: false,
    });
    const pack = (await t.call('GET', `/v2/scan/door_pack?event_id=${sale.eventId}`)).json() as {
      tiers: unknown[];
      cursor: string;
    };
    expect(pack.tiers).toEqual([
      { id: sale.tierId, name: 'General admission', paper_pass: true },
      { id: expect.stringMatching(/^tkt_/), name: 'Phones only', paper_pass: false },
    ]);
    await patchTier(sale.tierId, { paper_pass: false });
    const delta = (
      await t.call('GET', `/v2/scan/door_pack?event_id=${sale.eventId}&since=${pack.cursor}`)
    ).json() as { tiers: { paper_pass: boolean }[] };
    expect(delta.tiers.map((tier) => tier.paper_pass)).toEqual([false, false]);
  });

  it('a box_office key may switch paper_pass and nothing else on a tier; a scanner key nothing', async () => {
    const boxOffice = await createKey(t, 'box_office');
    const ok = await patchTier(sale.tierId, { paper_pass: false }, boxOffice);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ paper_pass: false });
    expectError(
      await patchTier(sale.tierId, { paper_pass: true, price_cents: 1 }, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(await patchTier(sale.tierId, {}, boxOffice), 403, 'permission_error', 'insufficient_scope');
    expect(
      ((await t.call('GET', `/v2/tiers/${sale.tierId}`)).json() as { price_cents: number }).price_cents,
    ).toBe(2500);
    const scanner = await createKey(t, 'scanner');
    expectError(
      await patchTier(sale.tierId, { paper_pass: true }, scanner),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expect((await patchTier(sale.tierId, { paper_pass: 'yes' })).statusCode).toBe(400);
  });
});
