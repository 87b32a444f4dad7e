import { describe, expect, it } from 'vitest';
import { offlineSpellStart } from '../../../src/renderer/src/lib/offline-since.js';

const now = Date.parse('2026-12-31T21:00:00Z');

describe('offlineSpellStart', () => {
  it('keeps the start of the spell across a reload, so "Offline since" does not move', () => {
    const before = now - 56_000;
    expect(offlineSpellStart(String(before), now)).toBe(before);
  });

  it('starts afresh with nothing kept, a value from the future (clock set back), a day-old one or junk', () => {
    expect(offlineSpellStart(null, now)).toBe(now);
    expect(offlineSpellStart(String(now + 60_000), now)).toBe(now);
    expect(offlineSpellStart(String(now - 25 * 3600_000), now)).toBe(now);
    expect(offlineSpellStart('yesterday', now)).toBe(now);
  });
});
