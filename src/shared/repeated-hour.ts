/**
 * The hour that happens twice when the clocks go back (Europe/Berlin 31 Oct 2027: 02:00–02:59
 * in summer time, then again in winter time). "02:30" alone names two moments an hour apart, so
 * whoever shows such a time says which one it is. Browser-safe: Intl alone.
 */
import { wallClockMs } from './zone-clock.js';

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
  if (wallClockMs(ms + span, zone) - wallClockMs(ms - span, zone) === 2 * span) return null;
  const here = wallClockMs(ms, zone);
  for (const shift of shifts) {
    if (wallClockMs(ms + shift, zone) === here) return 'before';
    if (wallClockMs(ms - shift, zone) === here) return 'after';
  }
  return null;
}
