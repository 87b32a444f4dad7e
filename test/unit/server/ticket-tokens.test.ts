import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoThreads } from '../../../src/server/tokens/crypto-threads.js';
import { TicketTokens } from '../../../src/server/tokens/ticket-tokens.js';
import { maxReadyAgeSeconds } from '../../../src/server/tokens/token-pool.js';
import { ServerSigner } from '../../scanner/support/signer.js';
import { waitUntil } from '../../support/eventually.js';

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

  it('current() re-signs a cached token whose iat is ahead of a clock stepped back', async () => {
    signer = new ServerSigner();
    const ticket = signer.ticket();
    signer.ms += 2 * 24 * 3600 * 1000;
    const ahead = signer.tokens.current(ticket);
    signer.ms -= 2 * 24 * 3600 * 1000;
    expect(signer.tokens.verify(ahead)).toMatchObject({ ok: false, reason: 'not_yet_valid' });
    const now = signer.tokens.current(ticket);
    expect(now).not.toBe(ahead);
    expect(signer.tokens.verify(now).ok).toBe(true);
    expect(signer.tokens.current(ticket)).toBe(now);
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

describe('TokenPool (tokens signed ahead for the tiers selling now)', () => {
  let background: CryptoThreads;
  afterEach(async () => background.close());

  const pooled = () => {
    signer = new ServerSigner();
    background = new CryptoThreads(1, undefined, true);
    return new TicketTokens(signer.keys, signer.now, new CryptoThreads(0), background);
  };
  /** Waits until the background thread has signed `count` ahead for the signer's tier. */
  const ready = async (tokens: TicketTokens, count: number) => {
    await waitUntil(
      () => tokens.signedAheadCount(signer.eventId, signer.tierId) >= count,
      10_000,
      `${count} tokens signed ahead`,
    );
  };

  it('signs nothing for a tier nobody bought from; after a sale, hands out valid tokens for new ids', async () => {
    const tokens = pooled();
    expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeUndefined();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 8);
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const id = tokens.takeSigned(signer.eventId, signer.tierId)!.id;
      expect(id).toMatch(/^tik_/);
      ids.add(id);
      const token = tokens.current({ id, event_id: signer.eventId, tier_id: signer.tierId });
      // The same token a checkout signing its own would hand out: this id, event and tier.
      expect(signer.tokens.verify(token)).toMatchObject({
        ok: true,
        claims: { sub: id, evt: signer.eventId, tier: signer.tierId },
      });
    }
    expect(ids.size).toBe(8);
    // Another tier of the same event has nothing ready.
    expect(tokens.takeSigned(signer.eventId, 'tier_other')).toBeUndefined();
  });

  it('never hands out a token older than 30 s, nor one of a rotated-out key', async () => {
    const tokens = pooled();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 8);
    signer.ms += (maxReadyAgeSeconds + 1) * 1000;
    expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeUndefined();

    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 1);
    signer.keys.rotate();
    expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeUndefined();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 1);
    const id = tokens.takeSigned(signer.eventId, signer.tierId)!.id;
    const token = tokens.current({ id, event_id: signer.eventId, tier_id: signer.tierId });
    expect(signer.tokens.verify(token)).toMatchObject({ ok: true, kid: signer.keys.activeKid });
  });

  it('after the clock was stepped back, hands out none signed in the (new) future', async () => {
    const tokens = pooled();
    signer.ms += 2 * 24 * 3600 * 1000;
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 8);
    signer.ms -= 2 * 24 * 3600 * 1000;
    expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeUndefined();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 1);
    const id = tokens.takeSigned(signer.eventId, signer.tierId)!.id;
    const token = tokens.current({ id, event_id: signer.eventId, tier_id: signer.tierId });
    expect(signer.tokens.verify(token)).toMatchObject({ ok: true });
  });

  it('keeps more ready when sales outrun it, fewer when tokens age out unsold', async () => {
    const tokens = pooled();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 8);
    // Sell all eight and ask once more: it ran dry, so the next refill signs sixteen.
    for (let i = 0; i < 8; i++) expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeDefined();
    expect(tokens.takeSigned(signer.eventId, signer.tierId)).toBeUndefined();
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 16);
    // All sixteen age out unsold: back to eight.
    signer.ms += (maxReadyAgeSeconds + 1) * 1000;
    tokens.soldFrom(signer.eventId, signer.tierId);
    await ready(tokens, 8);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tokens.signedAheadCount(signer.eventId, signer.tierId)).toBe(8);
  });
});
