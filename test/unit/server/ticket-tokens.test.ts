import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerSigner } from '../../scanner/support/signer.js';

let signer: ServerSigner;
afterEach(() => {
  signer.db.close();
  rmSync(signer.dir, { recursive: true, force: true });
});

describe('TicketTokens.prepare (signing ahead of a checkout)', () => {
  it('caches valid tokens that current() then hands out without signing again', async () => {
    signer = new ServerSigner();
    const tickets = [signer.ticket(), signer.ticket(), signer.ticket()];
    await signer.tokens.prepare(tickets);
    for (const ticket of tickets) {
      const token = signer.tokens.current(ticket);
      expect(signer.tokens.current(ticket)).toBe(token);
      const check = signer.tokens.verify(token);
      expect(check).toMatchObject({ ok: true, claims: { sub: ticket.id, evt: ticket.event_id } });
    }
  });

  it('a forgotten ticket (its checkout was refused) gets a freshly signed token', async () => {
    signer = new ServerSigner();
    const ticket = signer.ticket();
    await signer.tokens.prepare([ticket]);
    const prepared = signer.tokens.current(ticket);
    signer.tokens.forget(ticket.id);
    signer.ms += 1000; // a new iat, so a re-signed token differs
    const fresh = signer.tokens.current(ticket);
    expect(fresh).not.toBe(prepared);
    expect(signer.tokens.verify(fresh).ok).toBe(true);
  });
});
