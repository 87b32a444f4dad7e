import { describe, expect, it } from 'vitest';
import { toIso } from '../../../src/server/time.js';

describe('toIso', () => {
  it('answers each instant with its own string, the kept last one included', () => {
    const a = Date.UTC(2026, 10, 28, 18, 0, 0, 123);
    const b = a + 1;
    expect([a, a, b, a, b, b].map(toIso)).toEqual([
      '2026-11-28T18:00:00.123Z',
      '2026-11-28T18:00:00.123Z',
      '2026-11-28T18:00:00.124Z',
      '2026-11-28T18:00:00.123Z',
      '2026-11-28T18:00:00.124Z',
      '2026-11-28T18:00:00.124Z',
    ]);
  });

  it('refuses a non-time and still answers the next instant rightly', () => {
    const a = Date.UTC(2026, 0, 1);
    expect(toIso(a)).toBe('2026-01-01T00:00:00.000Z');
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(toIso(a)).toBe('2026-01-01T00:00:00.000Z');
    expect(toIso(a + 1000)).toBe('2026-01-01T00:00:01.000Z');
  });
});
