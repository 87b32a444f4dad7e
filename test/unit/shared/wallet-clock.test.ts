import { describe, expect, it } from 'vitest';
import { phoneClockNote, phoneClockOffsetMs } from '../../../src/shared/wallet-clock.js';

const serverNow = Date.parse('2026-11-29T19:00:00Z');
const dateHeader = new Date(serverNow).toUTCString();

describe('phoneClockOffsetMs: how far the phone is from the venue server', () => {
  it('a phone ten minutes fast measures about −10 minutes', () => {
    const phone = serverNow + 10 * 60_000;
    const offset = phoneClockOffsetMs(dateHeader, phone, phone + 200)!;
    expect(Math.abs(offset + 10 * 60_000)).toBeLessThanOrEqual(1_000);
  });

  it('a phone ten minutes slow measures about +10 minutes', () => {
    const phone = serverNow - 10 * 60_000;
    const offset = phoneClockOffsetMs(dateHeader, phone, phone + 200)!;
    expect(Math.abs(offset - 10 * 60_000)).toBeLessThanOrEqual(1_000);
  });

  it('a phone within a few seconds is left on its own clock (the header has whole seconds only)', () => {
    expect(phoneClockOffsetMs(dateHeader, serverNow + 3_000, serverNow + 3_400)).toBe(0);
    expect(phoneClockOffsetMs(dateHeader, serverNow - 4_000, serverNow - 3_900)).toBe(0);
  });

  it('learns nothing without a readable Date header, or from a slow answer', () => {
    expect(phoneClockOffsetMs(null, serverNow, serverNow)).toBeNull();
    expect(phoneClockOffsetMs('yesterday-ish', serverNow, serverNow)).toBeNull();
    // An answer that took 20 s on a crowded network places the server's second no better than ±10 s.
    expect(
      phoneClockOffsetMs(dateHeader, serverNow + 5 * 60_000, serverNow + 5 * 60_000 + 20_000),
    ).toBeNull();
  });
});

describe('phoneClockNote: what the page tells the holder', () => {
  it('says how far and which way, and that the code still works', () => {
    expect(phoneClockNote(-10 * 60_000)).toBe(
      "This phone's clock is 10 minutes fast. The code follows the venue's time, so it still works; setting the clock to automatic keeps it that way.",
    );
    expect(phoneClockNote(3 * 3_600_000)).toMatch(/^This phone's clock is 3 hours slow\./);
  });

  it('says nothing for a clock under a minute off', () => {
    expect(phoneClockNote(0)).toBeNull();
    expect(phoneClockNote(-45_000)).toBeNull();
  });
});
