import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/shared/backoff.js';

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, { random: middle }))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads each wait by at most ±20 %', () => {
    expect(backoffDelay(3, { random: () => 0 })).toBe(3200);
    expect(backoffDelay(3, { random: () => 0.999999 })).toBe(4800);
    expect(backoffDelay(10, { random: () => 0.999999 })).toBe(30_000);
  });
});
