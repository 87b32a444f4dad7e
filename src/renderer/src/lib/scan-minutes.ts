import type { ScanView } from '../api/scan-types.js';

export const minuteMs = 60_000;

/** One minute of door traffic, as the chart draws it. */
export interface MinuteBucket {
  /** Start of the minute, ms since epoch (local minutes are whole UTC minutes too). */
  start: number;
  /** Entries that let someone in. */
  admitted: number;
  /** Attempts turned away (any reason). */
  rejected: number;
  /** Exits recorded (`direction: out`). */
  exited: number;
}

type Countable = Pick<ScanView, 'result' | 'direction' | 'scanned_at'> & Partial<Pick<ScanView, 'conflict'>>;

/**
 * Counts scans into the last `minutes` whole minutes ending with the one `now` is in (oldest
 * first, always exactly `minutes` buckets so the chart's x axis never jumps). A scan counts in
 * the minute it was *made* (`scanned_at`), so a door that syncs late fills in the past minutes
 * where those people actually came in, instead of a fake spike now.
 */
export function bucketPerMinute(scans: readonly Countable[], now: number, minutes = 60): MinuteBucket[] {
  const last = Math.floor(now / minuteMs) * minuteMs;
  const first = last - (minutes - 1) * minuteMs;
  const buckets: MinuteBucket[] = Array.from({ length: minutes }, (_, i) => ({
    start: first + i * minuteMs,
    admitted: 0,
    rejected: 0,
    exited: 0,
  }));
  for (const scan of scans) {
    const at = Date.parse(scan.scanned_at);
    if (Number.isNaN(at) || at < first || at >= last + minuteMs) continue;
    const bucket = buckets[Math.floor((at - first) / minuteMs)];
    if (!bucket) continue;
    // A sync conflict is a second admission of someone already inside (a door let them in
    // offline): not someone turned away, and already counted where they first got in.
    if (scan.result === 'rejected' && scan.conflict) continue;
    if (scan.result === 'rejected') bucket.rejected += 1;
    else if (scan.direction === 'out') bucket.exited += 1;
    else bucket.admitted += 1;
  }
  return buckets;
}

/** Drops scans made before the window, so the monitor's memory stays one hour deep. */
export function withinWindow<T extends Pick<ScanView, 'scanned_at'>>(
  scans: readonly T[],
  now: number,
  minutes = 60,
): T[] {
  const from = Math.floor(now / minuteMs) * minuteMs - (minutes - 1) * minuteMs;
  return scans.filter((s) => Date.parse(s.scanned_at) >= from);
}

/**
 * A round top for the y axis (1, 2, 5, 10, 20, 50, …) at or above the busiest minute, so the
 * gridlines land on numbers people read at a glance.
 */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}
