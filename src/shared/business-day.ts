/**
 * A till shift on the venue's clock. A night's shift runs past midnight (opened 18:00, closed
 * 02:00): its Z report belongs to the day it opened, the night the venue sold for, not the
 * calendar day it was counted on. Read in the venue's zone, not the server's or the till's: a
 * server left on UTC must not move a Berlin night to the day before. Browser-safe: Intl alone.
 */
import { wallDateTime } from './zone-clock.js';

/** `at` on the zone's clock as a spreadsheet reads it: "2027-03-27 18:00"; "" when none. */
export function venueDateTime(at: string | null, zone: string): string {
  const ms = at === null ? NaN : Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  return wallDateTime(ms, zone).replace('T', ' ');
}

/** The business day of a shift opened at `openedAt`: the zone's calendar day then, "2027-03-27". */
export function businessDay(openedAt: string, zone: string): string {
  return venueDateTime(openedAt, zone).slice(0, 10);
}

/**
 * The venue's zone as a set of events tells it: theirs when they share one (a venue's events do),
 * else `fallback` (the server's for a shift, the till's for the Orders screen).
 */
export function venueTimeZone(eventZones: Iterable<string>, fallback: string): string {
  const zones = new Set(eventZones);
  const [only] = zones;
  return zones.size === 1 && only !== undefined ? only : fallback;
}
