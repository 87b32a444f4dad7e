/**
 * CPU time per request, not requests per second: on a loaded machine a throughput figure swings
 * with whatever else runs, but the CPU a request costs this process (process.cpuUsage: the event
 * loop, the crypto threads and SQLite together) holds steady. Builds the server in-process with
 * the bench's options (workers on, as `npm run server` runs) on a real SQLite file, then sends
 * each kind of request through app.inject, `CONCURRENCY` at a time (10, as bench/checkout.ts's
 * connections, so the group commit batches alike), and prints µs of CPU per request (and, on
 * Linux, the main thread's share alone: the steadier figure on a loaded machine) for:
 *
 *   checkout             POST /v2/orders, 1 ticket
 *   checkout-keyed       the same with an Idempotency-Key on each (as tills send it)
 *   ticket               GET /v2/tickets/{id}, one ticket again and again
 *   checkout-webhook     POST /v2/orders with a webhook endpoint taking every kind
 *
 * To set two commits side by side, copy this file into the other one's worktree and run it there
 * too, interleaved (bench/compare-commits.ts does the same for the figures). Under node's
 * `--cpu-prof`, PHASE_WINDOWS=<file> writes each phase's measured span there ({ phase: [start,
 * end] } in µs of the monotonic clock the profile's timestamps use), so a self-time table can
 * leave the start-up out (an in-process inspector session costs more than what it measures).
 *
 * With COUNT_SQL=1 it also lists the statements each kind of request runs, per request: a count
 * the load cannot move (bench/statement-counter.ts).
 *
 *   REQUESTS=3000 CONCURRENCY=10 PHASES=ticket,checkout COUNT_SQL=1 npx tsx bench/profile-requests.ts
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { benchServerOptions } from './bench-options.js';
import { mainThreadCpuSeconds } from './process-cpu.js';
import { countStatements, statementLines } from './statement-counter.js';

const adminKey = 'sk_live_benchadminkey000000000000001';
const requests = Number(process.env.REQUESTS ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 10);
const phaseNames = ['checkout', 'checkout-keyed', 'ticket', 'checkout-webhook'] as const;
type PhaseName = (typeof phaseNames)[number];
const windowsFile = process.env.PHASE_WINDOWS;
const countSql = process.env.COUNT_SQL === '1';
const chosen = new Set((process.env.PHASES?.split(',') ?? phaseNames) as PhaseName[]);

interface Injected {
  statusCode: number;
  body: string;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-profile-'));
  const app = await buildApp({ ...benchServerOptions(dataDir, adminKey), workers: true });
  const authorization = `Bearer ${adminKey}`;
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: string,
    extra: Record<string, string> = {},
  ): Promise<Injected> => {
    const headers: Record<string, string> = { authorization, ...extra };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({ method, url, payload, headers });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  try {
    const event = JSON.parse(
      (
        await send(
          'POST',
          '/v2/events',
          JSON.stringify({
            title: 'Bench night',
            venue: 'Main hall',
            doors_at: '2030-12-24T19:00:00+00:00',
            tickets: [
              { name: 'General admission', price_cents: 2500, quantity: 1_000_000, max_per_order: 100 },
            ],
          }),
        )
      ).body,
    ) as { id: string };
    await send('POST', `/v2/events/${event.id}/publish`, '{}');
    const tiers = JSON.parse((await send('GET', `/v2/events/${event.id}/tiers`)).body) as {
      data: { id: string }[];
    };
    const checkoutBody = JSON.stringify({
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
      payment_method: 'card',
    });
    const order = JSON.parse((await send('POST', '/v2/orders', checkoutBody)).body) as {
      tickets: { id: string }[];
    };
    let keyNumber = 0;
    const phases: Record<PhaseName, () => Promise<Injected>> = {
      checkout: () => send('POST', '/v2/orders', checkoutBody),
      'checkout-keyed': () =>
        send('POST', '/v2/orders', checkoutBody, { 'idempotency-key': `profile-${keyNumber++}` }),
      ticket: () => send('GET', `/v2/tickets/${order.tickets[0]!.id}`),
      'checkout-webhook': () => send('POST', '/v2/orders', checkoutBody),
    };
    const rows: string[] = [];
    const windows: Record<string, [number, number]> = {};
    const micros = () => Number(process.hrtime.bigint() / 1000n);
    for (const name of phaseNames) {
      if (name === 'checkout-webhook') {
        await send(
          'POST',
          '/v2/webhook_endpoints',
          JSON.stringify({ url: 'http://127.0.0.1:9/hooks', events: ['*'] }),
        );
      }
      if (!chosen.has(name)) continue;
      const one = phases[name];
      const batches = async (count: number) => {
        for (let sent = 0; sent < count; sent += concurrency) {
          await Promise.all(Array.from({ length: Math.min(concurrency, count - sent) }, one));
        }
      };
      await batches(Math.max(200, requests / 5));
      const statements = countSql ? countStatements(app.ctx.db) : null;
      const start = micros();
      const cpu = process.cpuUsage();
      const mainCpu = mainThreadCpuSeconds();
      const wall = process.hrtime.bigint();
      await batches(requests);
      const used = process.cpuUsage(cpu);
      const mainUsed = mainThreadCpuSeconds();
      const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
      windows[name] = [start, micros()];
      statements?.stop();
      const perRequest = (used.user + used.system) / requests;
      rows.push(
        `${name.padEnd(18)} ${perRequest.toFixed(0).padStart(6)} µs CPU/request ` +
          `(user ${(used.user / requests).toFixed(0)}, system ${(used.system / requests).toFixed(0)}; ` +
          `wall ${(wallMs / requests).toFixed(3)} ms/request)` +
          (mainCpu === null || mainUsed === null
            ? ''
            : `; main thread ${(((mainUsed - mainCpu) * 1e6) / requests).toFixed(0)} µs`),
        ...(statements ? statementLines(statements.counts, requests) : []),
      );
    }
    if (windowsFile) writeFileSync(windowsFile, JSON.stringify(windows));
    console.log(`${requests} requests each, ${concurrency} at a time`);
    for (const row of rows) console.log(row);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
