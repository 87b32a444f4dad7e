/**
 * The app after a year of shows: what the manager and the box office wait for on a store with
 * ~250 shows, ~400,000 tickets and ~380,000 scans (bench/year-old-store.ts seeds it with SQL in one
 * transaction), each figure beside the same call in the same run on a small store (3 shows of
 * 100 tickets) as its baseline. Over real HTTP to the server on loopback, in this process, so the
 * event loop's longest stall during a call is measured too (a stall holds every other till's
 * checkout and every door scan for as long).
 *
 *   npx tsx bench/year-old.ts [shows]      (default 250; e.g. 25 for a quick look)
 *
 * Targets: ≤ 1,000 ms where a person waits at a counter; ≤ 200 ms longest event-loop stall for
 * background jobs (retention, backup), which run while tills sell.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { startServer, type RunningServer } from '../src/server/start.js';
import type { Db } from '../src/server/store/db.js';
import { sweepOutboxes } from '../src/server/store/retention.js';
import { defaultRetentionDays } from '../src/server/store/retention-defaults.js';
import { benchServerOptions } from './bench-options.js';
import { printResults, type BenchResult } from './bench-result.js';
import { describeMachine, machineLine } from './machine.js';
import { seedYearOldStore, yearOfShows, type YearOldFacts, type YearOldSize } from './year-old-store.js';

const adminKey = 'sk_live_benchyearold000000000000000001';
const counterMs = 1_000;
const stallMs = 200;

interface Store {
  dataDir: string;
  facts: YearOldFacts;
  seedMs: number;
  bytes: number;
}

async function makeStore(size: YearOldSize): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-yearold-'));
  const app = await buildApp(benchServerOptions(dataDir, adminKey));
  try {
    const started = performance.now();
    const facts = seedYearOldStore(app.ctx.db, Date.now(), size);
    const seedMs = performance.now() - started;
    return { dataDir, facts, seedMs, bytes: 0 };
  } finally {
    await app.close();
  }
}

/** Starts the server on the store as the desktop app does (workers on) and times the first 200 of /v2/health. */
async function coldStart(store: Store): Promise<{ server: RunningServer; ms: number }> {
  const started = performance.now();
  const server = await startServer(
    { ...benchServerOptions(store.dataDir, adminKey), workers: true, retention: { firstDelayMs: 3_600_000 } },
    join(tmpdir(), 'marquee-bench-no-renderer'),
  );
  for (let tries = 0; tries < 100; tries++) {
    const res = await fetch(`${server.url}/v2/health`);
    await res.arrayBuffer();
    if (res.status === 200) return { server, ms: performance.now() - started };
  }
  throw new Error('/v2/health never answered 200');
}

/**
 * Time, and the longest the event loop was held while `work` ran: the widest gap between ticks
 * of a 5 ms interval (a synchronous SQLite read holds the loop, and with it every other till's
 * checkout and every door scan, for its whole length).
 */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; stallMs: number; value: T }> {
  let last = performance.now();
  let widest = 0;
  const tick = setInterval(() => {
    const at = performance.now();
    widest = Math.max(widest, at - last);
    last = at;
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    widest = Math.max(widest, performance.now() - last);
    return { ms, stallMs: Math.max(0, widest - 5), value };
  } finally {
    clearInterval(tick);
  }
}

type Calls = Record<string, (s: RunningServer, f: YearOldFacts) => Promise<unknown>>;

const auth = { authorization: `Bearer ${adminKey}` };
async function get(server: RunningServer, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}${path}`, { headers: auth });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(body) as Record<string, unknown>)
    : {};
}

/** Follows `next_cursor` for up to `pages` pages, as the screens do (fetchAllPages). */
async function pages(server: RunningServer, path: string, most: number): Promise<number> {
  let cursor: string | null = null;
  let rows = 0;
  for (let page = 0; page < most; page++) {
    const body = await get(server, `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows += (body.data as unknown[]).length;
    cursor = (body.next_cursor as string | null | undefined) ?? null;
    if (!cursor) break;
  }
  return rows;
}

const monthsBack = (months: number): string => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1)).toISOString();
};
const nextMonth = (): string => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
};

/** The calls the screens make, in the order a manager's evening goes. */
const calls: Calls = {
  'Sell: events list (every page of 100)': (s) => pages(s, '/v2/events?limit=100', 10),
  "Sell: tonight's tiers": (s, f) => get(s, `/v2/events/${f.tonightEventId}/tiers`),
  'Orders: the newest 50 (no search)': (s) => get(s, '/v2/orders?limit=50&order=newest_first'),
  'Orders: search an email (one order, early in the year)': (s, f) =>
    get(s, `/v2/orders?limit=50&order=newest_first&q=${encodeURIComponent(f.rareEmail)}`),
  'Orders: search a common surname': (s, f) =>
    get(s, `/v2/orders?limit=50&order=newest_first&q=${encodeURIComponent(f.commonName)}`),
  'Orders: search a name nobody has': (s) => get(s, '/v2/orders?limit=50&order=newest_first&q=Zebedee'),
  'Orders: CSV export of a search nobody matches': (s) => get(s, '/v2/orders?format=csv&q=Zebedee'),
  "Orders: tonight's event, searched by surname": (s, f) =>
    get(
      s,
      `/v2/orders?limit=50&order=newest_first&event_id=${f.tonightEventId}&q=${encodeURIComponent(f.commonName)}`,
    ),
  'Takings: this month': (s) =>
    get(s, `/v2/reports/sales?from=${monthsBack(0)}&to=${nextMonth()}&timezone=UTC`),
  'Takings: last 12 months': (s) =>
    get(s, `/v2/reports/sales?from=${monthsBack(11)}&to=${nextMonth()}&timezone=UTC`),
  "Reports: last show's event report": (s, f) => get(s, `/v2/reports/events/${f.lastShowEventId}`),
  'Past shifts (2 pages of 100)': (s) => pages(s, '/v2/shifts?status=closed&order=newest_first&limit=100', 2),
  'Audit trail (20 pages of 100)': (s) => pages(s, '/v2/audit_events?order=newest_first&limit=100', 20),
  "Door pack for tonight's show": (s, f) => get(s, `/v2/scan/door_pack?event_id=${f.tonightEventId}`),
  'Payouts list': (s) => get(s, '/v2/payouts?limit=100'),
};

