/**
 * docs/benchmarks.md from one `npm run bench` (bench/node-versions.ts): each figure on Node 22 and
 * Node 24 from the same session, each with the baseline measured in its own run, beside the last
 * figures recorded on Node 20; the load every run ran under; and the figures that moved.
 */
import type { BenchResult } from './bench-result.js';
import { figureKey, leadingNumber, type RecordedFigure, type RecordedReport } from './recorded-report.js';
import { cell, value, type RunRecord } from './report-markdown.js';

export interface VersionedRun {
  module: string;
  major: number;
  /** null when the run left no figures (it crashed or was stopped). */
  record: RunRecord | null;
}

/** A move of at least this much (either way) between two Node versions is listed as notable. */
const notable = 0.15;

interface Row {
  key: string;
  name: string;
  target: string;
  node20?: RecordedFigure;
  node22?: BenchResult;
  node24?: BenchResult;
}

const figureCell = (r: BenchResult | undefined): string => {
  if (!r) return '—';
  const ratio =
    r.ratio === undefined || r.baseline === undefined
      ? ''
      : ` (${r.ratio.toFixed(3)} × ${value(r.baseline, r.unit)})`;
  return `${value(r.value, r.unit)}${ratio}${r.met === false ? ' **NOT met**' : ''}`;
};

const recordedCell = (r: RecordedFigure | undefined): string => {
  if (!r) return '—';
  const ratio = r.ratio === '—' ? '' : ` (${r.ratio} ${r.baseline})`;
  return `${r.value}${ratio}${/NOT met/.test(r.met) ? ' **NOT met**' : ''}`;
};

/** The number two versions are compared on: the ratio to the same-run baseline where both have one. */
function comparable(r: BenchResult | RecordedFigure | undefined, byRatio: boolean): number | null {
  if (!r) return null;
  if (typeof r.value === 'number') {
    const result = r as BenchResult;
    return byRatio ? (result.ratio ?? null) : result.value;
  }
  const recorded = r as RecordedFigure;
  return leadingNumber(byRatio ? recorded.ratio : recorded.value);
}

const hasRatio = (r: BenchResult | RecordedFigure | undefined): boolean =>
  r !== undefined && (typeof r.ratio === 'number' || (typeof r.ratio === 'string' && r.ratio !== '—'));

/** later ÷ earlier, on ratios where both have one, else on values; null when not comparable. */
function change(
  earlier: BenchResult | RecordedFigure | undefined,
  later: BenchResult | RecordedFigure | undefined,
): { factor: number; on: 'ratio' | 'value' } | null {
  const byRatio = hasRatio(earlier) && hasRatio(later);
  const a = comparable(earlier, byRatio);
  const b = comparable(later, byRatio);
  if (a === null || b === null || a === 0) return null;
  return { factor: b / a, on: byRatio ? 'ratio' : 'value' };
}

const changeCell = (c: ReturnType<typeof change>): string =>
  c ? `${c.factor.toFixed(2)} ×${c.on === 'ratio' ? ' (ratio)' : ''}` : '—';

/** The three versions' figures in rows, matched by name (figureKey); a figure one lacks gets "—". */
function rowsOf(node20: RecordedFigure[], node22: BenchResult[], node24: BenchResult[]): Row[] {
  const rows: Row[] = [];
  const place = (name: string, target: string, fill: (row: Row) => boolean): void => {
    const key = figureKey(name);
    // The first row of that name whose slot is free, so two figures of one name keep two rows.
    const row = rows.find((r) => r.key === key && fill(r));
    if (row) return;
    const added: Row = { key, name, target };
    rows.push(added);
    fill(added);
  };
  for (const f of node22) place(f.name, f.target ?? '—', (row) => !row.node22 && Boolean((row.node22 = f)));
  for (const f of node24) place(f.name, f.target ?? '—', (row) => !row.node24 && Boolean((row.node24 = f)));
  for (const f of node20) place(f.name, f.target, (row) => !row.node20 && Boolean((row.node20 = f)));
  return rows;
}

const loadCell = (record: RunRecord | null): string =>
  record
    ? `${record.totalSeconds.toFixed(0)} s; ${record.machine.loadAverage[0]} → ${record.loadAtEnd[0]}`
    : 'no figures';

