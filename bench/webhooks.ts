/**
 * Webhooks (issue 5), in one bounded run (well under 60 s):
 *  1. Drain: 10,000 queued messages to a local receiver → deliveries/s (target ≥ 1,000/s).
 *     The backlog is written by the real Outbox (the server's own code, workers off), then the
 *     real server starts in its own process and its dispatcher sends everything to a receiver
 *     in this process, over keep-alive HTTP on 127.0.0.1.
 *  2. Checkout rate without and with an enabled endpoint (target: the outbox costs ≤ 10 %),
 *     measured in turn in the same server, 10 autocannon connections, 1.5 s windows, 6 rounds:
 *     with the receiver down (the outbox alone) and live (outbox plus sending). Besides the
 *     rate, the server's own CPU time per checkout (from /proc), which other load on the
 *     machine disturbs less. While checkouts saturate the server, sending is held to a small
 *     budget (src/server/webhooks/send-budget.ts), so the run also prints what the rush left
 *     queued and how long that took to go out once it ended.
 *
 *   npx tsx bench/webhooks.ts
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { optionsFromEnv } from '../src/server/config.js';
import { serverAction } from '../src/server/domain/action-context.js';
import { inTransaction } from '../src/server/store/db.js';
import { printResults, type BenchResult } from './bench-result.js';
import { processCpuSeconds } from './process-cpu.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const adminKey = 'sk_live_benchadminkey000000000000001';
const backlog = 10_000;

interface Receiver {
  port: number;
  count: number;
  firstAt: number;
  lastAt: number;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const state = { port: 0, count: 0, firstAt: 0, lastAt: 0 } as Receiver;
  state.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const now = performance.now();
      if (state.count === 0) state.firstAt = now;
      state.count++;
      state.lastAt = now;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => state.server.listen(0, '127.0.0.1', () => r()));
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

interface MarqueeProcess {
  url: string;
  /** CPU seconds the server process has used so far (Linux /proc), or null where unknown. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<MarqueeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      MARQUEE_HOST: '127.0.0.1',
      MARQUEE_PORT: '0',
      MARQUEE_MDNS: '0',
      MARQUEE_RATE_LIMIT: '0',
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_ADMIN_KEY: adminKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" in 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
  return {
    url,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };

async function call<T>(base: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A realistic order.created object (two tickets), so each delivery carries ~1.5 KB. */
function sampleOrder(i: number): Record<string, unknown> {
  const ticket = (n: number) => ({
    id: `tik_bench${i}x${n}`,
    order_id: `ord_bench${i}`,
    event_id: 'evt_bench',
    tier_id: 'tkt_bench',
    attendee_id: `atd_bench${i}x${n}`,
    status: 'active',
    scan_count: 0,
    wallet_url: `http://venue.test/wallet/tik_bench${i}x${n}?s=${'x'.repeat(32)}`,
    qr_token: 'e'.repeat(300),
    issued_at: new Date().toISOString(),
    transferred_from: null,
    transferred_to: null,
  });
  return {
    id: `ord_bench${i}`,
    event_id: 'evt_bench',
    status: 'paid',
    buyer: { name: `Buyer ${i}`, email: `b${i}@example.com` },
    total_cents: 5000,
    refunded_cents: 0,
    currency: 'usd',
    payment_method: 'card',
    tickets: [ticket(1), ticket(2)],
    created_at: new Date().toISOString(),
  };
}

