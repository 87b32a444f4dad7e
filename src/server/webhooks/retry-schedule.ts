const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** CONTRACT.md "Webhooks": the waits after the 1st…7th failed attempt; the 8th failure is final. */
export const defaultRetryScheduleMs: readonly number[] = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

/** Retry-After is the receiver's wish, but a typo must not park a delivery for a year. */
const retryAfterBoundsMs = { min: 1 * second, max: 24 * hour };

/**
 * When to try again after `failures` counted failures (this one included), or null when the
 * schedule is used up. A receiver's Retry-After replaces the schedule's wait for this step.
 */
export function nextAttemptAt(
  failures: number,
  at: number,
  schedule: readonly number[],
  retryAfterMs: number | null = null,
): number | null {
  const wait = schedule[failures - 1];
  if (wait === undefined) return null;
  // Retry-After may only lengthen a wait: a receiver answering 429 with "Retry-After: 0" every
  // time would otherwise use up all eight attempts, and fail the delivery, within seconds.
  return at + Math.max(retryAfterMs ?? 0, wait);
}

/** `Retry-After: <seconds>` or an HTTP date (RFC 9110 §10.2.3), as ms from `now`; null if absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * second;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(retryAfterBoundsMs.max, Math.max(retryAfterBoundsMs.min, ms));
}