/** Said before the moves when the session ran on a machine far busier than its cores. */
function loadWarning(records: RunRecord[]): string[] {
  if (records.length === 0) return [];
  const cores = records[0]!.machine.cores;
  const loads = records.flatMap((r) => [r.machine.loadAverage[0], r.loadAtEnd[0]]);
  const mean = loads.reduce((sum, l) => sum + l, 0) / loads.length;
  if (mean < 2 * cores) return [];
  return [
    `**This session ran at a mean 1-minute load average of ${mean.toFixed(1)} on ${cores} cores**`,
    `(from ${Math.min(...loads)} to ${Math.max(...loads)}): the benches got a small and changing share of`,
    'the CPU, so wall-clock throughput and latency figures are bound by the load, not by Node, and even',
    'same-run ratios scatter (a baseline and its figure are measured seconds apart). Most moves below are',
    'that noise. The figures measured as CPU time (ms CPU, µs per checkout, per CPU second) are the ones',
    'that compare across Node versions at such a load.',
    '',
  ];
}

/**
 * How a change is checked against this report: kept in the generated text so the next
 * `npm run bench` does not drop it.
 */
const compareParagraph = [
  'To check that a change costs no more than 5 %, compare it with the commit this report was written at,',
  'on one machine in one session: `npm run bench:compare` (bench/compare-commits.ts) checks that commit out',
  'into a temporary git worktree and runs bench/run-all.ts alternately there and in the working tree',
  '(base, head, base, head; `BENCH_ROUNDS`, default 2), then prints each figure’s median on both sides,',
  'the change, the run-to-run spread, and WORSE where the head is worse by more than 5 % and by more',
  'than that spread (`npm run bench:compare -- <ref>` for another base; `BENCH_ONLY` for some modules).',
  'On a loaded machine req/s moves more than 5 % from run to run; `npm run bench:profile`',
  '(bench/profile-requests.ts) measures what a request costs instead: CPU µs per checkout, keyed checkout,',
  "GET ticket and checkout with a webhook endpoint, in-process, with the main thread's share beside each",
  "(`process.threadCpuUsage`: the event loop and SQLite without the crypto threads and V8's helpers,",
  "whose share moves with the machine's load), and with `COUNT_SQL=1` the statements each runs, a count",
  'no load can move (copy profile-requests.ts, process-cpu.ts and statement-counter.ts into the base',
  'commit’s worktree to run it there).',
  'The last comparison against this report, and what it found, is in docs/bench-comparison.md.',
];

