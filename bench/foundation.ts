/**
 * Foundation benchmarks (issue 2), one bounded run (~25 s on an idle 2-core machine):
 *  1. GET /v2/events/{id} (with a key) against a bare Fastify hello-world route, both served by
 *     this process and measured the same way: autocannon in a worker thread (so the load
 *     generator does not share the servers' event loop), 10 connections, a 1 s warm-up each, then
 *     BENCH_SECONDS (default 2) per measurement, two rounds alternating. Target: ≥ 0.5 × hello-world.
 *  2. Cold start of the headless server to the first 200 on /v2/health, fresh data dir each time,
 *     median of 3: as `npm run server` (the issue's target, ≤ 1 s, npm's own start-up included)
 *     and as `node --import tsx src/server/cli.ts` (the server without npm, for comparison).
 *
 *   npx tsx bench/foundation.ts
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { printResults, type BenchResult } from './bench-result.js';
import { benchServerOptions } from './bench-options.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const adminKey = 'sk_live_benchfoundation0000000000001';
const connections = 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = 2;
const coldStartRuns = 3;
const coldStartTimeoutMs = 15_000;

interface Measured {
  rps: number;
}

/** Requests per second over `duration`; any non-2xx answer fails the run (a refusal is not throughput). */
async function measure(url: string, headers: Record<string, string>, duration: number): Promise<Measured> {
  const result = await autocannon({ url, headers, connections, duration, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.average };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

async function throughput(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-fdn-'));
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const options = benchServerOptions(dataDir, adminKey);
  const marquee = await buildApp(options);
  try {
    const helloUrl = await listen(hello);
    const marqueeUrl = await listen(marquee);
    const auth = { authorization: `Bearer ${adminKey}` };
    const created = await fetch(`${marqueeUrl}/v2/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Bench night',
        venue: 'Main hall',
        doors_at: '2030-12-24T19:00:00+00:00',
        tickets: [{ name: 'General admission', price_cents: 2500 }],
      }),
    });
    if (!created.ok) throw new Error(`create event: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const eventUrl = `${marqueeUrl}/v2/events/${id}`;

    await measure(`${helloUrl}/`, {}, 1);
    await measure(eventUrl, auth, 1);
    const helloRuns: Measured[] = [];
    const eventRuns: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      helloRuns.push(await measure(`${helloUrl}/`, {}, seconds));
      eventRuns.push(await measure(eventUrl, auth, seconds));
    }
    const mean = (runs: Measured[], pick: (m: Measured) => number) =>
      runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
    const helloRps = Math.round(mean(helloRuns, (m) => m.rps));
    const eventRps = Math.round(mean(eventRuns, (m) => m.rps));
    const ratio = eventRps / helloRps;
    return [
      { name: 'hello-world (bare Fastify, same process)', value: helloRps, unit: 'req/s' },
      {
        name: 'GET /v2/events/{id} (admin key)',
        value: eventRps,
        unit: 'req/s',
        baseline: helloRps,
        ratio,
        target: '≥ 0.5 × hello-world',
        met: ratio >= 0.5,
      },
    ];
  } finally {
    await hello.close();
    await marquee.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Milliseconds from spawn to the first 200 on /v2/health, on a fresh data dir; the child is then stopped. */
async function coldStart(command: string, args: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: String(port),
      MARQUEE_MDNS: '0',
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: adminKey,
    },
    stdio: 'ignore',
    // Its own process group, so npm, sh, tsx and node all get the stop signal (npm does not pass it on).
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (performance.now() - started < coldStartTimeoutMs) {
      const ok = await fetch(`http://127.0.0.1:${port}/v2/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (child.exitCode !== null)
        throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`${command} ${args.join(' ')}: no 200 on /v2/health within ${coldStartTimeoutMs} ms`);
  } finally {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function medianColdStart(command: string, args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < coldStartRuns; i++) times.push(await coldStart(command, args));
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]!);
}

async function coldStarts(): Promise<BenchResult[]> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const viaNpm = await medianColdStart(npm, ['run', '--silent', 'server']);
  const viaNode = await medianColdStart(process.execPath, ['--import', 'tsx', 'src/server/cli.ts']);
  return [
    {
      name: 'cold start, `npm run server` → first 200 /v2/health (median of 3)',
      value: viaNpm,
      unit: 'ms',
      target: '≤ 1000 ms',
      met: viaNpm <= 1000,
    },
    {
      name: 'cold start, `node --import tsx src/server/cli.ts` (no npm; median of 3)',
      value: viaNode,
      unit: 'ms',
      target: '≤ 1000 ms',
      met: viaNode <= 1000,
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  return [...(await throughput()), ...(await coldStarts())];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => printResults('Foundation (issue 2)', results))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
