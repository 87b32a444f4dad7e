import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TicketTokenError, TicketVerifier, type Jwks } from '../src/index.js';

// Ticket-token rules, on tokens signed here with a key of the test's own (as the server signs).
const now = 1_790_000_000;
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const jwks: Jwks = {
  keys: [{ ...publicKey.export({ format: 'jwk' }), kty: 'OKP', kid: 'k1', alg: 'EdDSA', use: 'sig' }],
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function token({
  typ = 'ticket+jwt',
  iat = now,
  exp = iat + 300,
  kid = 'k1',
  key = privateKey,
  header = {},
}: { typ?: string; iat?: number; exp?: number; kid?: string; key?: KeyObject; header?: object } = {}) {
  const input = `${b64({ alg: 'EdDSA', typ, kid, ...header })}.${b64({ sub: 'tik_1', evt: 'evt_1', tier: 'tkt_1', iat, exp })}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

function reason(text: string, options: { now?: number; eventId?: string } = {}) {
  try {
    new TicketVerifier(jwks).verify(text, { now, ...options });
  } catch (err) {
    if (err instanceof TicketTokenError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('TicketVerifier', () => {
  it('verifies a rotating code and says so', () => {
    expect(new TicketVerifier(jwks).verify(token(), { now })).toEqual({
      kind: 'rotating',
      ticketId: 'tik_1',
      eventId: 'evt_1',
      tierId: 'tkt_1',
      issuedAt: now,
      expiresAt: now + 300,
      keyId: 'k1',
    });
  });

  it('lets a paper pass live as long as its exp says', () => {
    const pass = token({ typ: 'ticket-pass+jwt', exp: now + 40 * 86400 });
    expect(new TicketVerifier(jwks).verify(pass, { now: now + 30 * 86400 }).kind).toBe('paper');
    expect(reason(pass, { now: now + 40 * 86400 + 31 })).toBe('expired');
  });

  it('accepts from iat − 30 s to exp + 30 s', () => {
    expect(reason(token(), { now: now - 30 })).toBe('accepted');
    expect(reason(token(), { now: now + 330 })).toBe('accepted');
    expect(reason(token(), { now: now - 30.5 })).toBe('not_yet_valid');
    expect(reason(token(), { now: now + 330.5 })).toBe('expired');
  });

  it('refuses what the venue did not sign, or not as a ticket token', () => {
    expect(reason(token({ exp: now + 3600 }))).toBe('malformed'); // a rotating code lives 300 s
    expect(reason(token({ key: generateKeyPairSync('ed25519').privateKey }))).toBe('invalid_signature');
    expect(reason(token({ kid: 'unknown' }))).toBe('invalid_signature');
    expect(reason(token({ typ: 'JWT' }))).toBe('malformed');
    expect(reason(token({ header: { alg: 'HS256' } }))).toBe('malformed');
    expect(reason(token({ header: { crit: ['exp'] } }))).toBe('malformed');
    expect(reason('not.a.token')).toBe('malformed');
  });

  it('refuses a ticket of another event when the event is given', () => {
    expect(reason(token(), { eventId: 'evt_2' })).toBe('wrong_event');
  });
});
