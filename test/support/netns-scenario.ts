import { spawn, spawnSync } from 'node:child_process';

/**
 * Scenarios that multicast (mDNS) run inside a network namespace of their own, so nothing leaves
 * this machine. They print `STEP <name> <json>` lines, which the tests assert on.
 */
export interface NetnsRun {
  code: number | null;
  steps: Map<string, Record<string, unknown>>;
  output: string;
}

/**
 * Fails (throws) unless `unshare --net` works here (root, or unprivileged user namespaces): these
 * tests are the only proof of what happens on a real LAN, so a machine that cannot run them fails
 * them rather than skipping them quietly. Called first in the test's beforeAll.
 */
export function requireUnshareNet(ownMounts = false): void {
  const probe = spawnSync('unshare', [...(ownMounts ? ['--mount'] : []), '--net', 'true']);
  if (probe.status === 0) return;
  throw new Error(
    `this test runs in a private network namespace, and 'unshare --net' failed here ` +
      `(${probe.stderr?.toString().trim() || probe.error?.message}): run it as root or with ` +
      `unprivileged user namespaces enabled`,
  );
}

/**
 * Runs `setup` (a shell script) in a fresh network namespace, killing it after `timeoutMs`.
 * `ownMounts` adds a mount namespace, so the script may bind-mount over /etc files for itself.
 */
export function runInNetns(setup: string, timeoutMs: number, ownMounts = false): Promise<NetnsRun> {
  return new Promise((resolve) => {
    const child = spawn('unshare', [...(ownMounts ? ['--mount'] : []), '--net', 'sh', '-c', setup], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(killer);
      const steps = new Map<string, Record<string, unknown>>();
      for (const line of output.split('\n')) {
        const match = /^STEP (\w+) (.*)$/.exec(line);
        if (match) steps.set(match[1]!, JSON.parse(match[2]!) as Record<string, unknown>);
      }
      resolve({ code, steps, output });
    });
  });
}
