import { describe, expect, it } from 'vitest';
import { clockOffsetMs, clockWarning, wrongClockDetail } from '../../../src/renderer/src/lib/door-clock.js';

describe('the door clock check', () => {
  it('reads the server clock from the Date header, against the middle of the request', () => {
    const sent = Date.parse('2026-12-24T20:00:00.000Z');
    // The server's second 20:10:00 (its middle .500) answered a request from 20:00:00.000 to .200.
    expect(clockOffsetMs('Thu, 24 Dec 2026 20:10:00 GMT', sent, sent + 200)).toBe(600_400);
    expect(clockOffsetMs(null, sent, sent)).toBeNull();
    expect(clockOffsetMs('not a date', sent, sent)).toBeNull();
  });

  it('warns beyond the validators’ 30 s, saying which way and how far, in words', () => {
    expect(clockWarning(null)).toBeNull();
    expect(clockWarning(29_000)).toBeNull();
    expect(clockWarning(-30_000)).toBeNull();
    expect(clockWarning(600_000)).toMatch(/^This device’s clock is 10 minutes behind the venue server’s/);
    expect(clockWarning(-45_000)).toMatch(/is 45 seconds ahead of the venue server’s/);
    expect(clockWarning(2 * 3_600_000)).toMatch(/is 2 hours behind/);
    expect(clockWarning(60_500)).toMatch(/is 61 seconds behind/);
    expect(wrongClockDetail(600_000)).toMatch(/this door’s clock is wrong/);
    expect(wrongClockDetail(1_000)).toBeNull();
  });
});
