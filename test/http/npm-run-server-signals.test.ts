import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { shutdownDeadlineMs } from '../../src/server/shutdown.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-npm-signals-'));
const started: number[] = [];
afterAll(() => {
  // Whatever a failed run left behind: only the processes this test started.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The parent pid and state of a live process, from /proc; null when it is gone or a zombie. */
function procStat(pid: number): { ppid: number; state: string } | null {
  try {
    // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : { ppid: Number(ppid), state: state! };
  } catch {
    return null;
  }
}

/** The process and all its descendants, as /proc shows them now. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = procStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

async function until<T>(what: string, ms: number, probe: () => T | undefined): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(process.platform !== 'linux')('SIGTERM to `npm run server`', () => {
  it('stops every process below npm within the shutdown deadline and removes marquee.pid', async () => {
    const npm = spawn('npm', ['run', 'server'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        MARQUEE_HOST: '127.0.0.1',
        MARQUEE_PORT: '48101',
        MARQUEE_DATA_DIR: dataDir,
        MARQUEE_MDNS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const npmExited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    started.push(npm.pid!);

    // The first run may rebuild the server bundle.
    await until('listening on', 90_000, () => (/listening on/.test(output) ? true : undefined)).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${output}`);
      },
    );
    const tree = processTree(npm.pid!);
    started.push(...tree);
    // npm, its shell, supported-node.mjs and the server (server.mjs runs it in its own process).
    expect(tree.length).toBeGreaterThanOrEqual(3);
    expect(existsSync(join(dataDir, 'marquee.pid'))).toBe(true);

    npm.kill('SIGTERM');
    // The server's own deadline, plus the wrapper noticing that its shell went away.
    await until('every process of the tree to exit', shutdownDeadlineMs + 3_000, () =>
      tree.every((pid) => procStat(pid) === null) ? true : undefined,
    ).catch((err: Error) => {
      const left = tree.filter((pid) => procStat(pid) !== null);
      throw new Error(`${err.message}; still running: ${left.join(', ')}\n${output}`);
    });
    await npmExited;
    expect(existsSync(join(dataDir, 'marquee.pid'))).toBe(false);
    expect(output).toMatch(/shutting down/);
  }, 150_000);
});
