import { describe, expect, it } from 'vitest';
import { searchIntent } from '../../../src/renderer/src/lib/ticket-search.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token of the contract's shape; the UI only reads it (the server and the door verify it). */
function ticketToken(sub: string): string {
  const header = b64url({ alg: 'EdDSA', typ: 'ticket+jwt', kid: 'k1' });
  const payload = b64url({ sub, evt: 'evt_1', tier: 'tkt_1', iat: 1_790_000_000, exp: 1_790_000_300 });
  return `${header}.${payload}.${Buffer.alloc(64, 7).toString('base64url')}`;
}

describe('searchIntent', () => {
  it('reads a pasted QR token as its ticket id', () => {
    expect(searchIntent(`  ${ticketToken('tik_AbC123')}\n`)).toEqual({
      kind: 'ticket',
      q: 'tik_AbC123',
      fromToken: true,
    });
  });

  it('knows order and ticket ids', () => {
    expect(searchIntent('ord_XyZ9')).toEqual({ kind: 'order', q: 'ord_XyZ9' });
    expect(searchIntent('tik_XyZ9')).toEqual({ kind: 'ticket', q: 'tik_XyZ9', fromToken: false });
  });

  it('passes names and emails through as text, and nothing as empty', () => {
    expect(searchIntent(' Ada Lovelace ')).toEqual({ kind: 'text', q: 'Ada Lovelace' });
    expect(searchIntent('ada@example.com')).toEqual({ kind: 'text', q: 'ada@example.com' });
    expect(searchIntent('   ')).toEqual({ kind: 'empty' });
  });

  it('treats a dotted string that is not a ticket token as text', () => {
    expect(searchIntent('a.b.c')).toEqual({ kind: 'text', q: 'a.b.c' });
  });
});
