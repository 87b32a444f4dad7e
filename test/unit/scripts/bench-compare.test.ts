import { describe, expect, it } from 'vitest';
import type { BenchResult } from '../../../bench/bench-result.js';
import { betterWay, compareRuns, comparisonTable, figureKey } from '../../../bench/compare-figures.js';
import type { RunRecord } from '../../../bench/report-markdown.js';

const run = (rps: number, p99: number, pack: number): RunRecord => {
  const results: BenchResult[] = [
    { name: 'POST /v2/orders', value: rps, unit: 'req/s' },
    { name: 'p99 latency', value: p99, unit: 'ms' },
    { name: 'webhooks received', value: pack, unit: 'requests' },
  ];
  return {
    machine: {
      cpuModel: 'Test CPU',
      cores: 2,
      memoryGiB: 8,
      freeMemoryGiB: 4,
      node: 'v22.23.3',
      os: 'Linux test',
      loadAverage: [1, 1, 1],
      date: '2026-11-28T05:00:00.000Z',
      commit: 'abc1234',
    },
    loadAtEnd: [1, 1, 1],
    totalSeconds: 10,
    runs: [{ name: 'checkout', seconds: 10, results }],
  };
};

describe('npm run bench:compare: base against head', () => {
  it('knows which way is better for the units the benches report', () => {
    expect(['req/s', 'tokens/s', 'deliveries/s'].map(betterWay)).toEqual(['higher', 'higher', 'higher']);
    expect(['ms', 'µs', 'ms CPU', 'bytes', 'KiB', '%'].map(betterWay)).toEqual(Array(6).fill('lower'));
    expect(['requests', 'queued', 'deliveries'].map(betterWay)).toEqual([null, null, null]);
  });

  it('flags a figure worse by more than 5 % and by more than the runs disagree among themselves', () => {
    const base = [run(1000, 10, 50), run(1010, 10.2, 50)];
    // 20 % fewer requests a second, with tight runs: worse. p99 9 % higher, but the head's own
    // runs differ by 18 %: within the spread, not flagged.
    const head = [run(800, 10, 70), run(805, 12, 71)];
    const compared = compareRuns(base, head);
    const byName = new Map(compared.map((c) => [c.figure, c]));
    const rps = byName.get('checkout: POST /v2/orders')!;
    expect(rps.changePct).toBeCloseTo(-20.1, 1);
    expect(rps.worse).toBe(true);
    const p99 = byName.get('checkout: p99 latency')!;
    expect(p99.changePct).toBeLessThan(-5);
    expect(p99.spreadPct).toBeGreaterThan(-p99.changePct);
    expect(p99.worse).toBe(false);
    // A count has no better way: shown, never flagged.
    expect(byName.get('checkout: webhooks received')!.worse).toBe(false);
    expect(comparisonTable(compared)).toMatch(
      /\| checkout: POST \/v2\/orders \| 1005 req\/s \| 803 req\/s \| -20\.1 % \| .* \| WORSE \|/,
    );
  });

  it('does not flag a head that is faster, or slower by less than 5 %', () => {
    const base = [run(1000, 10, 50), run(1000, 10, 50)];
    const compared = compareRuns(base, [run(1200, 10.4, 50), run(1200, 10.4, 50)]);
    expect(compared.map((c) => c.worse)).toEqual([false, false, false]);
    expect(compared[0]!.changePct).toBeCloseTo(20);
    expect(compared[1]!.changePct).toBeCloseTo(-4);
  });

  it('leaves out figures only one side has', () => {
    const head = run(1000, 10, 50);
    head.runs[0]!.results.push({ name: 'a new figure', value: 1, unit: 'ms' });
    expect(compareRuns([run(1000, 10, 50)], [head]).map((c) => c.figure)).not.toContain(
      'checkout: a new figure',
    );
  });

  it('matches a figure whose name carries what its run measured, across every run', () => {
    const named = (rps: number, admitted: number) => {
      const record = run(1000, 10, 50);
      record.runs[0]!.results.push({
        name: `validate, 10 connections (${admitted} % admitted, rest re-scans)`,
        value: rps,
        unit: 'req/s',
      });
      return record;
    };
    const compared = compareRuns([named(2000, 52), named(2600, 48)], [named(2400, 51), named(1900, 53)]);
    const validate = compared.find((c) => c.figure.startsWith('checkout: validate'))!;
    // All four runs, not one chance pair: the spread shows, and the 7 % is within it.
    expect(validate.base).toEqual([2000, 2600]);
    expect(validate.head).toEqual([2400, 1900]);
    expect(validate.worse).toBe(false);
    expect(figureKey('door pack build, 100,000 tickets (service + JSON, median of 3)')).toBe(
      'door pack build, 100,000 tickets (…)',
    );
    expect(figureKey('POST /v2/orders p99 latency (worst round)')).toBe(
      'POST /v2/orders p99 latency (worst round)',
    );
  });
});
