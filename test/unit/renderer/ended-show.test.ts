import { describe, expect, it } from 'vitest';
import type { EventView } from '../../../src/renderer/src/api/types.js';
import { endedSaleQuestion, endedWhen, recentlyEnded } from '../../../src/renderer/src/lib/ended-show.js';
import { isPastEvent } from '../../../src/renderer/src/lib/event-season.js';

const show = (doors_at: string, timezone = 'Europe/London', extra: Partial<EventView> = {}) =>
  ({ id: `evt_${doors_at}`, status: 'published', doors_at, timezone, ...extra }) as EventView;

describe('when a show counts as over', () => {
  it('is over twelve hours after its doors, the same instant whatever the zone', () => {
    const doors = '2026-11-28T20:00:00-05:00'; // 20:00 in New York, 01:00 UTC on the 29th
    const overAt = Date.parse('2026-11-29T13:00:00Z');
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
      expect(isPastEvent(show(doors, zone), overAt)).toBe(false);
      expect(isPastEvent(show(doors, zone), overAt + 1)).toBe(true);
    }
  });

  it('counts twelve real hours across the night the clocks go back, not twelve on the wall', () => {
    // London, Sat 24 Oct 2026 20:00 BST; the clocks go back at 02:00 BST: 07:00 GMT is 11 wall hours on.
    const doors = show('2026-10-24T20:00:00+01:00');
    expect(isPastEvent(doors, Date.parse('2026-10-25T07:00:00Z'))).toBe(false);
    expect(isPastEvent(doors, Date.parse('2026-10-25T07:00:01Z'))).toBe(true);
  });

  it('has no end to wait for: an event is only its doors, and unreadable doors never hide it', () => {
    const allNighter = show('2026-11-28T22:00:00Z');
    expect('ends_at' in allNighter).toBe(false);
    expect(isPastEvent(allNighter, Date.parse('2026-11-29T10:00:01Z'))).toBe(true);
    expect(isPastEvent(show(''), Date.parse('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('naming an ended show', () => {
  const sunMorning = Date.parse('2026-11-29T10:00:00Z');

  it("asks in plain words, naming last night's date and doors", () => {
    expect(endedSaleQuestion(show('2026-11-28T20:00:00Z'), sunMorning, 'Europe/London')).toBe(
      'This show was last night, Sat 28 Nov at 20:00. Sell tickets for it anyway?',
    );
  });

  it("names the night on the event's own calendar, not the till's or UTC's", () => {
    // 20:00 Saturday in Los Angeles is 04:00 Sunday in UTC; at 09:00 Sunday there it was last night.
    const la = show('2026-11-29T04:00:00Z', 'America/Los_Angeles');
    const laSunday9am = Date.parse('2026-11-29T17:00:00Z');
    expect(endedWhen(la, laSunday9am, 'America/Los_Angeles')).toBe('last night, Sat 28 Nov at 20:00');
    // A till in London reads the same night, with the zone named so nobody reads 20:00 as its own.
    expect(endedWhen(la, laSunday9am, 'Europe/London')).toBe('last night, Sat 28 Nov at 20:00 PST');
    // Tokyo's doors at 19:00 Saturday are 10:00 UTC Saturday: in Tokyo, Sunday evening, it was last night.
    const tokyo = show('2026-11-28T10:00:00Z', 'Asia/Tokyo');
    expect(endedWhen(tokyo, Date.parse('2026-11-29T09:00:00Z'), 'Asia/Tokyo')).toBe(
      'last night, Sat 28 Nov at 19:00',
    );
  });

  it('says earlier today, yesterday for a matinee, and the date (and year) for older shows', () => {
    const lateMorning = show('2026-11-29T09:00:00Z', 'UTC');
    expect(endedWhen(lateMorning, Date.parse('2026-11-29T21:30:00Z'), 'UTC')).toBe(
      'earlier today, Sun 29 Nov at 09:00',
    );
    expect(endedWhen(show('2026-11-28T14:00:00Z', 'UTC'), sunMorning + 10 * 3_600_000, 'UTC')).toBe(
      'yesterday, Sat 28 Nov at 14:00',
    );
    expect(endedWhen(show('2026-11-26T20:00:00Z', 'UTC'), sunMorning, 'UTC')).toBe('on Thu 26 Nov at 20:00');
    expect(endedWhen(show('2025-12-20T19:00:00Z', 'UTC'), sunMorning, 'UTC')).toBe(
      'on Sat 20 Dec 2025 at 19:00',
    );
  });

  it('lists the latest three published shows that are over, last night first', () => {
    const events = [
      show('2026-11-20T20:00:00Z'),
      show('2026-11-28T20:00:00Z'),
      show('2026-11-27T20:00:00Z'),
      show('2026-11-26T20:00:00Z', 'UTC', { status: 'cancelled' }),
      show('2026-11-25T20:00:00Z'),
      show('2026-11-29T20:00:00Z'),
    ];
    expect(recentlyEnded(events, sunMorning).map((e) => e.doors_at)).toEqual([
      '2026-11-28T20:00:00Z',
      '2026-11-27T20:00:00Z',
      '2026-11-25T20:00:00Z',
    ]);
  });
});
