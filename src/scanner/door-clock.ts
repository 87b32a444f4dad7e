/**
 * Whether a door's clock agrees with the venue server's. Codes are judged at the door's time:
 * online the door reports when it scanned (`scanned_at`), offline it decides by its own clock,
 * and a code is good only within 30 s of its 5-minute window (CONTRACT.md "Ticket tokens"). A
 * door a few minutes wrong would refuse valid phones as "expired" or "not valid yet", and a fast
 * one's queue would be refused at sync ("in the future"). So a door scans on the server's time
 * once it has seen it: the browser door (renderer door-store) and the Node door (node-door.ts)
 * alike, each measuring the offset from the server's `Date` header and keeping it.
 */

/** The validators' tolerance: a door off by more refuses some valid codes. */
export const clockToleranceMs = 30_000;

/**
 * The server's clock minus this device's, from an answer's `Date` header (whole seconds) read
 * when the answer arrived; null when the header is missing or unreadable.
 */
export function clockOffsetMs(
  dateHeader: string | null | undefined,
  sentAt: number,
  receivedAt: number,
): number | null {
  if (!dateHeader) return null;
  const serverAt = Date.parse(dateHeader);
  if (Number.isNaN(serverAt)) return null;
  // The header is truncated to the second: its middle is the best guess, against the request's.
  return serverAt + 500 - (sentAt + receivedAt) / 2;
}

/** True when the device is off by more than the validators' tolerance. */
export const clockIsOff = (offsetMs: number | null): offsetMs is number =>
  offsetMs !== null && Math.abs(offsetMs) > clockToleranceMs;

/**
 * The time to scan at: this device's, moved to the server's when it is off by more than the
 * tolerance (within it the device's own clock is left alone: the header is good to a second only).
 */
export function correctedNow(deviceNow: number, offsetMs: number | null): number {
  return clockIsOff(offsetMs) ? deviceNow + offsetMs : deviceNow;
}

export interface ServerTime {
  /** The time to scan at: this device's, or the server's when the device is off (correctedNow). */
  now(): number;
  /** The server's clock minus this device's wall clock now; null until known. */
  offsetMs(): number | null;
  /** The server's time minus `monotonicNow`, once measured (or kept from this boot); else null. */
  anchorMs(): number | null;
  /** The clock a transport stamps its requests with for `learn` (monotonic). */
  readonly monotonicNow: () => number;
  /**
   * Learns the server's time from an answer's `Date` header, the request sent and the answer
   * received on `monotonicNow`. Answers the offset to the wall clock, null when unreadable.
   */
  learn(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): number | null;
}

/**
 * The server's time as a running door sees it. Within a process it is the server time last
 * measured plus the monotonic time elapsed since, so a step of the device's wall clock (NTP, or
 * someone setting the time) moves nothing: the first scan after it is still on the server's time.
 * A new run on the same monotonic clock (the boot clock: a CLI command, a restarted door) starts
 * from the anchor an earlier run kept, so a date set between two runs moves nothing either. Before
 * any measurement this boot (a restart after a reboot, without network) the wall clock plus the
 * kept offset is all there is. The monotonic clock should count through a suspend (boot-clock.ts on Linux); one that
 * stops while the machine sleeps lags after it until the next answer measures the server again.
 */
export function serverTime(options: {
  keptOffsetMs: number | null;
  /**
   * The server's time minus `monotonicNow`, as an earlier run measured it on the same monotonic
   * clock (the boot clock, this boot): it holds however the wall clock was set since.
   */
  keptAnchorMs?: number | null;
  wallNow?: () => number;
  monotonicNow?: () => number;
}): ServerTime {
  const wallNow = options.wallNow ?? Date.now;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  /** The server's time minus the monotonic clock, from the last answer (this run's, or kept). */
  let anchor: number | null = options.keptAnchorMs ?? null;
  const offsetAt = (wall: number): number | null =>
    anchor === null ? options.keptOffsetMs : anchor + monotonicNow() - wall;
  return {
    monotonicNow,
    anchorMs: () => anchor,
    now: () => {
      const wall = wallNow();
      return correctedNow(wall, offsetAt(wall));
    },
    offsetMs: () => offsetAt(wallNow()),
    learn: (dateHeader, sentAt, receivedAt) => {
      const measured = clockOffsetMs(dateHeader, sentAt, receivedAt);
      if (measured === null) return null;
      anchor = measured;
      return offsetAt(wallNow());
    },
  };
}

/** "10 minutes", "1 hour", "45 seconds": how far off, in the largest whole unit. */
export function howFarOff(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const [n, unit] =
    seconds >= 5400
      ? [Math.round(seconds / 3600), 'hour']
      : seconds >= 90
        ? [Math.round(seconds / 60), 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
