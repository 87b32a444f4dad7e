import { describe, expect, it } from 'vitest';
import { formatAttendeeTime, normalizeTimeZone, timeZoneLabel } from '../../../src/shared/attendee-time.js';

describe('times for attendees', () => {
  it('shows doors in the event’s zone, to the minute, with the zone named', () => {
    // The case: a New York 19:00 used to read "Thu, 26 Nov 2026 00:00:00 GMT".
    expect(formatAttendeeTime('2026-11-27T00:00:00Z', 'America/New_York')).toBe(
      'Thu 26 Nov 2026, 19:00 (New York time)',
    );
    expect(formatAttendeeTime(Date.parse('2026-11-27T00:00:00Z'), 'Europe/Berlin')).toBe(
      'Fri 27 Nov 2026, 01:00 (Berlin time)',
    );
  });

  it('follows daylight saving time and writes midnight as 00:00', () => {
    expect(formatAttendeeTime('2026-07-01T23:30:00Z', 'America/New_York')).toBe(
      'Wed 1 Jul 2026, 19:30 (New York time)',
    );
    expect(formatAttendeeTime('2026-09-05T22:00:00Z', 'Europe/London')).toBe(
      'Sat 5 Sep 2026, 23:00 (London time)',
    );
    expect(formatAttendeeTime('2026-09-06T00:00:59Z', 'UTC')).toBe('Sun 6 Sep 2026, 00:00 (UTC)');
  });

  it('says which of the two 02:30s it is on the night the clocks go back', () => {
    // Europe/Berlin, 31 Oct 2027: the clocks go from 03:00 summer time back to 02:00.
    expect(formatAttendeeTime('2027-10-31T00:30:00Z', 'Europe/Berlin')).toBe(
      'Sun 31 Oct 2027, 02:30 (Berlin time, before the clocks go back)',
    );
    expect(formatAttendeeTime('2027-10-31T01:30:00Z', 'Europe/Berlin')).toBe(
      'Sun 31 Oct 2027, 02:30 (Berlin time, after the clocks go back)',
    );
    expect(formatAttendeeTime('2027-10-31T02:00:00Z', 'Europe/Berlin')).toBe(
      'Sun 31 Oct 2027, 03:00 (Berlin time)',
    );
    // The night they go forward has no such hour: 03:00 is the first minute after 01:59.
    expect(formatAttendeeTime('2027-03-28T01:00:00Z', 'Europe/Berlin')).toBe(
      'Sun 28 Mar 2027, 03:00 (Berlin time)',
    );
    // Lord Howe Island puts its clocks back by half an hour.
    expect(formatAttendeeTime('2027-04-03T14:45:00Z', 'Australia/Lord_Howe')).toBe(
      'Sun 4 Apr 2027, 01:45 (Lord Howe time, before the clocks go back)',
    );
  });

  it('names zones by their place, or as they are when they are not a place', () => {
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(timeZoneLabel('UTC')).toBe('UTC');
    expect(timeZoneLabel('Etc/GMT+5')).toBe('Etc/GMT+5');
  });

  it('leaves a time it cannot read as it is', () => {
    expect(formatAttendeeTime('soon', 'UTC')).toBe('soon');
  });
});

describe('time zone names', () => {
  it('accepts IANA names, fixing only their case', () => {
    expect(normalizeTimeZone('America/New_York')).toBe('America/New_York');
    expect(normalizeTimeZone('america/new_york')).toBe('America/New_York');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    // Kept as given, not turned into the runtime's older alias (Asia/Calcutta).
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('refuses what is not a zone name', () => {
    for (const bad of ['Mars/Olympus_Mons', '+01:00', 'GMT+1 ', '', 'America/New York', 'x'.repeat(65)]) {
      expect(normalizeTimeZone(bad), bad).toBeNull();
    }
  });
});
