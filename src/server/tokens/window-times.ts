import { tokenLifetimeSeconds } from '../../shared/ticket-token.js';
import { toIso } from '../time.js';

/**
 * The ISO times (`not_before`, `not_after`) of a strip's windows. Windows are aligned to 5-minute
 * marks and follow one another without a gap, so every strip asked within the same 5 minutes
 * lists the same times: they are written once per mark and shared, instead of two Date→ISO
 * conversions per code in every strip (the largest part of a strip whose codes are all reused).
 * Holds one run of at most 433 strings, replaced when the first window moves on.
 */
export class WindowTimes {
  private first = Number.NaN;
  private times: string[] = [];

  /** Times of the boundaries `first`, `first + 5 min`, … : `count` windows, so `count + 1` times. */
  boundaries(first: number, count: number): readonly string[] {
    if (first !== this.first || this.times.length < count + 1) {
      this.first = first;
      this.times = Array.from({ length: count + 1 }, (_, i) =>
        toIso((first + i * tokenLifetimeSeconds) * 1000),
      );
    }
    return this.times;
  }
}
