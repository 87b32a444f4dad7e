/**
 * `npm run bench:compare [base-ref]`: the bench figures of this working tree (head) against a base
 * commit, measured on this machine in one session, so a change can be said to cost no more than
 * 5 % (issue #18 "Must show"). The base is checked out into a temporary git worktree (sharing this
 * one's node_modules); bench/run-all.ts then runs alternately in the base and in the head, base
 * first, BENCH_ROUNDS times each (default 2, at most 5), so slow drift in the machine's load falls
 * on both sides alike. Prints one table: each figure's median on both sides, the change, the
 * larger run-to-run spread of the two sides, and WORSE where the head is worse by more than 5 %
 * and by more than that spread.
 *
 *   npm run bench:compare                       base: the commit that wrote docs/benchmarks.md's figures
 *   npm run bench:compare -- main~3             any git ref
 *   BENCH_ONLY=checkout BENCH_ROUNDS=3 npm run bench:compare
 *
 * Environment the benches read (BENCH_ONLY, BENCH_SECONDS, …) reaches every run alike. Each run's
 * figures are kept in out/bench-compare/ (BENCH_RESULTS names another folder), and the table is
 * written to out/bench-compare/comparison.md. Exit code 1 when a figure is flagged or a run failed.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns, comparisonTable } from './compare-figures.js';
import type { RunRecord } from './report-markdown.js';
import { spawnRunAll } from './spawn-run-all.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const rounds = Math.min(5, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2)));
const resultsDir = process.env.BENCH_RESULTS ?? join(repoRoot, 'out', 'bench-compare');
/** A run of the bench set that takes longer than this is stopped and counted as failed. */
const runTimeoutMs = 60 * 60_000;

const git = (args: string[], cwd = repoRoot): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

const isCommit = (ref: string): boolean => {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return true;
  } catch {
    return false;
  }
};

/**
 * The commit whose run wrote docs/benchmarks.md's figures: the last one that changed its
 * "Written by `npm run bench` … on <date>" line. Edits to its prose since (this script's own
 * paragraph, notes added by hand) do not count: they measured nothing.
 */
export function reportCommit(): string | null {
  return (
    git(['log', '-1', '-G^Written by `npm run bench`', '--format=%h', '--', 'docs/benchmarks.md']) || null
  );
}

/** Whether the runner at `commit` writes its figures as JSON (BENCH_JSON), which this reads. */
function writesJson(commit: string): boolean {
  try {
    return git(['show', `${commit}:bench/run-all.ts`]).includes('BENCH_JSON');
  } catch {
    return false;
  }
}

/** Runs bench/run-all.ts in `dir` with its figures written to `json`; resolves with its exit code. */
function runBenches(dir: string, json: string): Promise<number | null> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_JSON: json };
  delete env.BENCH_OUT;
  return spawnRunAll(dir, env, runTimeoutMs);
}

/** A detached worktree of `commit` in a temp dir, with this checkout's node_modules linked in. */
function baseWorktree(commit: string): { dir: string; remove(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'marquee-bench-base-'));
  const dir = join(parent, 'base');
  git(['worktree', 'add', '--detach', dir, commit]);
  symlinkSync(realpathSync(join(repoRoot, 'node_modules')), join(dir, 'node_modules'), 'dir');
  return {
    dir,
    remove() {
      git(['worktree', 'remove', '--force', dir]);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const argument = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  const ref = argument ?? reportCommit();
  if (!ref || !isCommit(ref))
    throw new Error(`no base commit: name one (npm run bench:compare -- <ref>), got '${ref}'`);
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  if (!writesJson(commit))
    throw new Error(`${commit}'s bench/run-all.ts predates BENCH_JSON: compare against a later commit`);
  const dirty = git(['status', '--porcelain']).length > 0;
  console.log(
    `base ${commit} against head ${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' (with uncommitted changes)' : ''}, ` +
      `${rounds} round(s) each, alternating${process.env.BENCH_ONLY ? `, only ${process.env.BENCH_ONLY}` : ''}`,
  );
  mkdirSync(resultsDir, { recursive: true });
  const base = baseWorktree(commit);
  const records: Record<'base' | 'head', RunRecord[]> = { base: [], head: [] };
  let failed = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      for (const side of ['base', 'head'] as const) {
        console.log(
          `\n=== ${side} (${side === 'base' ? commit : 'this tree'}), round ${round} of ${rounds} ===`,
        );
        const json = join(resultsDir, `${side}-${round}.json`);
        // Emptied first: a run that dies leaves no figures of an earlier session behind.
        writeFileSync(json, '');
        const code = await runBenches(side === 'base' ? base.dir : repoRoot, json);
        const text = existsSync(json) ? readFileSync(json, 'utf8') : '';
        if (code !== 0 || !text) failed += 1;
        if (text) records[side].push(JSON.parse(text) as RunRecord);
      }
    }
  } finally {
    base.remove();
  }
  const compared = compareRuns(records.base, records.head);
  const table = comparisonTable(compared);
  const out = join(resultsDir, 'comparison.md');
  writeFileSync(out, `Base ${commit} against head, ${rounds} alternating round(s) each.\n\n${table}\n`);
  const worse = compared.filter((c) => c.worse);
  console.log(`\n${table}\n`);
  console.log(
    `${compared.length} figures compared, ${worse.length} worse by more than 5 % beyond the spread` +
      (failed ? `, ${failed} run(s) failed` : '') +
      `; written to ${relative(process.cwd(), out)}`,
  );
  if (worse.length > 0 || failed > 0) process.exitCode = 1;
}

const invokedDirectly = process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1]);
if (invokedDirectly) await main();
