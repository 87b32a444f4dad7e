import { describe, expect, it } from 'vitest';
import { passExpFor, passTyp } from '../../../src/shared/ticket-pass.js';
import {
  parseCredential,
  parseTicketToken,
  presentedCredential,
  tokenLifetimeSeconds,
} from '../../../src/shared/ticket-token.js';
import { stripMaxTokens, stripTokenAt, stripWindows } from '../../../src/shared/wallet-strip.js';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = {
  sub: 'tik_0VbgsL5LhXabjlSMzVTU',
  evt: 'evt_0VbgsL23yqAMecWaZDbe',
  tier: 'tkt_0VbgsL24of5rofft5LKo',
  iat: 1_800_000_000,
};
const token = (typ: string, exp: number, extra: object = {}) =>
  `${segment({ alg: 'EdDSA', typ, kid: 'k1', ...extra })}.${segment({ ...claims, exp })}.${Buffer.alloc(64).toString('base64url')}`;

describe('parseCredential: both forms a ticket is shown in', () => {
  it('reads a rotating code (exactly 300 s) and a paper pass (any exp), naming which', () => {
    const code = token('ticket+jwt', claims.iat + tokenLifetimeSeconds);
    expect(parseCredential(code)?.credential).toBe('rotating');
    const pass = token(passTyp, claims.iat + 30 * 86_400);
    expect(parseCredential(pass)).toMatchObject({
      credential: 'paper',
      claims: { exp: claims.iat + 30 * 86_400 },
    });
    // parseTicketToken stays what the wallet and till read: rotating codes only.
    expect(parseTicketToken(code)?.credential).toBe('rotating');
    expect(parseTicketToken(pass)).toBeNull();
  });

  it('refuses a code that lives other than 300 s, a pass with a non-integer exp, other types and crit', () => {
    expect(parseCredential(token('ticket+jwt', claims.iat + 3600))).toBeNull();
    expect(parseCredential(token(passTyp, 1.5))).toBeNull();
    expect(parseCredential(token('JWT', claims.iat + 300))).toBeNull();
    expect(parseCredential(token(passTyp, claims.iat + 300, { crit: ['exp'] }))).toBeNull();
  });

  it('names the credential of anything, readable or not', () => {
    expect(presentedCredential(token(passTyp, 1))).toBe('paper');
    expect(presentedCredential(`${segment({ typ: passTyp })}.garbage`)).toBe('paper');
    expect(presentedCredential(token('ticket+jwt', claims.iat + 300))).toBe('rotating');
    for (const junk of ['', 'hello', '...', '%%%.a.b', 'x'.repeat(5000)])
      expect(presentedCredential(junk)).toBe('rotating');
  });

  it('a pass runs to a day after doors', () => {
    expect(passExpFor(Date.parse('2026-12-24T19:00:00Z'))).toBe(Date.parse('2026-12-25T19:00:00Z') / 1000);
  });
});

describe('stripWindows and stripTokenAt', () => {
  const at = Date.parse('2026-11-22T12:03:17Z');
  const iso = (s: number) => new Date(s * 1000).toISOString();

  it('aligned 5-minute windows from the one containing now to the one doors + 12 h falls in', () => {
    const doors = Date.parse('2026-11-22T15:07:00Z');
    const windows = stripWindows(at, doors);
    expect(iso(windows[0]!)).toBe('2026-11-22T12:00:00.000Z');
    expect(iso(windows.at(-1)!)).toBe('2026-11-23T03:05:00.000Z');
    expect(windows.every((w, i) => i === 0 || w - windows[i - 1]! === 300)).toBe(true);
  });

  it('at most 432 windows, none past now + 36 h; none once the night is over', () => {
    const windows = stripWindows(at, Date.parse('2027-01-01T00:00:00Z'));
    expect(windows).toHaveLength(stripMaxTokens);
    expect((windows.at(-1)! + 300) * 1000).toBeLessThanOrEqual(at + 36 * 3_600_000);
    expect(stripWindows(at, at - 13 * 3_600_000)).toEqual([]);
  });

  it('stripTokenAt picks the code whose window holds the moment, none outside the strip', () => {
    const tokens = stripWindows(at, at + 3_600_000)
      .slice(0, 3)
      .map((w) => ({ token: `t${w}`, not_before: iso(w), not_after: iso(w + 300) }));
    expect(stripTokenAt(tokens, at)?.token).toBe(tokens[0]!.token);
    expect(stripTokenAt(tokens, Date.parse(tokens[1]!.not_before))?.token).toBe(tokens[1]!.token);
    expect(stripTokenAt(tokens, Date.parse(tokens[2]!.not_after))).toBeUndefined();
  });
});
