import { describe, expect, it } from 'vitest';
import {
  clockOffsetKey,
  clockOffsetMs,
  clockWarning,
  correctedNow,
  storedClockOffset,
} from '../../../src/renderer/src/lib/door-clock.js';

describe('the door clock check', () => {
  it('reads the server clock from the Date header, against the middle of the request', () => {
    const sent = Date.parse('2026-12-24T20:00:00.000Z');
    // The server's second 20:10:00 (its middle .500) answered a request from 20:00:00.000 to .200.
    expect(clockOffsetMs('Thu, 24 Dec 2026 20:10:00 GMT', sent, sent + 200)).toBe(600_400);
    expect(clockOffsetMs(null, sent, sent)).toBeNull();
    expect(clockOffsetMs('not a date', sent, sent)).toBeNull();
  });

  it('scans on the server’s time only when the device is off by more than the validators’ 30 s', () => {
    expect(correctedNow(1_000_000, 600_000)).toBe(1_600_000);
    expect(correctedNow(1_000_000, -45_000)).toBe(955_000);
    expect(correctedNow(1_000_000, 29_000)).toBe(1_000_000);
    expect(correctedNow(1_000_000, null)).toBe(1_000_000);
  });

  it('warns beyond the tolerance, saying which way and how far, in words', () => {
    expect(clockWarning(null)).toBeNull();
    expect(clockWarning(29_000)).toBeNull();
    expect(clockWarning(-30_000)).toBeNull();
    expect(clockWarning(600_000)).toMatch(/^This device’s clock is 10 minutes behind the venue server’s\./);
    expect(clockWarning(-45_000)).toMatch(/is 45 seconds ahead of the venue server’s/);
    expect(clockWarning(2 * 3_600_000)).toMatch(/is 2 hours behind/);
    expect(clockWarning(60_500)).toMatch(/is 61 seconds behind/);
  });

  it('keeps the offset across a reload, and ignores junk', () => {
    const kept = (value: string | null) => ({
      getItem: (key: string) => (key === clockOffsetKey ? value : null),
    });
    expect(storedClockOffset(kept('-600000'))).toBe(-600_000);
    expect(storedClockOffset(kept(null))).toBeNull();
    expect(storedClockOffset(kept('soon'))).toBeNull();
  });
});
