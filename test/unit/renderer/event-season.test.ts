import { describe, expect, it } from 'vitest';
import type { EventView } from '../../../src/renderer/src/api/types.js';
import {
  eventGroups,
  eventsInView,
  isPastEvent,
  liveEvents,
  sellableEvents,
} from '../../../src/renderer/src/lib/event-season.js';

const event = (id: string, status: string, doors_at: string) => ({ id, status, doors_at }) as EventView;
const now = Date.parse('2026-12-24T18:00:00Z');
// Made in this order over a year: the API lists them oldest first, as a venue created them.
const season = [
  event('evt_last_year', 'published', '2025-12-20T19:00:00Z'),
  event('evt_last_month', 'published', '2026-11-24T19:00:00Z'),
  event('evt_next_month', 'published', '2027-01-24T19:00:00Z'),
  event('evt_last_night', 'published', '2026-12-23T19:00:00Z'),
  event('evt_draft', 'draft', '2027-02-01T19:00:00Z'),
  event('evt_called_off', 'cancelled', '2026-12-30T19:00:00Z'),
  event('evt_tonight', 'published', '2026-12-24T19:00:00Z'),
  event('evt_opened_at_noon', 'published', '2026-12-24T12:00:00Z'),
];
const ids = (list: EventView[]) => list.map((e) => e.id);

describe('event-season', () => {
  it('counts a show as tonight until twelve hours after its doors', () => {
    expect(isPastEvent(event('e', 'published', '2026-12-24T06:00:01Z'), now)).toBe(false);
    expect(isPastEvent(event('e', 'published', '2026-12-24T05:59:59Z'), now)).toBe(true);
  });

  it('sells only published shows not yet over, tonight first', () => {
    expect(ids(sellableEvents(season, now))).toEqual(['evt_opened_at_noon', 'evt_tonight', 'evt_next_month']);
  });

  it("counts the monitor's all-events figures over live events only, not the year's", () => {
    expect(ids(liveEvents(season, now))).toEqual(['evt_opened_at_noon', 'evt_tonight', 'evt_next_month']);
  });

  it('groups a picker as upcoming soonest first, then past latest first', () => {
    const groups = eventGroups(season, now);
    expect(groups.map((g) => g.label)).toEqual(['Upcoming', 'Past']);
    expect(ids(groups[0]!.events)).toEqual([
      'evt_opened_at_noon',
      'evt_tonight',
      'evt_called_off',
      'evt_next_month',
      'evt_draft',
    ]);
    expect(ids(groups[1]!.events)).toEqual(['evt_last_night', 'evt_last_month', 'evt_last_year']);
    expect(eventGroups([season[0]!], now).map((g) => g.label)).toEqual(['Past']);
  });

  it('gives the Events screen its views', () => {
    expect(ids(eventsInView(season, 'upcoming', now))).toEqual([
      'evt_opened_at_noon',
      'evt_tonight',
      'evt_next_month',
      'evt_draft',
    ]);
    expect(ids(eventsInView(season, 'past', now))).toEqual([
      'evt_last_night',
      'evt_last_month',
      'evt_last_year',
    ]);
    expect(ids(eventsInView(season, 'drafts', now))).toEqual(['evt_draft']);
    expect(ids(eventsInView(season, 'cancelled', now))).toEqual(['evt_called_off']);
    expect(eventsInView(season, 'all', now)).toHaveLength(season.length);
  });
});
