import { describe, expect, it } from 'vitest';
import {
  formatEventTime,
  isoToWallTime,
  knownTimeZones,
  sameTimeZone,
  repeatedChoices,
  repeatedPickOf,
  wallTimeToIso,
  zoneShortName,
} from '../../../src/renderer/src/lib/zoned-time.js';

/**
 * The box office's datetime-local inputs are read on the event's clock, whatever zone the till
 * (here: the test process) is in. The expected instants are worked out from the zones' published
 * rules, not from the code.
 */
describe('wall times in an event zone', () => {
  it("reads New York's 19:00 in winter as midnight UTC the next day, and back", () => {
    expect(wallTimeToIso('2026-12-24T19:00', 'America/New_York')).toEqual({
      iso: '2026-12-25T00:00:00.000Z',
    });
    expect(isoToWallTime('2026-12-25T00:00:00.000Z', 'America/New_York')).toBe('2026-12-24T19:00');
    // Summer time: four hours behind UTC.
    expect(wallTimeToIso('2026-07-04T19:00', 'America/New_York')).toEqual({
      iso: '2026-07-04T23:00:00.000Z',
    });
  });

  it('reads a zone far ahead of UTC (Auckland, +13 in its summer) on the day before in UTC', () => {
    expect(wallTimeToIso('2026-12-31T20:00', 'Pacific/Auckland')).toEqual({
      iso: '2026-12-31T07:00:00.000Z',
    });
    expect(wallTimeToIso('2027-01-01T09:30', 'Pacific/Auckland')).toEqual({
      iso: '2026-12-31T20:30:00.000Z',
    });
    expect(isoToWallTime('2026-12-31T20:30:00.000Z', 'Pacific/Auckland')).toBe('2027-01-01T09:30');
    // Its winter: +12.
    expect(wallTimeToIso('2026-07-01T19:00', 'Pacific/Auckland')).toEqual({
      iso: '2026-07-01T07:00:00.000Z',
    });
  });

  it('refuses a time the clocks skip (spring forward), in New York and in Auckland', () => {
    // 8 Mar 2026: New York goes from 02:00 straight to 03:00.
    expect(wallTimeToIso('2026-03-08T02:30', 'America/New_York')).toEqual({ problem: 'skipped' });
    expect(wallTimeToIso('2026-03-08T01:59', 'America/New_York')).toEqual({
      iso: '2026-03-08T06:59:00.000Z',
    });
    expect(wallTimeToIso('2026-03-08T03:00', 'America/New_York')).toEqual({
      iso: '2026-03-08T07:00:00.000Z',
    });
    // 27 Sep 2026: Auckland goes from 02:00 to 03:00.
    expect(wallTimeToIso('2026-09-27T02:15', 'Pacific/Auckland')).toEqual({ problem: 'skipped' });
  });

  it('takes the first of a time that happens twice (fall back)', () => {
    // 1 Nov 2026: New York's 01:30 comes first in summer time (-4), an hour later in winter time (-5).
    expect(wallTimeToIso('2026-11-01T01:30', 'America/New_York')).toEqual({
      iso: '2026-11-01T05:30:00.000Z',
    });
    // 5 Apr 2026: Auckland's 02:30 comes first at +13.
    expect(wallTimeToIso('2026-04-05T02:30', 'Pacific/Auckland')).toEqual({
      iso: '2026-04-04T13:30:00.000Z',
    });
    // Both instants still show as the wall time typed.
    expect(isoToWallTime('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
  });

  it('takes the second of a time that happens twice when picked, and names both for the choice', () => {
    expect(wallTimeToIso('2026-11-01T01:30', 'America/New_York', 'second')).toEqual({
      iso: '2026-11-01T06:30:00.000Z',
    });
    // London, 25 Oct 2026: 01:30 BST, then 01:30 GMT.
    expect(repeatedChoices('2026-10-25T01:30', 'Europe/London')).toEqual([
      { pick: 'first', iso: '2026-10-25T00:30:00.000Z', label: '01:30 (first, BST +01:00)' },
      { pick: 'second', iso: '2026-10-25T01:30:00.000Z', label: '01:30 (second, GMT +00:00)' },
    ]);
    expect(repeatedChoices('2026-11-01T01:30', 'America/New_York')?.map((c) => c.label)).toEqual([
      '01:30 (first, EDT −04:00)',
      '01:30 (second, EST −05:00)',
    ]);
    // A time that happens once, one the clocks skip, or none at all: nothing to choose.
    expect(repeatedChoices('2026-10-25T02:30', 'Europe/London')).toBeNull();
    expect(repeatedChoices('2026-03-29T01:30', 'Europe/London')).toBeNull();
    expect(repeatedChoices('soon', 'Europe/London')).toBeNull();
    expect(repeatedChoices('2026-10-25T01:30', 'Europe/Lond')).toBeNull();
    // A skipped time is refused whichever is picked.
    expect(wallTimeToIso('2026-03-29T01:30', 'Europe/London', 'second')).toEqual({ problem: 'skipped' });
    expect(repeatedPickOf('2026-10-25T01:30:00.000Z', 'Europe/London')).toBe('second');
    expect(repeatedPickOf('2026-10-25T00:30:00.000Z', 'Europe/London')).toBe('first');
    expect(repeatedPickOf(null, 'Europe/London')).toBe('first');
  });

  it('refuses what is not a date and time, and leaves an empty time empty', () => {
    for (const text of ['', 'soon', '2026-02-30T19:00', '2026-12-24T25:00', '2026-12-24']) {
      expect(wallTimeToIso(text, 'UTC'), text).toEqual({ problem: 'unreadable' });
    }
    expect(isoToWallTime(null, 'UTC')).toBe('');
    expect(isoToWallTime('not a time', 'UTC')).toBe('');
  });

  it('round-trips through a year in a zone with summer time, the nights the clocks change by the quarter hour', () => {
    const hour = 3_600_000;
    const yearStart = Date.parse('2026-01-01T00:00:00Z');
    const instants: number[] = [];
    for (let ms = yearStart; ms < yearStart + 365 * 24 * hour; ms += 5 * hour) instants.push(ms);
    // London changes at 01:00 UTC on 29 Mar and 25 Oct 2026.
    for (const night of ['2026-03-28T22:00:00Z', '2026-10-24T22:00:00Z']) {
      for (let ms = Date.parse(night); ms < Date.parse(night) + 6 * hour; ms += hour / 4) instants.push(ms);
    }
    for (const ms of instants) {
      const wall = isoToWallTime(new Date(ms).toISOString(), 'Europe/London');
      const back = wallTimeToIso(wall, 'Europe/London');
      // In the repeated hour the wall time names the earlier of its two instants.
      const ok = 'iso' in back && (Date.parse(back.iso) === ms || Date.parse(back.iso) === ms - hour);
      expect(ok, `${new Date(ms).toISOString()} → ${wall} → ${JSON.stringify(back)}`).toBe(true);
    }
  });
});

describe('event times as the box office shows them', () => {
  it("names the event's zone only when the till is in another one", () => {
    const doors = '2026-12-25T00:00:00.000Z';
    expect(formatEventTime(doors, 'America/New_York', 'Europe/London')).toMatch(/24 Dec 2026, 19:00 EST$/);
    expect(formatEventTime(doors, 'America/New_York', 'America/New_York')).toMatch(/24 Dec 2026, 19:00$/);
    expect(formatEventTime('2026-07-01T18:00:00.000Z', 'Europe/London', 'America/New_York')).toMatch(
      /1 Jul 2026, 19:00 BST$/,
    );
    expect(formatEventTime('2026-12-31T07:00:00.000Z', 'Pacific/Auckland', 'UTC')).toMatch(
      /31 Dec 2026, 20:00 GMT\+13$/,
    );
    expect(formatEventTime(null, 'UTC')).toBe('—');
  });

  it('says which 02:30 a time is on the night the clocks go back, even on a till in the same zone', () => {
    // Europe/Berlin, 31 Oct 2027: 02:00–02:59 happens in summer time (CEST), then again in winter (CET).
    expect(formatEventTime('2027-10-31T00:30:00Z', 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Sun, 31 Oct 2027, 02:30 CEST',
    );
    expect(formatEventTime('2027-10-31T01:30:00Z', 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Sun, 31 Oct 2027, 02:30 CET',
    );
    // The hour either side exists once: no name, as on any other night.
    expect(formatEventTime('2027-10-30T23:59:00Z', 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Sun, 31 Oct 2027, 01:59',
    );
    expect(formatEventTime('2027-10-31T02:00:00Z', 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Sun, 31 Oct 2027, 03:00',
    );
    expect(formatEventTime('2027-03-28T01:00:00Z', 'Europe/Berlin', 'Europe/Berlin')).toBe(
      'Sun, 28 Mar 2027, 03:00',
    );
  });

  it('takes two names of one zone as the same zone', () => {
    expect(sameTimeZone('Asia/Kolkata', 'Asia/Calcutta')).toBe(true);
    expect(sameTimeZone('Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(zoneShortName('America/Los_Angeles', Date.parse('2026-07-01T00:00:00Z'))).toBe('PDT');
  });

  it("offers every zone the browser knows, the event's and the server's first", () => {
    const zones = knownTimeZones('Pacific/Auckland', 'Europe/London');
    expect(zones.slice(0, 3)).toEqual(['Pacific/Auckland', 'Europe/London', 'UTC']);
    expect(zones).toContain('America/New_York');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
