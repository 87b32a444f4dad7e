import { describe, expect, it } from 'vitest';
import { bucketPerMinute, niceCeiling, withinWindow } from '../../../src/renderer/src/lib/scan-minutes.js';

const at = (iso: string) => Date.parse(iso);
const scan = (
  scanned_at: string,
  result: 'admitted' | 'rejected' = 'admitted',
  direction: 'in' | 'out' = 'in',
) => ({
  scanned_at,
  result,
  direction,
});

describe('bucketPerMinute', () => {
  const now = at('2026-12-24T20:41:30.000Z');

  it('always answers 60 whole minutes ending with the current one', () => {
    const buckets = bucketPerMinute([], now);
    expect(buckets).toHaveLength(60);
    expect(buckets[59]?.start).toBe(at('2026-12-24T20:41:00.000Z'));
    expect(buckets[0]?.start).toBe(at('2026-12-24T19:42:00.000Z'));
    expect(buckets.every((b) => b.admitted === 0 && b.rejected === 0 && b.exited === 0)).toBe(true);
  });

  it('counts admissions, refusals and exits in the minute each scan was made', () => {
    const buckets = bucketPerMinute(
      [
        scan('2026-12-24T20:41:05Z'),
        scan('2026-12-24T20:41:59.999Z'),
        scan('2026-12-24T20:41:10Z', 'rejected'),
        scan('2026-12-24T20:40:00Z', 'admitted', 'out'),
        scan('2026-12-24T20:00:00Z'),
      ],
      now,
    );
    expect(buckets[59]).toMatchObject({ admitted: 2, rejected: 1, exited: 0 });
    expect(buckets[58]).toMatchObject({ admitted: 0, rejected: 0, exited: 1 });
    expect(buckets.find((b) => b.start === at('2026-12-24T20:00:00Z'))?.admitted).toBe(1);
  });

  it('does not count a sync conflict (a second admission, made offline) as turned away', () => {
    const buckets = bucketPerMinute(
      [
        scan('2026-12-24T20:41:05Z'),
        { ...scan('2026-12-24T20:41:06Z', 'rejected'), conflict: true },
        { ...scan('2026-12-24T20:41:07Z', 'rejected'), conflict: false },
      ],
      now,
    );
    expect(buckets[59]).toMatchObject({ admitted: 1, rejected: 1 });
  });

  it('leaves out scans before the window, after now’s minute, and unreadable times', () => {
    const buckets = bucketPerMinute(
      [scan('2026-12-24T19:41:59Z'), scan('2026-12-24T20:42:00Z'), scan('not a time')],
      now,
    );
    expect(buckets.reduce((n, b) => n + b.admitted, 0)).toBe(0);
  });

  it('a late sync lands in the past minute it was made in', () => {
    const buckets = bucketPerMinute([scan('2026-12-24T20:05:20Z')], now);
    expect(buckets.findIndex((b) => b.admitted === 1)).toBe(23);
  });
});

describe('withinWindow', () => {
  it('keeps only scans made inside the hour the chart shows', () => {
    const now = at('2026-12-24T20:41:30Z');
    const kept = withinWindow([scan('2026-12-24T19:41:59Z'), scan('2026-12-24T19:42:00Z')], now);
    expect(kept.map((s) => s.scanned_at)).toEqual(['2026-12-24T19:42:00Z']);
  });
});

describe('niceCeiling', () => {
  it('rounds the busiest minute up to 1, 2, 5 × a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 24, 51, 180, 999].map(niceCeiling)).toEqual([
      1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 1000,
    ]);
  });
});
