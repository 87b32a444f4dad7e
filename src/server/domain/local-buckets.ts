/**
 * The event report's sales-over-time buckets on the event's own clock: a day bucket starts at the
 * venue's midnight, an hour bucket on the venue's hour (Kathmandu's +05:45 hours start at :00
 * there, not at :15), and a night the clocks change has a 23- or 25-hour day. The store sums
 * sales in short slots of whole minutes (reports-repo.ts); this folds the slots into buckets.
 */
import { wallClockMs } from '../../shared/zone-clock.js';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * How many minutes the store sums together for buckets of `intervalMinutes`: a slot must never
 * straddle two buckets. Every zone's offset, and so every bucket's start as an instant, is a whole
 * number of quarter hours (the same rule the period report leans on), so a slot that divides both
 * the interval and 15 minutes lies in one bucket.
 */
export function slotMinutes(intervalMinutes: number): number {
  return gcd(intervalMinutes, 15);
}

/**
 * Where the bucket holding instant `ms` starts, as an instant. Buckets are whole multiples of the
 * interval on the zone's wall clock (as they were of UTC's, so a UTC event's buckets are as
 * before). The start is read with the offset in force at the start: when the clocks went back
 * inside the bucket, its wall start names two instants, and it is the latest not after `ms` (so
 * the repeated hour is two buckets of an hour each); when the clocks skipped the wall start, the
 * bucket starts at the change.
 */
export function localBucketStart(ms: number, intervalMinutes: number, zone: string): number {
  const width = intervalMinutes * minuteMs;
  const wall = wallClockMs(ms, zone);
  const wallStart = Math.floor(wall / width) * width;
  // The offsets in force at `ms` and a day before the bucket's start cover any one change of
  // the clocks inside the bucket (changes are months apart).
  const offsets = new Set([ms, ms - (wall - wallStart) - dayMs].map((at) => wallClockMs(at, zone) - at));
  const starts = [...offsets]
    .map((offset) => wallStart - offset)
    .filter((start) => start <= ms && wallClockMs(start, zone) === wallStart);
  if (starts.length > 0) return Math.max(...starts);
  return firstInstantFrom(wallStart, ms, zone);
}

/**
 * The first whole minute no later than `ms` whose wall clock reads `wallStart` or later: the
 * moment the clocks jumped over `wallStart` (they skipped it, going forward).
 */
function firstInstantFrom(wallStart: number, ms: number, zone: string): number {
  let low = Math.floor((ms - (wallClockMs(ms, zone) - wallStart) - dayMs) / minuteMs);
  let high = Math.floor(ms / minuteMs);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (wallClockMs(middle * minuteMs, zone) >= wallStart) high = middle;
    else low = middle + 1;
  }
  return high * minuteMs;
}

/**
 * Folds slots (`slot` × the slot's width is its UTC start) into local bucket starts. Reading a
 * zone's clock costs a lookup in its rules, too slow to do a few times for each of thousands of
 * minutes: the offset is read once per UTC day boundary instead, and where it is the same on the
 * boundaries either side of a slot's day (the clocks never change twice in a day), the bucket's
 * start is plain arithmetic. Only slots within a day of a change take the careful way.
 */
export function bucketFolder(intervalMinutes: number, zone: string): (slot: number) => number {
  const slotMs = slotMinutes(intervalMinutes) * minuteMs;
  const width = intervalMinutes * minuteMs;
  const boundaryOffsets = new Map<number, number>();
  const offsetOnBoundary = (day: number): number => {
    let offset = boundaryOffsets.get(day);
    if (offset === undefined) {
      offset = wallClockMs(day * dayMs, zone) - day * dayMs;
      boundaryOffsets.set(day, offset);
    }
    return offset;
  };
  const known = new Map<number, number>();
  return (slot) => {
    let start = known.get(slot);
    if (start === undefined) {
      const ms = slot * slotMs;
      const day = Math.floor(ms / dayMs);
      const offset = offsetOnBoundary(day);
      // Steady from the day before to the day after: the bucket (a day at most) started with it.
      start =
        offset === offsetOnBoundary(day - 1) && offset === offsetOnBoundary(day + 1)
          ? Math.floor((ms + offset) / width) * width - offset
          : localBucketStart(ms, intervalMinutes, zone);
      known.set(slot, start);
    }
    return start;
  };
}
