import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from './process-cpu.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface BenchServer {
  url: string;
  /** CPU seconds the server process has used so far (Linux /proc), or null where unknown. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** Runs `args` with node from the repo root and resolves once it prints `listening on <url>`. */
async function startProcess(
  args: string[],
  env: Record<string, string>,
  cleanup = () => {},
): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 30 s:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      cleanup();
    },
  };
}

/** The same server `npm run server` starts, on loopback, rate limit off, in a throwaway data dir. */
export async function startMarquee(adminKey: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-'));
  return startProcess(
    ['--import', 'tsx', 'src/server/cli.ts'],
    {
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: adminKey,
    },
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
}

/** The ceiling: a bare Fastify answering a constant JSON body, in its own process like the server. */
export function startHelloWorld(): Promise<BenchServer> {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log('listening on ' + address);
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  return startProcess(['--input-type=module', '-e', source], {});
}
