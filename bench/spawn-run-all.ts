import { spawn } from 'node:child_process';

/**
 * Runs bench/run-all.ts in `cwd` under `node` with `env`, its output on ours; resolves with its
 * exit code. Killed past `timeoutMs` (a stuck run then counts as failed). Shared by the runners
 * that compare runs: bench/node-versions.ts and bench/compare-commits.ts.
 */
export function spawnRunAll(
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  node = process.execPath,
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--import', 'tsx', 'bench/run-all.ts'], { cwd, env, stdio: 'inherit' });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
