/**
 * The out-of-date paper passes read (`GET /v2/events/{id}/outdated_passes`, docs/api.md), one
 * bounded run (~20 s): an event page asks it once on open and again every minute while anyone is
 * listed, and it runs on the server's event loop, so its cost is time every door and till waits.
 *
 * A store seeded with SQL (bench/seed-store.ts): orders of 2 tickets on a paper tier, each order's
 * confirmation mailed, then the doors moved three days later through the API, so every order is
 * listed (the worst case). Timed over real HTTP on loopback, then with a quarter of the tickets
 * reprinted after the move (their orders still listed for the other ticket; each ticket's reprint
 * is one index probe of `ticket_prints`), then once the box office has mailed every order again
 * but one in a hundred (what a till polls once the resend is done: the read still weighs every
 * ticket and mail of the event, and lists 1 %); the first and the last also answered in process,
 * the read's own time on the event loop without HTTP and JSON. Baseline: `GET /v2/events/{id}`
 * in the same run.
 *
 *   npx tsx bench/outdated-passes.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { newId } from '../src/server/ids.js';
import { printResults, type BenchResult } from './bench-result.js';
import { benchServerOptions } from './bench-options.js';
import { createBenchEvent, storeSeeder } from './seed-store.js';

type App = Awaited<ReturnType<typeof buildApp>>;

const adminKey = 'sk_live_benchoutdatedpasses00000001';
const sizes = [5_000, 20_000];
const readsPerSize = 9;
const hourMs = 3_600_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `orders` orders of 2 tickets, each mailed an hour ago; returns the tickets' ids. */
function seed(app: App, eventId: string, tierId: string, orders: number): string[] {
  const seeder = storeSeeder(app);
  const at = Date.now() - 2 * hourMs;
  const insertMail = app.ctx.db.prepare(
    `INSERT INTO mail_outbox (id, to_email, subject, text_body, status, next_attempt_at, created_at, sent_at, kind, ref)
     VALUES (?, ?, 'Your tickets', '', 'sent', ?, ?, ?, 'order_confirmation', ?)`,
  );
  app.ctx.db.transaction(() => {
    for (let i = 0; i < orders; i++) {
      const email = `buyer${i}@example.com`;
      const orderId = seeder.order({
        eventId,
        status: 'paid',
        buyerName: `Buyer ${i}`,
        buyerEmail: email,
        totalCents: 5000,
        refundedCents: 0,
        paymentMethod: 'card',
        channel: 'api',
        at,
      });
      for (let k = 0; k < 2; k++) {
        seeder.ticket({
          orderId,
          eventId,
          tierId,
          name: `Guest ${i}-${k}`,
          email,
          status: 'active',
          inside: 0,
          priceCents: 2500,
          at,
        });
      }
      insertMail.run(newId('mail'), email, at, at, at + hourMs, orderId);
    }
  })();
  return app.ctx.db
    .prepare('SELECT id FROM tickets WHERE event_id = ? ORDER BY seq')
    .pluck()
    .all(eventId) as string[];
}

/** Records a reprint (as POST /v2/tickets/{id}/reprint does) of every fourth ticket, now. */
function reprintQuarter(app: App, ticketIds: string[]): number {
  const insert = app.ctx.db.prepare('INSERT INTO ticket_prints (ticket_id, printed_at) VALUES (?, ?)');
  const at = Date.now();
  let printed = 0;
  app.ctx.db.transaction(() => {
    for (let i = 0; i < ticketIds.length; i += 4, printed++) insert.run(ticketIds[i], at);
  })();
  return printed;
}

/** Mails every order's confirmation again after the move, but one in a hundred; answers how many stay listed. */
function resendAllBut1In100(app: App, eventId: string): number {
  const orderIds = app.ctx.db
    .prepare('SELECT id FROM orders WHERE event_id = ? ORDER BY seq')
    .pluck()
    .all(eventId) as string[];
  // To the buyer's own address: a resend elsewhere leaves the order listed.
  const insertMail = app.ctx.db.prepare(
    `INSERT INTO mail_outbox (id, to_email, subject, text_body, status, next_attempt_at, created_at, sent_at, kind, ref)
     SELECT ?, buyer_email, 'Your tickets', '', 'sent', ?, ?, ?, 'order_confirmation', id FROM orders WHERE id = ?`,
  );
  const at = Date.now();
  app.ctx.db.transaction(() => {
    orderIds.forEach((orderId, i) => {
      if (i % 100 !== 0) insertMail.run(newId('mail'), at, at, at, orderId);
    });
  })();
  return Math.ceil(orderIds.length / 100);
}

/** The read's own work on the event loop, without HTTP and JSON: the answer worked out in process. */
function timeInProcess(app: App, eventId: string): number[] {
  const ms: number[] = [];
  for (let i = 0; i <= readsPerSize; i++) {
    const started = performance.now();
    app.ctx.outdatedPasses.forEvent(eventId);
    if (i > 0) ms.push(performance.now() - started);
  }
  return ms;
}

