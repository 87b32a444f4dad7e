/**
 * Reports and exports (issue 19), one bounded run over an event with 100,000 orders (150,000
 * tickets, mixed payment methods and channels, refunds, voids, people inside), over real HTTP
 * to the app listening on loopback:
 *  1. `GET /v2/reports/events/{id}`: the median of 5 (the first, cold, printed beside it).
 *     Target ≤ 500 ms.
 *  2. `GET /v2/orders?format=csv&event_id=…`: every order, to the last byte. Target ≤ 500 ms.
 *  3. Memory during that download: the process's RSS growth (the server is in this process; the
 *     client counts bytes and keeps none), sampled every 5 ms, against the size of the CSV.
 *     Streamed, it stays flat: target ≤ 0.5 × the CSV's bytes (building the file in memory would
 *     cost about 2 × its bytes as a JS string, more as row objects). The heap's growth is printed
 *     too; it counts garbage not yet collected, so it is not the target.
 * Baseline for 1 and 2: a plain `SELECT count(*) FROM orders WHERE event_id = ?` in the same run.
 *
 *   npx tsx bench/reports.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { newId } from '../src/server/ids.js';
import { benchServerOptions } from './bench-options.js';
import { printResults, type BenchResult } from './bench-result.js';
import { createBenchEvent, storeSeeder } from './seed-store.js';

const adminKey = 'sk_live_benchreports00000000000000001';
const orderCount = 100_000;
const targetMs = 500;
const methods = ['card', 'card', 'cash', 'external', 'comp'] as const;
const channels = ['till', 'till', 'kiosk', 'api'] as const;

type App = Awaited<ReturnType<typeof buildApp>>;

/** Orders, tickets and attendees written with SQL in one transaction (bench/seed-store.ts). */
function seed(app: App, eventId: string, tierIds: readonly string[]): void {
  const { db } = app.ctx;
  const seeder = storeSeeder(app);
  const start = Date.now() - 6 * 60 * 60 * 1000;
  const insertRefund = db.prepare(
    `INSERT INTO refunds (id, order_id, ticket_id, amount_cents, reason, created_at) VALUES (?, ?, NULL, ?, 'requested', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < orderCount; i++) {
      const method = methods[i % methods.length]!;
      const units = 1 + (i % 2);
      const tier = i % 3 === 0 ? 1 : 0;
      const price = method === 'comp' ? 0 : tier === 0 ? 2500 : 1000;
      const total = price * units;
      const refunded = total > 0 && i % 40 === 1 ? 500 : 0;
      // Six hours of sales, a name with a comma now and then.
      const at = start + Math.floor((i / orderCount) * 6 * 60 * 60 * 1000);
      const name = i % 10 === 0 ? `Smith, Guest ${i}` : `Guest ${i}`;
      const email = `guest${i}@example.com`;
      const orderId = seeder.order({
        eventId,
        status: refunded > 0 ? 'partially_refunded' : 'paid',
        buyerName: name,
        buyerEmail: email,
        totalCents: total,
        refundedCents: refunded,
        paymentMethod: method,
        channel: channels[i % channels.length]!,
        at,
      });
      if (refunded > 0) insertRefund.run(newId('refund'), orderId, refunded, at);
      for (let k = 0; k < units; k++) {
        const status = i % 97 === 3 ? 'voided' : 'active';
        const inside = status === 'active' && i % 3 === 0 ? 1 : 0;
        seeder.ticket({
          orderId,
          eventId,
          tierId: tierIds[tier]!,
          name,
          email,
          status,
          inside,
          priceCents: price,
          at,
        });
      }
    }
  })();
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Downloads to the last byte, keeping nothing but a count, so the client's memory does not count. */
function drain(url: string, headers: Record<string, string>): Promise<{ bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve({ bytes, lines }) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-reports-'));
  const app = await buildApp(benchServerOptions(dataDir, adminKey));
  try {
    const auth = { authorization: `Bearer ${adminKey}` };
    const { eventId, tierIds } = await createBenchEvent(app, adminKey, {
      title: 'Reports 100k',
      venue: 'Main hall',
      doors_at: '2030-12-24T19:00:00+00:00',
      tickets: [
        { name: 'Stalls', price_cents: 2500, quantity: 300_000 },
        { name: 'Balcony', price_cents: 1000, quantity: 300_000 },
      ],
    });
    const seedStarted = performance.now();
    seed(app, eventId, tierIds);
    const seedMs = performance.now() - seedStarted;
    app.ctx.db.pragma('optimize');
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const countStmt = app.ctx.db.prepare('SELECT count(*) FROM orders WHERE event_id = ?').pluck();
    const countMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      if (countStmt.get(eventId) !== orderCount) throw new Error('seeding went wrong');
      countMs.push(performance.now() - started);
    }
    const baseline = median(countMs);

    const reportMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/v2/reports/events/${eventId}`, { headers: auth });
      const body = (await res.json()) as { totals: { orders: number } };
      reportMs.push(performance.now() - started);
      if (body.totals.orders !== orderCount) throw new Error(`report counted ${body.totals.orders} orders`);
    }
    const report = median(reportMs);

    // Memory: settle, sample while the CSV streams, compare the peak with where it started.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 5);
    const csvStarted = performance.now();
    const csv = await drain(`${url}/v2/orders?format=csv&event_id=${eventId}`, auth);
    const csvMs = performance.now() - csvStarted;
    clearInterval(sampler);
    if (csv.lines !== orderCount + 1)
      throw new Error(`CSV had ${csv.lines} lines, expected ${orderCount + 1}`);
    const heapGrowth = peakHeap - before.heapUsed;
    const rssGrowth = peakRss - before.rss;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

    return [
      {
        name: `event report over HTTP, ${orderCount.toLocaleString('en')} orders, median of 5 (first ${Math.round(reportMs[0]!)} ms; baseline: SELECT count(*) of the event's orders; seeding took ${Math.round(seedMs)} ms)`,
        value: Math.round(report),
        unit: 'ms',
        baseline: Number(baseline.toFixed(2)),
        ratio: report / baseline,
        target: `≤ ${targetMs} ms`,
        met: report <= targetMs,
      },
      {
        name: `orders CSV over HTTP, every row (${orderCount.toLocaleString('en')} orders, ${mb(csv.bytes)} MB) to the last byte (baseline: SELECT count(*))`,
        value: Math.round(csvMs),
        unit: 'ms',
        baseline: Number(baseline.toFixed(2)),
        ratio: csvMs / baseline,
        target: `≤ ${targetMs} ms`,
        met: csvMs <= targetMs,
      },
      {
        name: `RSS growth while the ${mb(csv.bytes)} MB CSV streamed (heap grew ${mb(heapGrowth)} MB, uncollected garbage included; baseline: the CSV's size)`,
        value: Math.max(0, rssGrowth),
        unit: 'bytes',
        baseline: csv.bytes,
        ratio: Math.max(0, rssGrowth) / csv.bytes,
        target: '≤ 0.5 × the CSV',
        met: rssGrowth <= 0.5 * csv.bytes,
      },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => printResults('Reports and CSV exports', results))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
