/**
 * Notices the wall clock going backwards between two looks: NTP stepping back a clock that ran
 * ahead. Background workers that schedule by wall-clock time (webhook retries, mail retries)
 * ask it on every pass, and pull back what was scheduled from the wrong time.
 */
export class BackwardStepWatch {
  private latest = -Infinity;

  /** Jitter below this is no step: NTP slews small errors, and steps only from 128 ms up. */
  constructor(private readonly toleranceMs = 1_000) {}

  /** How many ms the clock went back since the latest time seen, or 0 when it did not. */
  check(now: number): number {
    const back = this.latest - now;
    if (back > this.toleranceMs) {
      this.latest = now;
      return back;
    }
    this.latest = Math.max(this.latest, now);
    return 0;
  }
}
