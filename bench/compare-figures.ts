/**
 * The arithmetic of `npm run bench:compare` (compare-commits.ts): the figures of alternating runs
 * of two commits, side by side, each flagged when the head is worse than the base by more than
 * the tolerance and by more than the runs' own spread.
 */
import type { BenchResult } from './bench-result.js';
import type { RunRecord } from './report-markdown.js';

/** Which way is better for a unit; null for counts and other figures with no better way. */
export type Better = 'higher' | 'lower' | null;

/** Rates are better higher; times, sizes and the percentages the benches report (rate lost) lower. */
export function betterWay(unit: string): Better {
  if (unit.endsWith('/s')) return 'higher';
  if (/^(ms|µs|s|ms CPU|bytes|KiB|MiB|%)$/.test(unit)) return 'lower';
  return null;
}

/**
 * The name a figure is matched by across runs. Some names carry what that run measured beside the
 * figure ("validate, 10 connections (52 % admitted, rest re-scans)", "p99 of 200 (p50 1.9 ms)"),
 * which differs from run to run: such a figure would find no partner, or one by chance, and be
 * judged on a single pair with no spread. A parenthesis holding a number is left out of the match.
 */
export function figureKey(name: string): string {
  return name.replace(/\s*\([^()]*\d[^()]*\)/g, ' (…)');
}

/** Every figure of one run, by `module: name` (matched by figureKey). */
export function figuresOf(record: RunRecord): Map<string, BenchResult> {
  const figures = new Map<string, BenchResult>();
  for (const run of record.runs)
    for (const result of run.results) figures.set(figureKey(`${run.name}: ${result.name}`), result);
  return figures;
}

export interface ComparedFigure {
  figure: string;
  unit: string;
  better: Better;
  /** Each run's value, in the order run. */
  base: number[];
  head: number[];
  baseMedian: number;
  headMedian: number;
  /** Head against base, in %; positive when the head is better (for a figure with no better way: higher). */
  changePct: number;
  /** The larger of the two sides' spreads (max − min) ÷ median, in %. */
  spreadPct: number;
  /** Worse than the base by more than the tolerance, and by more than the spread. */
  worse: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const spread = (values: readonly number[]): number => {
  const m = median(values);
  return m === 0 ? 0 : ((Math.max(...values) - Math.min(...values)) / Math.abs(m)) * 100;
};

/**
 * Figures measured on both sides, in the head's order; figures on one side only are left out
 * (a bench added or renamed between the commits), and so are figures a run failed to produce.
 */
export function compareRuns(
  baseRuns: readonly RunRecord[],
  headRuns: readonly RunRecord[],
  tolerancePct = 5,
): ComparedFigure[] {
  const collect = (runs: readonly RunRecord[]) => {
    const values = new Map<string, { unit: string; values: number[] }>();
    for (const run of runs)
      for (const [figure, result] of figuresOf(run)) {
        const entry = values.get(figure) ?? { unit: result.unit, values: [] };
        entry.values.push(result.value);
        values.set(figure, entry);
      }
    return values;
  };
  const base = collect(baseRuns);
  const compared: ComparedFigure[] = [];
  for (const [figure, head] of collect(headRuns)) {
    const before = base.get(figure);
    if (!before || before.unit !== head.unit) continue;
    const better = betterWay(head.unit);
    const baseMedian = median(before.values);
    const headMedian = median(head.values);
    const raw = baseMedian === 0 ? 0 : ((headMedian - baseMedian) / Math.abs(baseMedian)) * 100;
    const changePct = better === 'lower' ? -raw : raw;
    const spreadPct = Math.max(spread(before.values), spread(head.values));
    compared.push({
      figure,
      unit: head.unit,
      better,
      base: before.values,
      head: head.values,
      baseMedian,
      headMedian,
      changePct,
      spreadPct,
      worse: better !== null && -changePct > tolerancePct && -changePct > spreadPct,
    });
  }
  return compared;
}

const number = (value: number): string =>
  Math.abs(value) >= 100 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(2);

/** A markdown table: figure, base and head medians, change, spread, and WORSE where flagged. */
export function comparisonTable(compared: readonly ComparedFigure[]): string {
  const rows = compared.map((c) => {
    const change = c.better === null ? 'n/a' : `${c.changePct >= 0 ? '+' : ''}${c.changePct.toFixed(1)} %`;
    return `| ${c.figure} | ${number(c.baseMedian)} ${c.unit} | ${number(c.headMedian)} ${c.unit} | ${change} | ${c.spreadPct.toFixed(1)} % | ${c.worse ? 'WORSE' : ''} |`;
  });
  return [
    '| figure | base (median) | head (median) | change (+ = head better) | run-to-run spread | flag |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
