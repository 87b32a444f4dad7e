/** Small statistics for the report: percentiles, histograms, time buckets. */

/** Nearest-rank percentile (p in 0–100) of an unsorted list; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

export interface HistogramBin {
  /** Lower bound, inclusive. */
  from: number;
  /** Upper bound, exclusive; Infinity for the last bin. */
  to: number;
  counts: number[];
}

/**
 * Counts values into bins with the given edges, one count per series (e.g. online and
 * offline decisions), so a chart can stack them.
 */
export function histogram(series: readonly (readonly number[])[], edges: readonly number[]): HistogramBin[] {
  const bins: HistogramBin[] = [];
  for (let i = 0; i < edges.length; i++) {
    bins.push({ from: edges[i]!, to: edges[i + 1] ?? Infinity, counts: series.map(() => 0) });
  }
  series.forEach((values, s) => {
    for (const value of values) {
      let i = bins.length - 1;
      while (i > 0 && value < bins[i]!.from) i--;
      bins[i]!.counts[s]!++;
    }
  });
  return bins;
}

/** Counts of `times` per bucket of `width`, from `start` for `buckets` buckets (later ones go in the last). */
export function bucketCounts(
  times: readonly number[],
  start: number,
  width: number,
  buckets: number,
): number[] {
  const out = new Array<number>(buckets).fill(0);
  for (const t of times) {
    const i = Math.min(buckets - 1, Math.max(0, Math.floor((t - start) / width)));
    out[i]!++;
  }
  return out;
}
