import { describe, expect, it } from 'vitest';
import type { BenchResult } from '../../../bench/bench-result.js';
import type { Machine } from '../../../bench/machine.js';
import { figureKey, leadingNumber, parseReport } from '../../../bench/recorded-report.js';
import { benchmarksMarkdown, type RunRecord } from '../../../bench/report-markdown.js';
import { nodeVersionsMarkdown } from '../../../bench/report-node-versions.js';

const machine = (node: string, load: number): Machine => ({
  cpuModel: 'Test CPU',
  cores: 2,
  memoryGiB: 8,
  freeMemoryGiB: 4,
  node,
  os: 'Linux test',
  loadAverage: [load, load, load],
  date: '2026-11-25T16:00:00.000Z',
  commit: 'abc1234',
});

const record = (node: string, load: number, results: BenchResult[]): RunRecord => ({
  machine: machine(node, load),
  loadAtEnd: [load + 1, load, load],
  totalSeconds: 12,
  runs: [{ name: 'checkout', seconds: 12, results }],
});

const checkout = (ratio: number, p99: number, rounds: string): BenchResult[] => [
  {
    name: `POST /v2/orders, median of 3 rounds (${rounds})`,
    value: 10_000 * ratio,
    unit: 'req/s',
    baseline: 10_000,
    ratio,
    target: '≥ 0.12 × hello-world',
    met: ratio >= 0.12,
  },
  { name: 'POST /v2/orders p99 latency', value: p99, unit: 'ms' },
];

describe('npm run bench: Node versions side by side', () => {
  // A Node 20 report as bench/report-markdown.ts wrote it, read back as the runner reads git's copy.
  const node20 = parseReport(
    benchmarksMarkdown({
      ...record('v20.20.2', 1.5, checkout(0.16, 2, '0.160, 0.166, 0.134')),
      machine: { ...machine('v20.20.2', 1.5), date: '2026-11-22T10:43:28.968Z' },
    }),
    'a test report',
  );

  it('reads a recorded report back: its Node, date and every row as written', () => {
    expect(node20).toMatchObject({ node: 'v20.20.2', date: '2026-11-22', commit: 'abc1234' });
    expect(node20.modules.get('checkout')).toEqual([
      {
        name: 'POST /v2/orders, median of 3 rounds (0.160, 0.166, 0.134)',
        value: '1,600 req/s',
        baseline: '10,000 req/s',
        ratio: '0.160 ×',
        target: '≥ 0.12 × hello-world',
        met: 'met',
      },
      {
        name: 'POST /v2/orders p99 latency',
        value: '2 ms',
        baseline: '—',
        ratio: '—',
        target: '—',
        met: '—',
      },
    ]);
  });

  it('matches a figure across runs whatever numbers its name carries', () => {
    expect(figureKey('POST /v2/orders, median of 3 rounds (0.160, 0.166, 0.134)')).toBe(
      figureKey('POST /v2/orders, median of 3 rounds (0.201, 0.190, 0.180)'),
    );
    expect(figureKey('SDK offline validate, 4000 distinct tokens')).toBe(
      figureKey('SDK offline validate, 3000 distinct tokens'),
    );
    expect(figureKey('validate p99 at full load')).not.toBe(figureKey('validate p50 at full load'));
    expect(leadingNumber('93,296 req/s')).toBe(93_296);
    expect(leadingNumber('0.599 ×')).toBe(0.599);
    expect(leadingNumber('—')).toBeNull();
  });

  it('puts Node 20, 22 and 24 in one row per figure, compares ratios, and lists the moves', () => {
    const markdown = nodeVersionsMarkdown({
      node20,
      runs: [
        { module: 'checkout', major: 22, record: record('v22.23.3', 3.2, checkout(0.2, 2, '0.2, 0.2, 0.2')) },
        { module: 'checkout', major: 24, record: record('v24.21.0', 4.1, checkout(0.1, 2, '0.1, 0.1, 0.1')) },
      ],
    });
    const rows = markdown.split('\n').filter((line) => line.startsWith('| POST /v2/orders'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('| 1,600 req/s (0.160 × 10,000 req/s) |');
    expect(rows[0]).toContain('| 2,000 req/s (0.200 × 10,000 req/s) |');
    expect(rows[0]).toContain('| 1,000 req/s (0.100 × 10,000 req/s) **NOT met** |');
    expect(rows[0]).toMatch(/\| 1\.25 × \(ratio\) \| 0\.50 × \(ratio\) \|$/);
    expect(rows[1]).toMatch(/\| 2 ms \| 2 ms \| 2 ms \| 1\.00 × \| 1\.00 × \|$/);
    expect(markdown).toContain('Targets met: Node 22 1 of 1, Node 24 0 of 1 (recorded Node 20: 1 of 1)');
    expect(markdown).toMatch(/- checkout: POST \/v2\/orders, .*: Node 24 0\.50 × \(ratio\) Node 22/);
    expect(markdown).toMatch(
      /- checkout: POST \/v2\/orders, .*: Node 22 1\.25 × \(ratio\) the recorded Node 20/,
    );
    expect(markdown).not.toMatch(/- checkout: POST \/v2\/orders p99/);
    expect(markdown).toContain('| checkout | 12 s; 3.2 → 4.2 | 12 s; 4.1 → 5.1 |');
    expect(markdown).toContain('| Node | v22.23.3 and v24.21.0 |');
    // Loads 3.2 → 4.2 and 4.1 → 5.1 on 2 cores: busy enough to say so.
    expect(markdown).toContain('**This session ran at a mean 1-minute load average of 4.2 on 2 cores**');
  });

  it('says so when a run left no figures, rather than leaving a blank', () => {
    const markdown = nodeVersionsMarkdown({
      node20,
      runs: [
        { module: 'checkout', major: 22, record: record('v22.23.3', 3, checkout(0.2, 2, '0.2')) },
        { module: 'checkout', major: 24, record: null },
      ],
    });
    expect(markdown).toContain('**Node 24: no figures** (the run did not finish).');
    expect(markdown).toContain('| checkout | 12 s; 3 → 4 | no figures |');
    expect(markdown).not.toContain('This session ran at a mean');
  });
});
