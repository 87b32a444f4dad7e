/**
 * Reports and exports (issue 19), one bounded run over an event with 100,000 orders (150,000
 * tickets, mixed payment methods and channels, refunds, voids, people inside), over real HTTP
 * to the app listening on loopback:
 *  1. `GET /v2/reports/events/{id}`: the first call (cold: nothing of it prepared, compiled or
 *     cached yet) and the median of 5. Target ≤ 500 ms, each.
 *  2. `GET /v2/orders?format=csv&event_id=…`: every order, to the last byte. Target ≤ 500 ms.
 *  3. Memory while the CSV streams, two ways that garbage not yet collected cannot inflate:
 *     - the most the server's response held written but not yet handed to the socket
 *       (`writableLength` after each write): a streamed file holds about a chunk, a file built
 *       in memory holds all of it;
 *     - the live JS heap (used) after a forced full GC, sampled every 20 ms during a second,
 *       untimed download, less the same measure before it (GCs would slow the timed one).
 *     Target for both ≤ 0.5 × the CSV's bytes (building the file in memory costs about 2 × its
 *     bytes as a JS string, more as row objects). The server is in this process; the client
 *     counts bytes and keeps none.
 * Baseline for 1 and 2: a plain `SELECT count(*) FROM orders WHERE event_id = ?` in the same run.
 *
 *   npx tsx bench/reports.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/**
 * The most bytes any response held written but not yet handed to the socket: its
 * `writableLength` right after each write, the moment it is largest. Hooked on the HTTP server's
 * own 'request' event, beside Fastify's handler.
 */
function watchResponses(app: App): { peak: () => number; stop: () => void } {
  let peak = 0;
  const onRequest = (_req: unknown, res: ServerResponse) => {
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    res.write = ((...args: unknown[]) => {
      const ok = write(...args);
      peak = Math.max(peak, res.writableLength);
      return ok;
    }) as ServerResponse['write'];
  };
  app.server.on('request', onRequest);
  return { peak: () => peak, stop: () => app.server.off('request', onRequest) };
}

/** A full garbage collection, whether or not node was started with --expose-gc. */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * The JS heap's live objects: the rows, cells and text of a chunk. Not `external` (Buffers on
 * their way to the socket, counted by watchResponses): V8 frees their memory after the GC, on
 * its own schedule, so one GC does not make that figure steady.
 */
const liveHeap = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/** The live heap's growth at its sampled peak while `download` runs, over its level before. */
async function liveHeapGrowth(download: () => Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = Math.min(liveHeap(), liveHeap());
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveHeap());
  }, 20);
  try {
    await download();
  } finally {
    clearInterval(sampler);
  }
  return peak - before;
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
    const coldReport = reportMs[0]!;

    const csvUrl = `${url}/v2/orders?format=csv&event_id=${eventId}`;
    const buffered = watchResponses(app);
    const csvStarted = performance.now();
    const csv = await drain(csvUrl, auth);
    const csvMs = performance.now() - csvStarted;
    buffered.stop();
    if (csv.lines !== orderCount + 1)
      throw new Error(`CSV had ${csv.lines} lines, expected ${orderCount + 1}`);
    const heapGrowth = await liveHeapGrowth(() => drain(csvUrl, auth));
    const vsCsv = (bytes: number) => ({
      unit: 'bytes',
      baseline: csv.bytes,
      ratio: bytes / csv.bytes,
      target: '≤ 0.5 × the CSV',
      met: bytes <= 0.5 * csv.bytes,
    });
    const againstCount = (ms: number) => ({
      value: Math.round(ms),
      unit: 'ms',
      baseline: Number(baseline.toFixed(2)),
      ratio: ms / baseline,
      target: `≤ ${targetMs} ms`,
      met: ms <= targetMs,
    });

    // Names stay the same from run to run (compare-commits.ts pairs figures by name): the
    // measured sizes are in the baselines, not the names.
    return [
      {
        name: `event report over HTTP, ${orderCount.toLocaleString('en')} orders, median of 5 (baseline: SELECT count(*) of the event's orders)`,
        ...againstCount(report),
      },
      {
        name: `event report over HTTP, ${orderCount.toLocaleString('en')} orders, first call (cold) (baseline: SELECT count(*) of the event's orders)`,
        ...againstCount(coldReport),
      },
      {
        name: `orders CSV over HTTP, every row (${orderCount.toLocaleString('en')} orders) to the last byte (baseline: SELECT count(*))`,
        ...againstCount(csvMs),
      },
      {
        name: `orders CSV: most bytes the server's response held unsent (writableLength) (baseline: the CSV's size)`,
        value: buffered.peak(),
        ...vsCsv(buffered.peak()),
      },
      {
        name: `orders CSV: live JS heap growth (used, after a forced GC) while it streamed (baseline: the CSV's size)`,
        value: Math.max(0, heapGrowth),
        ...vsCsv(Math.max(0, heapGrowth)),
      },
      {
        name: `seeding ${orderCount.toLocaleString('en')} orders with SQL, one transaction (setup, not a target)`,
        value: Math.round(seedMs),
        unit: 'ms',
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
