/**
 * `npm run bench`: runs every bench module in turn (never two at once: they would share the CPU
 * and skew each other) and prints one table. A module that fails is reported and the rest still
 * run; the exit code is 1 if any failed.
 *
 * Add a module by listing it below; it must export `run(): Promise<BenchResult[]>`.
 * `BENCH_ONLY=foundation,checkout npm run bench` runs only the modules named.
 */
import { printResults, type BenchResult } from './bench-result.js';

/**
 * Some modules predate bench-result.ts and give `target` as a number (a ratio, a rate or a
 * percentage, by their unit); their own `met` says whether it was reached.
 */
type ModuleResult = Omit<BenchResult, 'target'> & { target?: string | number };

interface BenchModule {
  run(): Promise<readonly ModuleResult[]>;
}

const modules: { name: string; load: () => Promise<BenchModule> }[] = [
  { name: 'foundation', load: () => import('./foundation.js') },
  { name: 'checkout', load: () => import('./checkout.js') },
  { name: 'webhooks', load: () => import('./webhooks.js') },
  { name: 'scanning', load: () => import('./scanning.js') },
  { name: 'scanner', load: () => import('./scanner.js') },
];

function describeTarget(result: ModuleResult): string | undefined {
  if (typeof result.target !== 'number') return result.target;
  if (result.unit === '%') return `≤ ${result.target} %`;
  if (result.ratio !== undefined) return `≥ ${result.target} ×`;
  return `≥ ${result.target} ${result.unit}`;
}

async function main(): Promise<void> {
  const all: BenchResult[] = [];
  let failed = 0;
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  for (const { name, load } of modules.filter((m) => !only || only.includes(m.name))) {
    const started = performance.now();
    try {
      const results = await (await load()).run();
      for (const result of results) {
        all.push({ ...result, name: `${name}: ${result.name}`, target: describeTarget(result) });
      }
      console.log(
        `${name}: ${results.length} figures in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (err) {
      failed++;
      console.error(`${name}: FAILED`, err);
    }
  }
  printResults('All benchmarks', all);
  const missed = all.filter((result) => result.met === false);
  console.log(
    `${all.filter((result) => result.met === true).length} targets met, ${missed.length} not met` +
      (failed ? `, ${failed} module(s) failed` : ''),
  );
  if (failed) process.exitCode = 1;
}

await main();
