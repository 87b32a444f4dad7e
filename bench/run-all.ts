/**
 * `npm run bench`: runs every bench module under bench/ in turn (never two at once: they would
 * share the CPU and skew each other), prints one table and writes docs/benchmarks.md with the
 * machine, its load and the date. A module that fails is reported and the rest still run; the
 * exit code is 1 if any failed.
 *
 * A bench module is any bench/*.ts exporting `run(): Promise<BenchResult[]>`; helpers (no `run`)
 * are skipped, so a new bench is picked up without editing this file.
 * `BENCH_ONLY=foundation,checkout npm run bench` runs only the modules named (and then does not
 * overwrite docs/benchmarks.md, which must describe a whole run); `BENCH_OUT=file` writes the
 * report elsewhere.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { printResults, type BenchResult } from './bench-result.js';
import { describeMachine } from './machine.js';
import { benchmarksMarkdown, type ModuleRun } from './report-markdown.js';

interface BenchModule {
  run?: () => Promise<readonly BenchResult[]>;
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Cheapest first, so a broken set-up shows itself early; anything new runs after these. */
const preferred = ['foundation', 'checkout', 'credentials', 'webhooks', 'mail', 'scanning', 'scanner'];

function moduleNames(): string[] {
  const names = readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => basename(file, '.ts'))
    .filter((name) => name !== 'run-all');
  const rank = (name: string): number => {
    const i = preferred.indexOf(name);
    return i === -1 ? preferred.length : i;
  };
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const machine = describeMachine();
  const started = performance.now();
  const runs: ModuleRun[] = [];
  const all: BenchResult[] = [];
  for (const name of moduleNames()) {
    if (only && !only.includes(name)) continue;
    const loaded = (await import(pathToFileURL(join(benchDir, `${name}.ts`)).href)) as BenchModule;
    if (typeof loaded.run !== 'function') continue;
    const moduleStarted = performance.now();
    try {
      const results = await loaded.run();
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

  const out = process.env.BENCH_OUT ?? (only ? null : join(repoRoot, 'docs', 'benchmarks.md'));
  if (out) {
    const markdown = benchmarksMarkdown({
      machine,
      loadAtEnd: describeMachine().loadAverage,
      totalSeconds,
      runs,
    });
    // Formatted as `npm run lint` (prettier --check) expects, so a fresh report never fails it.
    const options = (await prettier.resolveConfig(out)) ?? {};
    writeFileSync(out, await prettier.format(markdown, { ...options, filepath: out }));
    console.log(`wrote ${relative(process.cwd(), out)}`);
  } else {
    console.log('BENCH_ONLY set: docs/benchmarks.md left as it was (it describes whole runs)');
  }
  if (failed) process.exitCode = 1;
}

await main();
