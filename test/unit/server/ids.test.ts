import { describe, expect, it, vi } from 'vitest';
import { hasPrefix, idPrefix, newId, randomBase62, type IdKind } from '../../../src/server/ids.js';

describe('ids', () => {
  it('use the contract prefixes', () => {
    expect(idPrefix).toMatchObject({
      event: 'evt',
      tier: 'tkt',
      ticket: 'tik',
      order: 'ord',
      attendee: 'atd',
      payout: 'pay',
      scan: 'scn',
      apiKey: 'key',
      device: 'dev',
      webhookEndpoint: 'we',
      webhookMessage: 'msg',
      delivery: 'dlv',
      refund: 'ref',
    });
  });

  it('are the prefix, an underscore and 20 base62 characters', () => {
    for (const kind of Object.keys(idPrefix) as IdKind[]) {
      const id = newId(kind);
      expect(id).toMatch(new RegExp(`^${idPrefix[kind]}_[0-9A-Za-z]{20}$`));
      expect(hasPrefix(id, kind)).toBe(true);
    }
    expect(hasPrefix('evt_abc', 'tier')).toBe(false);
    expect(hasPrefix('evtabc', 'event')).toBe(false);
  });

  it('start with the clock as it reads at each draw, in 8 base62 digits', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const timeOf = (id: string) =>
      [...id.slice(id.indexOf('_') + 1, id.indexOf('_') + 9)].reduce(
        (ms, digit) => ms * 62 + alphabet.indexOf(digit),
        0,
      );
    vi.useFakeTimers();
    try {
      // Twice the same millisecond (the digits are kept), then forward, then back (a clock step).
      for (const ms of [1_764_000_000_000, 1_764_000_000_000, 1_764_000_000_001, 1_700_000_000_000]) {
        vi.setSystemTime(ms);
        expect(timeOf(newId('order'))).toBe(ms);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('do not repeat across many draws', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('event')));
    expect(ids.size).toBe(10_000);
  });

  it('draw every base62 character roughly evenly', () => {
    const text = randomBase62(62 * 400);
    expect(text).toHaveLength(62 * 400);
    const counts = new Map<string, number>();
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 400 each; a modulo bias or a missing character would show far outside this band.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(250);
      expect(n).toBeLessThan(550);
    }
  });
});
