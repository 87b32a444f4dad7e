/**
 * Whether this door's clock agrees with the venue server's. Codes are judged at the door's time:
 * online the door reports when it scanned (`scanned_at`), offline it decides by its own clock,
 * and a code is good only within 30 s of its 5-minute window (CONTRACT.md "Ticket tokens"). A
 * tablet a few minutes wrong therefore refuses valid phones as "expired" or "not valid yet",
 * and the steward would blame the guest's phone: the door says it is its own clock instead.
 */

/** The validators' tolerance: a door off by more refuses some valid codes. */
export const clockToleranceMs = 30_000;

/**
 * The server's clock minus this device's, from an answer's `Date` header (whole seconds) read
 * when the answer arrived; null when the header is missing or unreadable.
 */
export function clockOffsetMs(dateHeader: string | null, sentAt: number, receivedAt: number): number | null {
  if (!dateHeader) return null;
  const serverAt = Date.parse(dateHeader);
  if (Number.isNaN(serverAt)) return null;
  // The header is truncated to the second: its middle is the best guess, against the request's.
  return serverAt + 500 - (sentAt + receivedAt) / 2;
}

/** "10 minutes", "1 hour", "45 seconds": how far off, in the largest whole unit. */
function howFar(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const [n, unit] =
    seconds >= 5400
      ? [Math.round(seconds / 3600), 'hour']
      : seconds >= 90
        ? [Math.round(seconds / 60), 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The warning for a door whose clock is off by more than the tolerance; null when it agrees. */
export function clockWarning(offsetMs: number | null): string | null {
  if (offsetMs === null || Math.abs(offsetMs) <= clockToleranceMs) return null;
  const side = offsetMs > 0 ? 'behind' : 'ahead of';
  return `This device’s clock is ${howFar(offsetMs)} ${side} the venue server’s, so it will refuse valid tickets as expired or not valid yet. Set its date and time to automatic, or correct them, then scan again.`;
}

/** The verdict's reason when a code was refused for its time by a door whose clock is off. */
export function wrongClockDetail(offsetMs: number | null): string | null {
  return clockWarning(offsetMs)
    ? 'Refused for its time, but this door’s clock is wrong: fix it (see above)'
    : null;
}