interface Timing {
  ms: number[];
  bytes: number;
  listed: number;
}

async function timeReads(url: string, path: string): Promise<Timing> {
  const headers = { authorization: `Bearer ${adminKey}` };
  const ms: number[] = [];
  let bytes = 0;
  let listed = 0;
  // The first read warms the statements and the page cache; it is not counted.
  for (let i = 0; i <= readsPerSize; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    if (i === 0) continue;
    ms.push(elapsed);
    bytes = Buffer.byteLength(text);
    const body = JSON.parse(text) as { orders?: unknown[] };
    listed = body.orders?.length ?? 0;
  }
  return { ms, bytes, listed };
}

async function measureSize(orders: number): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-outdated-'));
  const app = await buildApp(benchServerOptions(dataDir, adminKey));
  try {
    const { eventId, tierIds } = await createBenchEvent(
      app,
      adminKey,
      {
        title: 'Postponed show',
        venue: 'Main hall',
        doors_at: new Date(Date.now() + 2 * 24 * hourMs).toISOString(),
        capacity: orders * 2 + 10,
        tickets: [{ name: 'GA', price_cents: 2500, quantity: orders * 2 + 10 }],
      },
      { publish: true },
    );
    const ticketIds = seed(app, eventId, tierIds[0]!, orders);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/v2/events/${eventId}`,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ doors_at: new Date(Date.now() + 5 * 24 * hourMs).toISOString() }),
    });
    if (moved.statusCode !== 200) throw new Error(`moving the doors: ${moved.statusCode} ${moved.body}`);
    app.ctx.db.pragma('optimize');
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const baseline = await timeReads(url, `/v2/events/${eventId}`);
    const all = await timeReads(url, `/v2/events/${eventId}/outdated_passes`);
    const allInProcess = timeInProcess(app, eventId);
    if (all.listed !== orders)
      throw new Error(`expected ${orders} orders listed, the server listed ${all.listed}`);
    const printed = reprintQuarter(app, ticketIds);
    const afterPrints = await timeReads(url, `/v2/events/${eventId}/outdated_passes`);
    const stillListed = resendAllBut1In100(app, eventId);
    const afterResend = await timeReads(url, `/v2/events/${eventId}/outdated_passes`);
    const afterResendInProcess = timeInProcess(app, eventId);
    if (afterResend.listed !== stillListed)
      throw new Error(
        `expected ${stillListed} orders listed after the resend, the server listed ${afterResend.listed}`,
      );
    const baseMs = median(baseline.ms);
    const label = `${orders.toLocaleString('en')} orders of 2 tickets`;
    const inProcess = (what: string, ms: number[]): BenchResult => ({
      name: `outdated_passes answered in process (no HTTP, no JSON), ${label}, ${what}, median of ${ms.length} (max ${Math.max(...ms).toFixed(0)} ms); baseline GET /v2/events/{id}`,
      value: Number(median(ms).toFixed(1)),
      unit: 'ms',
      baseline: Number(baseMs.toFixed(2)),
      ratio: median(ms) / baseMs,
    });
    return [
      {
        name: `outdated_passes, ${label}, every order listed (${Math.round(all.bytes / 1024).toLocaleString('en')} kB), median of ${all.ms.length} (max ${Math.max(...all.ms).toFixed(0)} ms); baseline GET /v2/events/{id}`,
        value: Number(median(all.ms).toFixed(1)),
        unit: 'ms',
        baseline: Number(baseMs.toFixed(2)),
        ratio: median(all.ms) / baseMs,
      },
      {
        name: `outdated_passes, ${label}, ${printed.toLocaleString('en')} tickets reprinted since the move, median of ${afterPrints.ms.length} (max ${Math.max(...afterPrints.ms).toFixed(0)} ms); baseline GET /v2/events/{id}`,
        value: Number(median(afterPrints.ms).toFixed(1)),
        unit: 'ms',
        baseline: Number(baseMs.toFixed(2)),
        ratio: median(afterPrints.ms) / baseMs,
      },
      {
        name: `outdated_passes, ${label}, all but ${stillListed.toLocaleString('en')} orders mailed again since the move, median of ${afterResend.ms.length} (max ${Math.max(...afterResend.ms).toFixed(0)} ms); baseline GET /v2/events/{id}`,
        value: Number(median(afterResend.ms).toFixed(1)),
        unit: 'ms',
        baseline: Number(baseMs.toFixed(2)),
        ratio: median(afterResend.ms) / baseMs,
      },
      inProcess('every order listed', allInProcess),
      inProcess(`all but ${stillListed.toLocaleString('en')} mailed again`, afterResendInProcess),
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const orders of sizes) results.push(...(await measureSize(orders)));
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run()
    .then((results) => printResults('Out-of-date paper passes after a postponement', results))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
