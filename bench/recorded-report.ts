/**
 * Figures from an earlier docs/benchmarks.md, read back from git: the last whole run on Node 20
 * cannot be measured again (Node 20 is no longer supported and better-sqlite3 13 does not run on
 * it), so bench/node-versions.ts shows it beside the new figures, as recorded.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One row of a recorded report, its cells as they were written. */
export interface RecordedFigure {
  name: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  met: string;
}

export interface RecordedReport {
  /** Where it came from, e.g. "docs/benchmarks.md at 31929e5". */
  source: string;
  node: string;
  date: string;
  commit: string;
  loadAtStart: string;
  /** Module name → its rows, in order. */
  modules: Map<string, RecordedFigure[]>;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Splits a markdown table row into its cells (`\|` stays inside a cell). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** Reads a report written by bench/report-markdown.ts. */
export function parseReport(markdown: string, source: string): RecordedReport {
  const machine = (label: string): string => {
    const line = markdown.split('\n').find((l) => l.startsWith(`| ${label}`));
    return line ? (cells(line)[1] ?? '') : '';
  };
  const modules = new Map<string, RecordedFigure[]>();
  let current: RecordedFigure[] | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\S+) \(bench\/\S+\.ts/.exec(line);
    if (heading) {
      current = [];
      modules.set(heading[1]!, current);
      continue;
    }
    if (line.startsWith('## ')) current = null;
    if (!current || !line.startsWith('|') || /^\|\s*(figure|-)/.test(line)) continue;
    const [name = '', value = '', baseline = '', ratio = '', target = '', met = ''] = cells(line);
    current.push({ name, value, baseline, ratio, target, met });
  }
  const date = /on (\d{4}-\d{2}-\d{2})T/.exec(markdown)?.[1] ?? '';
  return {
    source,
    node: machine('Node'),
    date,
    commit: machine('Commit'),
    loadAtStart: machine('Load average at start'),
    modules,
  };
}

/** The report as it was at `commit` (docs/benchmarks.md unless `path` says otherwise). */
export function recordedReport(commit: string, path = 'docs/benchmarks.md'): RecordedReport {
  let markdown: string;
  try {
    markdown = execFileSync('git', ['show', `${commit}:${path}`], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    throw new Error(
      `${path} at ${commit} is not in this clone's history (a shallow clone?): git fetch --unshallow`,
    );
  }
  return parseReport(markdown, `${path} at ${commit}`);
}

/**
 * A figure's name without the numbers in it, e.g. "median of 3 rounds (0.160, 0.166, 0.134)",
 * "(achieved 1000 req/s, p50 1 ms)" or "4000 distinct tokens" where a bench has since changed its
 * size, so two runs' rows of the same figure can be matched.
 */
export function figureKey(name: string): string {
  return (
    name
      .replace(/\((?:[\d.,\s]+|achieved [^)]*|p50 [^)]*)\)/g, '')
      // Numbers standing alone; p99, v2 and the like name what a figure is.
      .replace(/(?<![A-Za-z])\d[\d,.]*/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The leading number of a cell such as "93,296 req/s" or "0.599 ×"; null when there is none. */
export function leadingNumber(cell: string): number | null {
  const match = /^-?[\d,]*\.?\d+/.exec(cell.replace(/\*/g, '').trim());
  return match ? Number(match[0].replace(/,/g, '')) : null;
}