export function nodeVersionsMarkdown(input: { runs: VersionedRun[]; node20: RecordedReport }): string {
  const { runs, node20 } = input;
  const records = runs
    .map((r) => r.record)
    .filter((r): r is RunRecord => r !== null)
    .sort((a, b) => a.machine.date.localeCompare(b.machine.date));
  const first = records[0];
  const last = records.at(-1);
  const of = (module: string, major: number) =>
    runs.find((r) => r.module === module && r.major === major)?.record;
  const version = (major: number) =>
    records.find((r) => r.machine.node.startsWith(`v${major}.`))?.machine.node ?? '?';
  const modules = [...new Set(runs.map((r) => r.module))];
  const node20Head = `Node 20 (${node20.date}, recorded)`;
  // The order the session ran them in, from when each run started.
  const [before, after] =
    (of(modules[0] ?? '', 24)?.machine.date ?? '') < (of(modules[0] ?? '', 22)?.machine.date ?? '')
      ? [24, 22]
      : [22, 24];

  const lines: string[] = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/node-versions.ts) on ${first?.machine.date ?? '?'}. Generated: re-run`,
    `it rather than editing this file. Every bench module ran under Node ${before} and then at once under Node ${after}`,
    '(the official binaries, fetched by scripts/supported-node.mjs), one module at a time and never two',
    'runs at once. Each figure with a baseline shows it as (ratio × baseline): the baseline was measured',
    'in the same run and the same way as the figure (ratio = figure ÷ baseline), so ratios compare across',
    'Node versions and loads far better than absolute numbers do.',
    '',
    `The Node 20 column is the last whole run on Node 20 (${node20.node}, ${node20.date}, commit`,
    `${node20.commit}, load average at its start ${node20.loadAtStart}), read from ${node20.source}. Node 20`,
    'is no longer supported (better-sqlite3 13 does not run on it), so it cannot be measured again; it ran',
    'on another day under another load, and modules added since have no Node 20 figures.',
    '',
    ...compareParagraph,
    '',
    '## Machine and load',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${first?.machine.cpuModel ?? '?'}, ${first?.machine.cores ?? '?'} cores |`,
    `| Memory | ${first?.machine.memoryGiB ?? '?'} GiB (${first?.machine.freeMemoryGiB ?? '?'} GiB free at start) |`,
    `| OS | ${first?.machine.os ?? '?'} |`,
    `| Node | ${version(22)} and ${version(24)} |`,
    `| Commit | ${first?.machine.commit ?? 'unknown'} |`,
    `| Bench time (all runs) | ${Math.round(records.reduce((sum, r) => sum + r.totalSeconds, 0))} s |`,
    `| Load average at start (1/5/15 min) | ${first?.machine.loadAverage.join(' / ') ?? '?'} |`,
    `| Load average at end (1/5/15 min) | ${last?.loadAtEnd.join(' / ') ?? '?'} |`,
    '',
    `The machine may be shared: a load average near or above its ${first?.machine.cores ?? '?'} cores means`,
    'other processes competed for the CPU during a run, which lowers throughput and raises latencies and',
    'CPU-time figures; the same-run ratios are much less affected. Each run, its time and its 1-minute',
    'load average at start → end:',
    '',
    '| module | Node 22 | Node 24 |',
    '|---|---|---|',
    ...modules.map((m) => `| ${m} | ${loadCell(of(m, 22) ?? null)} | ${loadCell(of(m, 24) ?? null)} |`),
    '',
  ];

  const moves: string[] = [];
  const tables: string[] = [];
  const met = { 20: [0, 0], 22: [0, 0], 24: [0, 0] } as Record<20 | 22 | 24, [number, number]>;
  const missed: string[] = [];
  for (const module of modules) {
    const r22 = of(module, 22);
    const r24 = of(module, 24);
    const results = (record: RunRecord | null | undefined) => record?.runs.find((r) => r.name === module);
    const m22 = results(r22);
    const m24 = results(r24);
    const recorded = node20.modules.get(module) ?? [];
    tables.push(`## ${module} (bench/${module}.ts)`, '');
    for (const [major, run] of [
      [22, m22],
      [24, m24],
    ] as const) {
      if (!run) tables.push(`**Node ${major}: no figures** (the run did not finish).`, '');
      else if (run.error) tables.push(`**Node ${major}: failed**: ${cell(run.error)}`, '');
    }
    if (recorded.length === 0)
      tables.push(`No Node 20 figures: this module was not in the ${node20.date} run.`, '');
    const rows = rowsOf(recorded, m22?.results ?? [], m24?.results ?? []);
    tables.push(
      `| figure | target | ${node20Head} | Node 22 | Node 24 | Node 22 ÷ Node 20 | Node 24 ÷ Node 22 |`,
      '|---|---|---:|---:|---:|---:|---:|',
    );
    for (const row of rows) {
      const from20 = change(row.node20, row.node22);
      const from22 = change(row.node22, row.node24);
      tables.push(
        `| ${[
          cell(row.name),
          cell(row.target),
          cell(recordedCell(row.node20)),
          cell(figureCell(row.node22)),
          cell(figureCell(row.node24)),
          changeCell(from20),
          changeCell(from22),
        ].join(' | ')} |`,
      );
      const label = `${module}: ${row.name}`;
      if (from22 && Math.abs(from22.factor - 1) >= notable)
        moves.push(
          `- ${cell(label)}: Node 24 ${changeCell(from22)} Node 22 (${cell(figureCell(row.node22))} → ${cell(figureCell(row.node24))}).`,
        );
      if (from20 && Math.abs(from20.factor - 1) >= notable)
        moves.push(
          `- ${cell(label)}: Node 22 ${changeCell(from20)} the recorded Node 20 (${cell(recordedCell(row.node20))} → ${cell(figureCell(row.node22))}).`,
        );
      for (const [major, figure] of [
        [22, row.node22],
        [24, row.node24],
      ] as const) {
        if (figure?.met === undefined) continue;
        met[major][1] += 1;
        if (figure.met) met[major][0] += 1;
        else missed.push(`${label} (Node ${major})`);
      }
      if (row.node20 && row.node20.met !== '—') {
        met[20][1] += 1;
        if (!/NOT/.test(row.node20.met)) met[20][0] += 1;
      }
    }
    tables.push('');
  }

  lines.push(
    '## Summary',
    '',
    `Targets met: Node 22 ${met[22][0]} of ${met[22][1]}, Node 24 ${met[24][0]} of ${met[24][1]}` +
      ` (recorded Node 20: ${met[20][0]} of ${met[20][1]}).` +
      (missed.length ? ` **Not met**: ${missed.map(cell).join('; ')}.` : ''),
    '',
    '## Figures that moved between Node versions',
    '',
    ...loadWarning(records),
    `Every figure that differs by ${notable * 100} % or more, either way (compared on the same-run`,
    'ratio where both have one, else on the value). On a shared machine a single figure can move that',
    'much from one run to the next; a move that shows in the ratio and in the neighbouring figures is',
    'the one to believe.',
    '',
    ...(moves.length ? moves : ['None.']),
    '',
    ...tables,
    '## The venue-day simulation',
    '',
    'End-to-end figures under a realistic evening (door decision latency, walk-in admissibility,',
    'webhook catch-up after an outage, reconciliation) are in [venue-day/](venue-day/README.md),',
    'produced by `npm run simulate`.',
    '',
  );
  return lines.join('\n');
}
