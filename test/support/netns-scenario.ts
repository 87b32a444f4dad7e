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
 * Shell for a fresh network namespace: loopback, and a veth pair (this kernel has no `dummy` link
 * type) with 10.99.0.1 and 10.99.0.2, addresses that exist nowhere else, and a multicast route
 * that exists only inside it. Two servers on the two ends hear each other's mDNS.
 */
export const vethPairSetup = [
  'ip link set lo up',
  'ip link add v0 type veth peer name v1',
  'ip addr add 10.99.0.1/24 dev v0',
  'ip addr add 10.99.0.2/24 dev v1',
  'ip link set v0 up',
  'ip link set v1 up',
  'ip route add 224.0.0.0/4 dev v0',
].join(' && ');

/** Fails the test (never skips it) where a network namespace with a veth pair cannot be made. */
export function requireVethNamespace(): void {
  const probe = spawnSync('unshare', ['--net', 'sh', '-c', 'ip link add v0 type veth peer name v1'], {
    encoding: 'utf8',
  });
  if (probe.status !== 0)
    throw new Error(
      `this test needs 'unshare --net' and 'ip link add … type veth' (root or user namespaces): ` +
        `${probe.stderr?.trim() || probe.error?.message}`,
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
