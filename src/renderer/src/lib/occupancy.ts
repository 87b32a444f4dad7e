/**
 * How full the venue is, in the words a steward or a manager uses. The thresholds are the
 * server's (CONTRACT.md "At the door"): a warning from 90 % of capacity, the alarm from 100 %.
 * Inside counts admissions minus exits, so the venue empties again as people leave.
 */
export type OccupancyLevel = 'none' | 'ok' | 'warning' | 'full';

export interface OccupancyView {
  level: OccupancyLevel;
  /** Short, for a pill: "7 / 10 inside" or "7 inside" without a capacity. */
  short: string;
  /** A sentence for a banner: "Venue full — 10 of 10 inside". */
  words: string;
}

export function occupancyOf(inside: number, capacity: number | null): OccupancyView {
  if (capacity === null || capacity <= 0)
    return { level: 'none', short: `${inside} inside`, words: `${inside} inside (no capacity set)` };
  const short = `${inside} / ${capacity} inside`;
  if (inside >= capacity)
    return { level: 'full', short, words: `Venue full — ${inside} of ${capacity} inside` };
  // Whole people: 9 of 10 is 90 %; 899 of 1000 is not yet.
  if (inside * 10 >= capacity * 9)
    return {
      level: 'warning',
      short,
      words: `Nearly full — ${inside} of ${capacity} inside, ${capacity - inside} place${capacity - inside === 1 ? '' : 's'} left`,
    };
  return { level: 'ok', short, words: `${inside} of ${capacity} inside` };
}
