/**
 * One figure a benchmark reports. Every bench module exports `run(): Promise<BenchResult[]>` and
 * prints its own table when run alone; bench/run-all.ts runs them all and prints one table.
 */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The figure this one is compared with, e.g. a bare Fastify's req/s measured in the same run. */
  baseline?: number;
  /** value / baseline. */
  ratio?: number;
  /** What "good enough" means, in words, e.g. "≥ 0.5 × hello-world" or "≤ 1000 ms". */
  target?: string;
  met?: boolean;
}

/** Prints results as a table: one row each, with ratio, target and MET / NOT MET where known. */
export function printResults(title: string, results: readonly BenchResult[]): void {
  console.log(`\n${title}`);
  console.table(
    results.map((result) => ({
      measure: result.name,
      value: `${formatValue(result.value)} ${result.unit}`,
      baseline: result.baseline === undefined ? '' : `${formatValue(result.baseline)} ${result.unit}`,
      ratio: result.ratio === undefined ? '' : `${result.ratio.toFixed(3)} ×`,
      target: result.target ?? '',
      met: result.met === undefined ? '' : result.met ? 'MET' : 'NOT MET',
    })),
  );
}

function formatValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
