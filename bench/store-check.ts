/**
 * How long the start-up integrity check takes on a big store: builds a store with `orders`
 * one-ticket orders (default 100,000) through the real checkout, closes it, then times opening
 * it with `PRAGMA quick_check` (what every start runs) against opening it without, cold-ish
 * (after the OS cache was warmed by the build) and after dropping the file from the page cache
 * where the machine allows it.
 *
 *   npx tsx bench/store-check.ts [orders]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openStore } from '../src/server/store/db.js';
import { benchServerOptions } from './bench-options.js';

const adminKey = 'sk_live_benchadminkey000000000000001';
const orders = Number(process.argv[2] ?? 100_000);
const concurrency = 64;

async function buildStore(dataDir: string): Promise<void> {
  const app = await buildApp(benchServerOptions(dataDir, adminKey));
  try {
    const auth = { authorization: `Bearer ${adminKey}` };
    const created = await app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: auth,
      payload: {
        title: 'Big night',
        venue: 'Arena',
        doors_at: '2030-12-24T19:00:00+00:00',
        tickets: [{ name: 'GA', price_cents: 2500, quantity: 1_000_000 }],
      },
    });
    const event = created.json<{ id: string }>();
    await app.inject({ method: 'POST', url: `/v2/events/${event.id}/publish`, headers: auth });
    const tier = app.ctx.repos.tiers.forEvent(event.id)[0]!;
    // Through the route, as a till would: the checkouts of one batch share a commit.
    for (let done = 0; done < orders; done += concurrency) {
      const batch = Array.from({ length: Math.min(concurrency, orders - done) }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/v2/orders',
          headers: auth,
          payload: {
            event_id: event.id,
            items: [{ tier_id: tier.id, quantity: 1 }],
            buyer: { name: `Buyer ${done + i}`, email: `buyer${done + i}@example.com` },
            payment_method: 'card',
          },
        }),
      );
      for (const res of await Promise.all(batch))
        if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    }
  } finally {
    await app.close();
  }
}

function timeOpen(file: string, integrityCheck: boolean): number {
  const started = performance.now();
  const db = openStore(file, { integrityCheck });
  const ms = performance.now() - started;
  db.close();
  return ms;
}

const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-check-'));
try {
  const started = performance.now();
  await buildStore(dataDir);
  const file = join(dataDir, 'marquee.db');
  const bytes = statSync(file).size;
  console.log(
    `store: ${orders} orders, ${(bytes / 1024 / 1024).toFixed(1)} MiB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const pages = new Database(file, { readonly: true }).pragma('page_count', { simple: true }) as number;
  console.log(`pages: ${pages}`);
  const full = new Database(file, { readonly: true });
  const fullStarted = performance.now();
  full.pragma('integrity_check');
  console.log(`integrity_check (not run at start): ${(performance.now() - fullStarted).toFixed(1)} ms`);
  full.close();
  for (let round = 1; round <= 3; round++) {
    const without = timeOpen(file, false);
    const withCheck = timeOpen(file, true);
    console.log(
      `round ${round}: open ${without.toFixed(1)} ms; open + quick_check ${withCheck.toFixed(1)} ms`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
