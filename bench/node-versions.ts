/**
 * `npm run bench`: every bench module on Node 22 and on Node 24, side by side, and
 * docs/benchmarks.md from that one session. Each module runs (through bench/run-all.ts) under the
 * official Node 22 binary and then at once under Node 24 — both fetched by
 * scripts/supported-node.mjs, whatever Node runs this — so the two runs of a module are minutes
 * apart on the same machine, and each figure keeps the baseline measured in its own run. The last
 * whole run on Node 20 is read back from git (recorded-report.ts) as a third column.
 *
 *   npm run bench                      all modules, writes docs/benchmarks.md
 *   BENCH_ONLY=checkout npm run bench  only those modules; docs/benchmarks.md is left alone
 *   npm run bench -- --render          rewrites the report from the last run's saved figures
 *   BENCH_NODE_ORDER=24,22             Node 24 first in each module
 *   BENCH_OUT=file                     writes the report there instead of docs/benchmarks.md
 *
 * Environment the benches read (BENCH_SECONDS, …) reaches both runs alike. The figures of each
 * run are kept in out/bench-node-versions/ (BENCH_RESULTS names another folder).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { supportedNodeExecutable } from '../scripts/supported-node.mjs';
import { benchModuleNames } from './bench-modules.js';
import type { RunRecord } from './report-markdown.js';
import { nodeVersionsMarkdown, type VersionedRun } from './report-node-versions.js';
import { recordedReport } from './recorded-report.js';
import { spawnRunAll } from './spawn-run-all.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Node 22 first unless BENCH_NODE_ORDER=24,22 says otherwise: a second session in the other order
 * shows whether a difference follows the Node or the turn it ran in.
 */
const majors = (process.env.BENCH_NODE_ORDER ?? '22,24').split(',').map(Number);
if (majors.length !== 2 || !majors.includes(22) || !majors.includes(24)) {
  throw new Error(`BENCH_NODE_ORDER must be 22,24 or 24,22, got '${process.env.BENCH_NODE_ORDER}'`);
}
/** The last whole `npm run bench` on Node 20: docs/benchmarks.md as committed then. */
const node20ReportCommit = '31929e5';
/** A module's run on one Node that takes longer than this is stopped and reported as failed. */
const moduleTimeoutMs = 20 * 60_000;
const resultsDir = process.env.BENCH_RESULTS ?? join(repoRoot, 'out', 'bench-node-versions');

const recordPath = (module: string, major: number): string => join(resultsDir, `${module}.node${major}.json`);

/** Runs bench/run-all.ts for one module under one Node; resolves with its exit code. */
function runModule(module: string, major: number, node: string): Promise<number | null> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // npm and anything else the benches start by name find this Node first.
    PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
    BENCH_ONLY: module,
    BENCH_JSON: recordPath(module, major),
  };
  delete env.BENCH_OUT;
  return spawnRunAll(repoRoot, env, moduleTimeoutMs, node);
}

function nodeFor(major: number): string {
  const node = supportedNodeExecutable(major);
  if (!node) throw new Error(`Node ${major} could not be fetched from npm (scripts/supported-node.mjs)`);
  return node;
}

async function main(): Promise<void> {
  const render = process.argv.includes('--render');
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const modules = (await benchModuleNames()).filter((name) => !only || only.includes(name));
  const nodes = new Map(majors.map((major) => [major, render ? '' : nodeFor(major)]));
  mkdirSync(resultsDir, { recursive: true });
  if (!render) {
    for (const module of modules) {
      for (const major of majors) {
        const node = nodes.get(major)!;
        console.log(`\n=== ${module} on Node ${major} (${node}) ===`);
        // Emptied first: a run that dies leaves no figures of an earlier run behind.
        writeFileSync(recordPath(module, major), '');
        const code = await runModule(module, major, node);
        if (code !== 0) console.error(`${module} on Node ${major}: exit ${code}`);
      }
    }
  }
  const runs: VersionedRun[] = [];
  for (const module of modules) {
    for (const major of [22, 24]) {
      const file = recordPath(module, major);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const record = text ? (JSON.parse(text) as RunRecord) : null;
      runs.push({ module, major, record });
    }
  }
  const markdown = nodeVersionsMarkdown({
    runs,
    node20: recordedReport(node20ReportCommit),
  });
  const out = process.env.BENCH_OUT ?? (only ? null : join(repoRoot, 'docs', 'benchmarks.md'));
  if (!out) {
    console.log(markdown);
    console.log('BENCH_ONLY set: docs/benchmarks.md left as it was (it describes whole runs)');
    return;
  }
  const options = (await prettier.resolveConfig(out)) ?? {};
  writeFileSync(out, await prettier.format(markdown, { ...options, filepath: out }));
  console.log(`wrote ${relative(process.cwd(), out)}`);
  if (runs.some((run) => !run.record || run.record.runs.some((r) => r.error))) process.exitCode = 1;
}

await main();