/** 1. The backlog is queued with the server's own code, then a real server drains it. */
async function drain(receiver: Receiver): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-webhooks-'));
  try {
    const seeding = await buildApp({
      ...optionsFromEnv({
        MARQUEE_DATA_DIR: dataDir,
        MARQUEE_ADMIN_KEY: adminKey,
        MARQUEE_LOG_LEVEL: 'warn',
      }),
      workers: false,
      mdns: false,
    });
    await seeding.ctx.webhooks.endpoints.create(serverAction(), {
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      events: ['*'],
    });
    inTransaction(seeding.ctx.db, () => {
      for (let i = 0; i < backlog; i++) seeding.ctx.outbox.emit('order.created', sampleOrder(i));
    });
    await seeding.close();

    receiver.count = 0;
    const server = await startServer(dataDir);
    const started = performance.now();
    const deadline = Date.now() + 30_000;
    while (receiver.count < backlog && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const all = performance.now() - started;
    let queued = -1;
    for (let i = 0; i < 50 && queued !== 0; i++) {
      queued = (await call<{ queued: number }>(server.url, '/v2/webhooks/status')).queued;
      if (queued !== 0) await new Promise((r) => setTimeout(r, 50));
    }
    await server.stop();
    if (receiver.count < backlog) throw new Error(`only ${receiver.count} of ${backlog} delivered in 30 s`);
    const rate = (receiver.count - 1) / ((receiver.lastAt - receiver.firstAt) / 1000);
    return [
      {
        name: `drain ${backlog} queued messages`,
        value: Math.round(rate),
        unit: 'deliveries/s',
        target: '≥ 1000 deliveries/s',
        met: rate >= 1000,
      },
      { name: 'drain: server start → last delivery', value: Math.round(all), unit: 'ms' },
      { name: 'drain: queue empty afterwards', value: queued, unit: 'queued' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Window {
  /** Checkouts per second. */
  rate: number;
  /** Server CPU per checkout (µs), from /proc; null off Linux. */
  cpuUs: number | null;
}

/** One measurement window: the rate autocannon saw, and the server CPU each checkout took. */
async function checkoutWindow(server: MarqueeProcess, body: string, seconds: number): Promise<Window> {
  const cpuBefore = server.cpuSeconds();
  const result = await autocannon({
    url: `${server.url}/v2/orders`,
    method: 'POST',
    headers,
    body,
    connections: 10,
    duration: seconds,
  });
  const cpuAfter = server.cpuSeconds();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`checkout: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const orders = result.requests.total;
  return {
    rate: orders / (result.duration || seconds),
    cpuUs: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / orders,
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Mode = 'none' | 'queued' | 'live';

/**
 * 2. One server, three set-ups measured in turn, round after round, so that drift (a growing
 * store, other work on the machine) hits all alike; the cost is the median of each round's ratio.
 * - none: no enabled endpoint.
 * - queued: an enabled endpoint whose receiver is down: each order also writes its message's
 *   delivery row (the outbox cost proper); the dispatcher only probes.
 * - live: an enabled endpoint with a live receiver: the outbox plus sending every message,
 *   on the same event loop as the checkouts.
 */
async function checkoutOverhead(receiver: Receiver): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-checkout-'));
  const server = await startServer(dataDir);
  try {
    const event = await call<{ id: string }>(server.url, '/v2/events', 'POST', {
      title: 'Bench night',
      venue: 'Main hall',
      doors_at: '2030-12-24T19:00:00+00:00',
      tickets: [{ name: 'General admission', price_cents: 2500, quantity: 1_000_000 }],
    });
    await call(server.url, `/v2/events/${event.id}/publish`, 'POST', {});
    const tiers = await call<{ data: { id: string }[] }>(server.url, `/v2/events/${event.id}/tiers`);
    const body = JSON.stringify({
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
      payment_method: 'card',
    });
    const endpointTo = async (url: string) =>
      (await call<{ id: string }>(server.url, '/v2/webhook_endpoints', 'POST', { url, events: ['*'] })).id;
    const live = await endpointTo(`http://127.0.0.1:${receiver.port}/hooks`);
    const down = await endpointTo(`http://127.0.0.1:${await closedPort()}/hooks`);
    const set = (id: string, on: boolean) =>
      call(server.url, `/v2/webhook_endpoints/${id}`, 'PATCH', { status: on ? 'enabled' : 'disabled' });
    const use = async (mode: Mode) => {
      await set(live, mode === 'live');
      await set(down, mode === 'queued');
    };

    await use('none');
    await checkoutWindow(server, body, 1); // warm-up
    const windows: Record<Mode, Window[]> = { none: [], queued: [], live: [] };
    receiver.count = 0;
    const modes = ['none', 'queued', 'live'] as const;
    for (let round = 0; round < 6; round++) {
      // Each round starts with another set-up, so no one always runs first (or right after the
      // live receiver's backlog).
      for (let k = 0; k < modes.length; k++) {
        const mode = modes[(round + k) % modes.length]!;
        await use(mode);
        windows[mode].push(await checkoutWindow(server, body, 1.5));
      }
    }
    if (process.env.BENCH_VERBOSE)
      for (const mode of ['none', 'queued', 'live'] as const)
        console.log(
          mode,
          windows[mode].map((w) => `${Math.round(w.rate)}/s ${Math.round(w.cpuUs ?? 0)}µs`).join('  '),
        );
    const pct = (x: number) => Math.round(x * 1000) / 10;
    const rate = (mode: Mode) => median(windows[mode].map((w) => w.rate));
    const rateCost = (mode: Mode) => median(windows[mode].map((w, i) => 1 - w.rate / windows.none[i]!.rate));
    const cpu = (mode: Mode) => median(windows[mode].map((w) => w.cpuUs ?? NaN));
    // Each round's ratio, so that drift between rounds cancels out.
    const cpuCost = (mode: Mode) =>
      median(windows[mode].map((w, i) => (w.cpuUs ?? NaN) / windows.none[i]!.cpuUs! - 1));
    const rows: BenchResult[] = [
      { name: 'POST /v2/orders, no endpoint', value: Math.round(rate('none')), unit: 'req/s' },
      {
        name: 'POST /v2/orders, endpoint enabled, receiver down',
        value: Math.round(rate('queued')),
        unit: 'req/s',
      },
      {
        name: 'POST /v2/orders, endpoint enabled, receiver live',
        value: Math.round(rate('live')),
        unit: 'req/s',
      },
      {
        name: 'outbox cost: checkout rate lost, receiver down',
        value: pct(rateCost('queued')),
        unit: '%',
        target: '≤ 10 %',
        met: rateCost('queued') <= 0.1,
      },
      {
        name: 'outbox + sending: checkout rate lost, receiver live',
        value: pct(rateCost('live')),
        unit: '%',
        target: '≤ 10 %',
        met: rateCost('live') <= 0.1,
      },
    ];
    if (!Number.isNaN(cpu('none'))) {
      rows.push(
        { name: 'server CPU per checkout, no endpoint', value: Math.round(cpu('none')), unit: 'µs' },
        {
          name: 'server CPU per checkout, receiver down (outbox)',
          value: Math.round(cpu('queued')),
          unit: 'µs',
          baseline: Math.round(cpu('none')),
          ratio: 1 + cpuCost('queued'),
          target: '≤ 1.1 ×',
          met: cpuCost('queued') <= 0.1,
        },
        {
          name: 'server CPU per checkout, receiver live (outbox + sending)',
          value: Math.round(cpu('live')),
          unit: 'µs',
          baseline: Math.round(cpu('none')),
          ratio: 1 + cpuCost('live'),
        },
      );
    }
    rows.push({ name: 'webhooks received during the "live" runs', value: receiver.count, unit: 'requests' });
    // The other side of the budget: what the rush left queued, and how soon it went out after.
    await use('live');
    const liveQueued = async () =>
      (
        await call<{ endpoints: { id: string; queued: number }[] }>(server.url, '/v2/webhooks/status')
      ).endpoints.find((e) => e.id === live)!.queued;
    const backlogAtEnd = await liveQueued();
    const rushEnded = performance.now();
    let queued = backlogAtEnd;
    while (queued > 0 && performance.now() - rushEnded < 60_000) {
      await new Promise((r) => setTimeout(r, 100));
      queued = await liveQueued();
    }
    if (queued > 0) throw new Error(`${queued} deliveries still queued 60 s after the rush`);
    rows.push(
      {
        name: 'deliveries held back by the rush (send budget), queued at its end',
        value: backlogAtEnd,
        unit: 'deliveries',
      },
      {
        name: 'that backlog delivered, after the rush ended',
        value: Math.round(performance.now() - rushEnded),
        unit: 'ms',
      },
    );
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A port on 127.0.0.1 with nothing listening: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

export async function run(): Promise<BenchResult[]> {
  const receiver = await startReceiver();
  try {
    return [...(await drain(receiver)), ...(await checkoutOverhead(receiver))];
  } finally {
    await new Promise((r) => receiver.server.close(r));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  run()
    .then((rows) => {
      printResults('webhooks', rows);
      console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
