import { describe, expect, it } from 'vitest';
import {
  parseTicketToken,
  tokenLifetimeSeconds,
  windowRejection,
  type TicketTokenClaims,
} from '../../../src/shared/ticket-token.js';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const header = { alg: 'EdDSA', typ: 'ticket+jwt', kid: 'k1' };
const claims: TicketTokenClaims = {
  sub: 'tik_0VbgsL5LhXabjlSMzVTU',
  evt: 'evt_0VbgsL23yqAMecWaZDbe',
  tier: 'tkt_0VbgsL24of5rofft5LKo',
  iat: 1_800_000_000,
  exp: 1_800_000_000 + tokenLifetimeSeconds,
};
/** Parsing looks at the shape only; the signature just has to be 64 bytes. */
const token = (h: object, c: object) =>
  `${segment(h)}.${segment(c)}.${Buffer.alloc(64).toString('base64url')}`;

describe('parseTicketToken: the contract shape, nothing else', () => {
  it('reads a token of the contract shape', () => {
    expect(parseTicketToken(token(header, claims))?.claims).toEqual(claims);
  });

  it('refuses a lifetime other than 300 s and a header with extensions it must understand (crit)', () => {
    expect(parseTicketToken(token(header, { ...claims, exp: claims.iat + 3600 }))).toBeNull();
    expect(parseTicketToken(token(header, { ...claims, exp: 1e300 }))).toBeNull();
    expect(parseTicketToken(token({ ...header, crit: ['x'] }, claims))).toBeNull();
    expect(parseTicketToken(token({ ...header, alg: 'none' }, claims))).toBeNull();
  });
});

describe('windowRejection: iat − 30 s to exp + 30 s, to the millisecond', () => {
  const ms = (seconds: number) => seconds * 1000;
  it('admits the whole window, edges included', () => {
    for (const at of [ms(claims.iat - 30), ms(claims.iat), ms(claims.exp), ms(claims.exp + 30)])
      expect(windowRejection(claims, at)).toBeNull();
  });

  it('refuses a millisecond outside either edge', () => {
    expect(windowRejection(claims, ms(claims.iat - 30) - 1)).toBe('not_yet_valid');
    expect(windowRejection(claims, ms(claims.exp + 30) + 1)).toBe('expired');
    expect(windowRejection(claims, ms(claims.exp + 30) + 999)).toBe('expired');
  });
});
