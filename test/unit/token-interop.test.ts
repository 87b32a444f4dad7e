import * as ed from '@noble/ed25519';
import { importJWK, jwtVerify, compactVerify, createLocalJWKSet, type JWK } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64UrlToBytes } from '../../src/shared/ticket-token.js';
import { buy, saleEvent, type TicketJson } from '../support/sales-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

// @noble/hashes is not installed; node:crypto's SHA-512 is the same function.
ed.hashes.sha512 = (message: Uint8Array) => new Uint8Array(createHash('sha512').update(message).digest());

interface Jwks {
  keys: (JWK & { kid: string; x: string })[];
}

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

async function freshTicket(): Promise<TicketJson> {
  const order = await buy(t, await saleEvent(t));
  const res = await t.call('GET', `/v2/tickets/${order.tickets[0]!.id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as TicketJson;
}

const jwks = async (): Promise<Jwks> =>
  (await t.call('GET', '/v2/scan/jwks', undefined, null)).json() as Jwks;

function header(token: string): { alg: string; typ: string; kid: string } {
  return JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
    alg: string;
    typ: string;
    kid: string;
  };
}

/** The door-device way: raw Ed25519 over `header.payload` with the JWKS `x`. */
function nobleVerifies(token: string, keys: Jwks): boolean {
  const [h, p, s] = token.split('.') as [string, string, string];
  const key = keys.keys.find((k) => k.kid === header(token).kid);
  if (!key) return false;
  try {
    return ed.verify(base64UrlToBytes(s), new TextEncoder().encode(`${h}.${p}`), base64UrlToBytes(key.x));
  } catch {
    return false;
  }
}

async function joseVerifies(token: string, keys: Jwks): Promise<boolean> {
  const jwk = keys.keys.find((k) => k.kid === header(token).kid);
  if (!jwk) return false;
  try {
    const key = await importJWK(jwk, 'EdDSA');
    // The test clock is not the wall clock, so exp is judged at the clock's time.
    await jwtVerify(token, key, {
      currentDate: new Date(t.clock.ms),
      typ: 'ticket+jwt',
      algorithms: ['EdDSA'],
    });
    return true;
  } catch {
    return false;
  }
}

/** Replaces one base64url character in segment `part` at `index` with a different one. */
function tamper(token: string, part: 1 | 2, index: number): string {
  const parts = token.split('.');
  const segment = parts[part]!;
  const swapped = segment[index] === 'A' ? 'B' : 'A';
  parts[part] = segment.slice(0, index) + swapped + segment.slice(index + 1);
  return parts.join('.');
}

describe('ticket tokens verify outside the server', () => {
  it('a token from GET /v2/tickets/{id} verifies with @noble/ed25519 and with jose, with the contract’s header and claims', async () => {
    const ticket = await freshTicket();
    const keys = await jwks();
    expect(keys.keys.length).toBeGreaterThan(0);
    for (const key of keys.keys) expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(header(ticket.qr_token)).toEqual({ alg: 'EdDSA', typ: 'ticket+jwt', kid: keys.keys[0]!.kid });
    expect(nobleVerifies(ticket.qr_token, keys)).toBe(true);
    expect(await joseVerifies(ticket.qr_token, keys)).toBe(true);

    const { payload } = await compactVerify(ticket.qr_token, createLocalJWKSet(keys));
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(claims).toEqual({
      sub: ticket.id,
      evt: ticket.event_id,
      tier: ticket.tier_id,
      iat: t.clock.ms / 1000,
      exp: t.clock.ms / 1000 + 300,
    });
  });

  it('a tampered payload or signature fails both', async () => {
    const ticket = await freshTicket();
    const keys = await jwks();
    for (const forged of [tamper(ticket.qr_token, 1, 10), tamper(ticket.qr_token, 2, 10)]) {
      expect(forged).not.toBe(ticket.qr_token);
      expect(nobleVerifies(forged, keys)).toBe(false);
      expect(await joseVerifies(forged, keys)).toBe(false);
      expect(t.app.ctx.tokens.verify(forged).ok).toBe(false);
    }
    // A claim rewritten and re-encoded (another ticket id) is a forgery too.
    const [h, p, s] = ticket.qr_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { sub: string };
    const other = Buffer.from(JSON.stringify({ ...claims, sub: 'tik_someoneelse0000000' })).toString(
      'base64url',
    );
    const swapped = `${h}.${other}.${s}`;
    expect(nobleVerifies(swapped, keys)).toBe(false);
    expect(await joseVerifies(swapped, keys)).toBe(false);
  });

  it('after a key rotation, old tokens still verify against the JWKS and new ones use the new kid', async () => {
    const ticket = await freshTicket();
    const oldKid = header(ticket.qr_token).kid;
    const rotated = await t.call('POST', '/v2/scan/keys/rotate');
    expect(rotated.statusCode).toBe(200);
    const newKid = (rotated.json() as { active_kid: string }).active_kid;
    expect(newKid).not.toBe(oldKid);

    const keys = await jwks();
    expect(keys.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect(nobleVerifies(ticket.qr_token, keys)).toBe(true);
    expect(await joseVerifies(ticket.qr_token, keys)).toBe(true);

    const again = (await t.call('GET', `/v2/tickets/${ticket.id}`)).json() as TicketJson;
    expect(header(again.qr_token).kid).toBe(newKid);
    expect(nobleVerifies(again.qr_token, keys)).toBe(true);
    expect(await joseVerifies(again.qr_token, keys)).toBe(true);
  });
});
