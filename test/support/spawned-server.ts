import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect } from 'vitest';
import { buildServerBundle } from '../../scripts/server-bundle.mjs';
import { adminSecret } from './test-app.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let bundle: Promise<string> | undefined;

/**
 * The server built (cli.mjs, its worker and chunks), once per test process, the way `npm run server`
 * runs it. It starts in about a second, where the TypeScript transform took 5–7 s on a busy
 * 2-core machine: what a test that restarts the server many times needs. Kept under out/ so its
 * packages resolve from the project's node_modules, in a folder of this process's own (the bundle
 * starts its crypto threads from a module beside it); removeServerBundle() deletes it.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const outfile = join(repoRoot, 'out', 'test-server', String(process.pid), 'cli.mjs');
    await buildServerBundle(outfile);
    return outfile;
  })();
  return bundle;
}

/** Deletes this process's server bundle (a test file's afterAll). */
export async function removeServerBundle(): Promise<void> {
  if (!bundle) return;
  const outfile = await bundle;
  bundle = undefined;
  rmSync(dirname(outfile), { recursive: true, force: true });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed on stdout and stderr, for failure messages and log greps. */
  output(): string;
  /** What it printed on stderr alone (where Node and V8 report an abort or a crash). */
  stderr(): string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface SpawnedServer extends ServerProcess {
  url: string;
  /** SIGTERM and wait: the graceful path. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait: no shutdown code runs. */
  kill9(): Promise<void>;
}

/** A port that was free a moment ago: listen on 0, read it, close. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/**
 * The real headless server (src/server/cli.ts) as a child process on 127.0.0.1, not yet waited
 * for. It runs as `node --import tsx` rather than through the `tsx` CLI, because the CLI forks a
 * second process: a signal sent to it would not reach the actual server alone. Only the given
 * MARQUEE_* settings reach it, whatever the machine running the tests has set.
 */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  /** A built server (serverBundle()) to run instead of the TypeScript sources. */
  bundlePath?: string,
  /** The `node` to run it with; the one running the tests unless given. */
  node: string = process.execPath,
): ServerProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('MARQUEE_')),
  );
  const args = bundlePath ? [bundlePath] : ['--import', 'tsx', 'src/server/cli.ts'];
  const child = spawn(node, args, {
    cwd: repoRoot,
    env: {
      ...inherited,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: adminSecret,
      MARQUEE_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, stderr: () => stderr, exited };
}

/**
 * The spawned server, once it has printed `listening on <url>` (25 s at most). `bundled` runs the
 * built server (serverBundle()), for tests that start it many times; `node` runs it on another
 * Node than the one running the tests.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  { bundled = false, node }: { bundled?: boolean; node?: string } = {},
): Promise<SpawnedServer> {
  const server = startServerProcess(dataDir, env, bundled ? await serverBundle() : undefined, node);
  const { child, output } = server;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 25 s:\n${output()}`)), 25_000);
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output()}`));
    });
  });

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await server.exited;
  };
  return { ...server, url, stop: () => signal('SIGTERM'), kill9: () => signal('SIGKILL') };
}

/**
 * Starts the real server where it is expected to refuse to start, and waits for it to exit
 * (bounded). Answers its exit code and everything it printed; a server that starts listening
 * instead is stopped and reported as such.
 */
export async function startExpectingRefusal(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 25_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: adminSecret,
      MARQUEE_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server neither exited nor listened in ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', () => {
      if (!/listening on/.test(stdout)) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`server started although it should have refused:\n${stdout}${stderr}`));
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, stdout, stderr };
}

/** fetch against the spawned server with the admin key and JSON. */
export function api(base: string, path: string, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminSecret}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A published event with one tier, made over HTTP. */
export async function httpSaleEvent(
  base: string,
  quantity: number,
): Promise<{ eventId: string; tierId: string }> {
  const created = await api(base, '/v2/events', 'POST', {
    title: 'Night show',
    venue: 'Main hall',
    doors_at: '2030-12-24T19:00:00+00:00',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity }],
  });
  if (created.status !== 200) throw new Error(`event: ${created.status} ${await created.text()}`);
  const event = (await created.json()) as { id: string };
  const published = await api(base, `/v2/events/${event.id}/publish`, 'POST');
  if (published.status !== 200) throw new Error(`publish: ${published.status}`);
  const tiers = (await (await api(base, `/v2/events/${event.id}/tiers`)).json()) as {
    data: { id: string }[];
  };
  return { eventId: event.id, tierId: tiers.data[0]!.id };
}

/** What a kill -9 test holds between its steps: the server process it started and its data dir. */
export interface KilledAfterEach {
  server: SpawnedServer | undefined;
  dataDir: string | undefined;
}

/**
 * For tests that kill the real server and start it again on the same store: after each test the
 * server (if still up) gets SIGKILL and the data dir is deleted, whatever the test got to.
 */
export function killedAfterEach(): KilledAfterEach {
  const run: KilledAfterEach = { server: undefined, dataDir: undefined };
  afterEach(async () => {
    await run.server?.kill9();
    if (run.dataDir) rmSync(run.dataDir, { recursive: true, force: true });
    run.server = undefined;
    run.dataDir = undefined;
  });
  return run;
}

/** The JSON of a 200 answer; any other status fails the test with the answer's body. */
export async function okJson<T>(res: Promise<Response>): Promise<T> {
  const answer = await res;
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  return JSON.parse(text) as T;
}
