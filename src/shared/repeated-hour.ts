/**
 * The hour that happens twice when the clocks go back (Europe/Berlin 31 Oct 2027: 02:00–02:59
 * in summer time, then again in winter time). "02:30" alone names two moments an hour apart, so
 * whoever shows such a time says which one it is. Browser-safe: Intl alone.
 */

/** Formatters are costly to build and zones few: one per zone, kept. */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's clock at instant `ms`, to the minute, read back as if it were UTC (ms). */
function wallMinute(ms: number, zone: string): number {
  let formatter = wallFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    wallFormatters.set(zone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  // Some engines still write midnight as 24 with h23.
  return Date.UTC(year, month - 1, day, hour % 24, minute);
}

/** Every shift of the clocks in use (Lord Howe Island's is half an hour). */
const shifts = [60 * 60_000, 30 * 60_000];

/**
 * Whether the wall time at `ms` in `zone` is one the clocks show twice, and which of the two
 * `ms` is: `before` (still summer time) or `after` the clocks went back; null for any other time.
 */
export function repeatedWallTime(ms: number, zone: string): 'before' | 'after' | null {
  // Most times are not near a change: the clock reads the same distance apart three hours either
  // side, so one look each way settles it before the finer ones.
  const span = 3 * 60 * 60_000;
  if (wallMinute(ms + span, zone) - wallMinute(ms - span, zone) === 2 * span) return null;
  const here = wallMinute(ms, zone);
  for (const shift of shifts) {
    if (wallMinute(ms + shift, zone) === here) return 'before';
    if (wallMinute(ms - shift, zone) === here) return 'after';
  }
  return null;
}
