/**
 * Every bench module under bench/ on the Node running it, in turn (never two at once: they would
 * share the CPU and skew each other); prints one table. A module that fails is reported and the
 * rest still run; the exit code is 1 if any failed. `npm run bench` (bench/node-versions.ts) runs
 * this once per Node version and writes docs/benchmarks.md; `npm run bench:here` runs it alone.
 *
 * A bench module is any bench/*.ts exporting `run(): Promise<BenchResult[]>` (bench-modules.ts).
 * `BENCH_ONLY=foundation,checkout` runs only the modules named. `BENCH_OUT=file` writes the
 * markdown report of this one run there; `BENCH_JSON=file` writes its figures as JSON (a RunRecord),
 * which is how bench/node-versions.ts collects them.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import * as prettier from 'prettier';
import { benchFileNames, loadBenchModule } from './bench-modules.js';
import { printResults, type BenchResult } from './bench-result.js';
import { describeMachine } from './machine.js';
import { benchmarksMarkdown, type ModuleRun, type RunRecord } from './report-markdown.js';

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const machine = describeMachine();
  const started = performance.now();
  const runs: ModuleRun[] = [];
  const all: BenchResult[] = [];
  for (const name of benchFileNames()) {
    if (only && !only.includes(name)) continue;
    const run = await loadBenchModule(name);
    if (!run) continue;
    const moduleStarted = performance.now();
    try {
      const results = await run();
      const seconds = (performance.now() - moduleStarted) / 1000;
      runs.push({ name, seconds, results: [...results] });
      for (const result of results) all.push({ ...result, name: `${name}: ${result.name}` });
      console.log(`${name}: ${results.length} figures in ${seconds.toFixed(1)} s`);
    } catch (err) {
      const seconds = (performance.now() - moduleStarted) / 1000;
      runs.push({ name, seconds, results: [], error: err instanceof Error ? err.message : String(err) });
      console.error(`${name}: FAILED`, err);
    }
  }
  const totalSeconds = (performance.now() - started) / 1000;
  printResults('All benchmarks', all);
  const missed = all.filter((result) => result.met === false);
  const failed = runs.filter((r) => r.error).length;
  console.log(
    `${all.filter((result) => result.met === true).length} targets met, ${missed.length} not met` +
      (failed ? `, ${failed} module(s) failed` : '') +
      ` (${totalSeconds.toFixed(0)} s)`,
  );

  const record: RunRecord = { machine, loadAtEnd: describeMachine().loadAverage, totalSeconds, runs };
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(record, null, 2));
  const out = process.env.BENCH_OUT;
  if (out) {
    // Formatted as `npm run lint` (prettier --check) expects, so a fresh report never fails it.
    const options = (await prettier.resolveConfig(out)) ?? {};
    writeFileSync(out, await prettier.format(benchmarksMarkdown(record), { ...options, filepath: out }));
    console.log(`wrote ${relative(process.cwd(), out)}`);
  }
  if (failed) process.exitCode = 1;
}

await main();
