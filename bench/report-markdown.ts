/**
 * The markdown report of one bench/run-all.ts run (`BENCH_OUT=file npm run bench:here`): every figure with its same-run baseline and
 * ratio where it has one, its target and whether it was met — stated plainly, misses included —
 * and the machine and load it ran under.
 */
import type { BenchResult } from './bench-result.js';
import type { Machine } from './machine.js';

export interface ModuleRun {
  name: string;
  seconds: number;
  results: BenchResult[];
  error?: string;
}

export const value = (v: number, unit: string): string => {
  const digits = Number.isInteger(v) || Math.abs(v) >= 100 ? 0 : 1;
  return `${v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
};

export const cell = (text: string): string => text.replace(/\|/g, '\\|');

function row(result: BenchResult): string {
  return `| ${[
    cell(result.name),
    value(result.value, result.unit),
    result.baseline === undefined ? '—' : value(result.baseline, result.unit),
    result.ratio === undefined ? '—' : `${result.ratio.toFixed(3)} ×`,
    result.target === undefined ? '—' : cell(result.target),
    result.met === undefined ? '—' : result.met ? 'met' : '**NOT met**',
  ].join(' | ')} |`;
}

/** One run of bench/run-all.ts: the machine, its load, and every module's figures. */
export interface RunRecord {
  machine: Machine;
  loadAtEnd: [number, number, number];
  totalSeconds: number;
  runs: ModuleRun[];
}

export function benchmarksMarkdown(input: RunRecord): string {
  const { machine, runs } = input;
  const results = runs.flatMap((r) => r.results);
  const withTarget = results.filter((r) => r.met !== undefined);
  const missed = runs.flatMap((r) =>
    r.results.filter((x) => x.met === false).map((x) => ({ module: r.name, ...x })),
  );
  const failed = runs.filter((r) => r.error);
  const lines: string[] = [
    '# Benchmarks',
    '',
    `Written by bench/run-all.ts on ${machine.date}. Generated: re-run it rather than`,
    'editing this file. Each bench module runs alone, one after another; every figure below comes from',
    'that one run, and a baseline is measured in the same run and the same way as the figure it is',
    'compared with (ratio = figure ÷ baseline).',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${machine.cpuModel}, ${machine.cores} cores |`,
    `| Memory | ${machine.memoryGiB} GiB (${machine.freeMemoryGiB} GiB free at start) |`,
    `| Node | ${machine.node} |`,
    `| OS | ${machine.os} |`,
    `| Load average at start (1/5/15 min) | ${machine.loadAverage.join(' / ')} |`,
    `| Load average at end (1/5/15 min) | ${input.loadAtEnd.join(' / ')} |`,
    `| Commit | ${machine.commit ?? 'unknown'} |`,
    `| Wall time | ${Math.round(input.totalSeconds)} s |`,
    '',
    `The machine is shared: a load average near or above ${machine.cores} at start means other`,
    'processes competed for the CPU during the run, which lowers throughput figures and raises',
    'latencies; ratios against a same-run baseline are less affected than absolute numbers.',
    '',
    '## Summary',
    '',
    `${withTarget.filter((r) => r.met).length} of ${withTarget.length} targets met` +
      (missed.length ? `; **not met**: ${missed.map((m) => `${m.module}: ${m.name}`).join('; ')}.` : '.') +
      (failed.length ? ` **Failed modules**: ${failed.map((f) => f.name).join(', ')}.` : ''),
    '',
  ];
  for (const run of runs) {
    lines.push(`## ${run.name} (bench/${run.name}.ts, ${run.seconds.toFixed(1)} s)`, '');
    if (run.error) {
      lines.push(`**Failed**: ${cell(run.error)}`, '');
      continue;
    }
    lines.push(
      '| figure | value | baseline (same run) | ratio | target | met? |',
      '|---|---:|---:|---:|---|---|',
    );
    lines.push(...run.results.map(row), '');
  }
  lines.push(
    '## The venue-day simulation',
    '',
    'End-to-end figures under a realistic evening (door decision latency, walk-in admissibility,',
    'webhook catch-up after an outage, reconciliation) are in [venue-day/](venue-day/README.md),',
    'produced by `npm run simulate`.',
    '',
  );
  return lines.join('\n');
}