async function measureCalls(server: RunningServer, facts: YearOldFacts) {
  const out: Record<string, { ms: number; stallMs: number }> = {};
  for (const [name, call] of Object.entries(calls)) {
    // The first call (cold) and two more; the figure is the slowest of three, as a person may hit any.
    let worst = { ms: 0, stallMs: 0 };
    for (let i = 0; i < 3; i++) {
      const t = await timed(() => call(server, facts));
      worst = { ms: Math.max(worst.ms, t.ms), stallMs: Math.max(worst.stallMs, t.stallMs) };
    }
    out[name] = worst;
  }
  return out;
}

async function measureBackup(server: RunningServer, store: Store) {
  const folder = join(store.dataDir, '..', `${store.dataDir.split('/').pop()}-backups`);
  mkdirSync(folder, { recursive: true });
  const res = await fetch(`${server.url}/v2/settings`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ backup_folder: folder }),
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
  const t = await timed(async () => {
    const made = await fetch(`${server.url}/v2/backups`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    if (made.status !== 200) throw new Error(`backup: ${made.status} ${await made.text()}`);
  });
  rmSync(folder, { recursive: true, force: true });
  return t;
}

async function measureRetention(server: RunningServer) {
  // The app's own store and clock (startServer answers the Fastify instance the app decorated).
  const { db, now } = (server.app as unknown as { ctx: { db: Db; now: () => number } }).ctx;
  const t = await timed(() => sweepOutboxes(db, now, { retentionDays: defaultRetentionDays }));
  return t;
}

export async function run(shows = yearOfShows.shows): Promise<BenchResult[]> {
  const big = await makeStore({ ...yearOfShows, shows });
  const small = await makeStore({ shows: 3, ticketsPerShow: 100 });
  const results: BenchResult[] = [];
  const against = (name: string, value: number, baseline: number, limit: number): BenchResult => ({
    name,
    value: Math.round(value),
    unit: 'ms',
    baseline: Math.round(baseline * 10) / 10,
    ratio: baseline > 0 ? value / baseline : undefined,
    target: `≤ ${limit} ms`,
    met: value <= limit,
  });
  try {
    for (const store of [big, small]) store.bytes = statSync(join(store.dataDir, 'marquee.db')).size;
    console.log(
      `year-old store: ${JSON.stringify(big.facts.counts)}, ${(big.bytes / 2 ** 20).toFixed(0)} MiB, ` +
        `seeded in ${(big.seedMs / 1000).toFixed(1)} s (SQL, one transaction)`,
    );
    const smallStart = await coldStart(small);
    const bigStart = await coldStart(big);
    results.push(against('Cold start to first 200 on /v2/health', bigStart.ms, smallStart.ms, counterMs));
    try {
      // A first pass warms the code (JIT, statement caches) so the baseline is not the cold code's.
      await measureCalls(smallStart.server, small.facts);
      const smallCalls = await measureCalls(smallStart.server, small.facts);
      const bigCalls = await measureCalls(bigStart.server, big.facts);
      for (const name of Object.keys(calls)) {
        results.push(against(`${name} (slowest of 3)`, bigCalls[name]!.ms, smallCalls[name]!.ms, counterMs));
        results.push(
          against(
            `${name}: longest event-loop stall`,
            bigCalls[name]!.stallMs,
            smallCalls[name]!.stallMs,
            stallMs,
          ),
        );
      }
      const smallBackup = await measureBackup(smallStart.server, small);
      const bigBackup = await measureBackup(bigStart.server, big);
      results.push(
        against('Backup (POST /v2/backups), start to answer', bigBackup.ms, smallBackup.ms, 60_000),
      );
      results.push(
        against('Backup: longest event-loop stall', bigBackup.stallMs, smallBackup.stallMs, stallMs),
      );
      const smallSweep = await measureRetention(smallStart.server);
      const bigSweep = await measureRetention(bigStart.server);
      console.log(`first retention sweep removed: ${JSON.stringify(bigSweep.value)}`);
      results.push(against('Retention, first sweep on the store', bigSweep.ms, smallSweep.ms, 60_000));
      results.push(
        against(
          'Retention first sweep: longest event-loop stall',
          bigSweep.stallMs,
          smallSweep.stallMs,
          stallMs,
        ),
      );
    } finally {
      await bigStart.server.close();
      await smallStart.server.close();
    }
    return results;
  } finally {
    for (const store of [big, small]) rmSync(store.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shows = Number(process.argv[2] ?? yearOfShows.shows);
  console.log(machineLine(describeMachine()));
  run(shows)
    .then((results) =>
      printResults(`A year-old store (${shows} shows) beside a small one (3 shows of 100)`, results),
    )
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
