/**
 * How full the venue is, in the words a steward or a manager uses. The thresholds are the
 * server's (CONTRACT.md "At the door"): a warning from 90 % of capacity, the alarm from 100 %.
 * Inside counts admissions minus exits, so the venue empties again as people leave.
 */
import { formatCount } from './count.js';

export type OccupancyLevel = 'none' | 'ok' | 'warning' | 'full';

export interface OccupancyView {
  level: OccupancyLevel;
  /** Short, for a pill: "7 / 10 inside" or "7 inside" without a capacity. */
  short: string;
  /** A sentence for a banner: "Venue full — 10 of 10 inside". */
  words: string;
}

export function occupancyOf(inside: number, capacity: number | null): OccupancyView {
  const people = formatCount(inside);
  if (capacity === null || capacity <= 0)
    return { level: 'none', short: `${people} inside`, words: `${people} inside (no capacity set)` };
  const of = `${people} of ${formatCount(capacity)} inside`;
  const short = `${people} / ${formatCount(capacity)} inside`;
  if (inside >= capacity) return { level: 'full', short, words: `Venue full — ${of}` };
  // Whole people: 9 of 10 is 90 %; 899 of 1000 is not yet.
  if (inside * 10 >= capacity * 9)
    return {
      level: 'warning',
      short,
      words: `Nearly full — ${of}, ${formatCount(capacity - inside)} place${capacity - inside === 1 ? '' : 's'} left`,
    };
  return { level: 'ok', short, words: of };
}
