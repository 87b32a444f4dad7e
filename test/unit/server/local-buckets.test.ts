import { describe, expect, it } from 'vitest';
import { bucketFolder, localBucketStart, slotMinutes } from '../../../src/server/domain/local-buckets.js';

const start = (at: string, minutes: number, zone: string) =>
  new Date(localBucketStart(Date.parse(at), minutes, zone)).toISOString();

describe('localBucketStart', () => {
  it("starts a day at the venue's midnight and an hour on the venue's hour", () => {
    // 19:30 in New York on 22 Nov is still that local day, which began at 05:00 UTC.
    expect(start('2026-11-23T00:30:00Z', 1440, 'America/New_York')).toBe('2026-11-22T05:00:00.000Z');
    // Kathmandu +05:45: 17:45 local is in the 17:00 hour, 11:15 UTC.
    expect(start('2026-11-22T12:00:00Z', 60, 'Asia/Kathmandu')).toBe('2026-11-22T11:15:00.000Z');
    // Adelaide in summer time +10:30: 22:30 local is in the 22:00 hour.
    expect(start('2026-11-22T12:00:00Z', 60, 'Australia/Adelaide')).toBe('2026-11-22T11:30:00.000Z');
    // UTC is as it always was.
    expect(start('2026-11-22T12:16:00Z', 15, 'UTC')).toBe('2026-11-22T12:15:00.000Z');
  });

  it('gives the night the clocks go back a 25-hour day and its repeated hour two buckets', () => {
    // New York, 1 Nov 2026: 02:00 EDT becomes 01:00 EST. The day began at 04:00 UTC (EDT).
    expect(start('2026-11-02T04:30:00Z', 1440, 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(start('2026-11-02T05:30:00Z', 1440, 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
    // 01:30 EDT and 01:30 EST: the first 01:00 hour, then the second.
    expect(start('2026-11-01T05:30:00Z', 60, 'America/New_York')).toBe('2026-11-01T05:00:00.000Z');
    expect(start('2026-11-01T06:30:00Z', 60, 'America/New_York')).toBe('2026-11-01T06:00:00.000Z');
  });

  it('gives the night the clocks go forward a 23-hour day, and a skipped midnight starts the day at the change', () => {
    // New York, 14 Mar 2027: 23:30 EDT is in the day that began at 05:00 UTC (EST).
    expect(start('2027-03-15T03:30:00Z', 1440, 'America/New_York')).toBe('2027-03-14T05:00:00.000Z');
    expect(start('2027-03-14T07:30:00Z', 60, 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    // Santiago, 6 Sep 2026: midnight (−04) becomes 01:00 (−03); that day starts at the change.
    expect(start('2026-09-06T04:30:00Z', 1440, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(start('2026-09-06T03:30:00Z', 1440, 'America/Santiago')).toBe('2026-09-05T04:00:00.000Z');
  });
});

describe('slots', () => {
  it('are short enough to lie in one bucket in any zone', () => {
    expect([1, 7, 15, 60, 90, 1440].map(slotMinutes)).toEqual([1, 1, 15, 15, 15, 15]);
    // The 15-minute slot from 12:00 UTC on Kathmandu's hourly clock: the 17:00 local hour.
    const slot = Date.parse('2026-11-22T12:00:00Z') / (15 * 60_000);
    expect(new Date(bucketFolder(60, 'Asia/Kathmandu')(slot)).toISOString()).toBe('2026-11-22T11:15:00.000Z');
  });

  it('fold every slot around a change of the clocks as the careful reading does', () => {
    const cases = [
      ['America/New_York', '2026-10-31T00:00:00Z'],
      ['America/New_York', '2027-03-13T00:00:00Z'],
      ['America/Santiago', '2026-09-04T00:00:00Z'],
      ['Australia/Lord_Howe', '2027-04-02T00:00:00Z'],
    ] as const;
    for (const [zone, from] of cases) {
      for (const minutes of [15, 60, 1440]) {
        const fold = bucketFolder(minutes, zone);
        const slotMs = slotMinutes(minutes) * 60_000;
        const first = Date.parse(from) / slotMs;
        for (let slot = first; slot < first + (4 * 24 * 60 * 60_000) / slotMs; slot += 1) {
          expect(fold(slot), `${zone} ${minutes} ${new Date(slot * slotMs).toISOString()}`).toBe(
            localBucketStart(slot * slotMs, minutes, zone),
          );
        }
      }
    }
  });
});
