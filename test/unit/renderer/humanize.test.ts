import { describe, expect, it } from 'vitest';
import { formatClockSeconds, humanizeSeconds, relativeTo } from '../../../src/renderer/src/lib/humanize.js';

describe('humanize', () => {
  it('says durations the short way', () => {
    expect([0, 42, 60, 180, 3599, 3600, 3900, 86_399, 86_400, 93_600].map(humanizeSeconds)).toEqual([
      '0 s',
      '42 s',
      '1 min',
      '3 min',
      '59 min',
      '1 h',
      '1 h 5 min',
      '23 h 59 min',
      '1 d',
      '1 d 2 h',
    ]);
  });

  it('puts a moment against now', () => {
    const now = Date.parse('2026-12-24T20:00:00Z');
    expect(relativeTo('2026-12-24T20:00:04Z', now)).toBe('in 4 s');
    expect(relativeTo('2026-12-24T19:57:00Z', now)).toBe('3 min ago');
    expect(relativeTo('2026-12-24T20:00:00.300Z', now)).toBe('now');
    expect(relativeTo('2026-12-24T20:00:01.200Z', now)).toBe('now');
    expect(relativeTo('2026-12-24T20:00:02Z', now)).toBe('in 2 s');
    expect(relativeTo(null, now)).toBe('—');
  });

  it('clock times are local and zero-padded', () => {
    expect(formatClockSeconds(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('03:04:05');
  });
});
