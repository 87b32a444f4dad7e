/**
 * Main-thread CPU per checkout of two builds, in ONE process, so the machine's load reaches both
 * alike: each source tree's app is built side by side (the bench's options, workers on, a real
 * SQLite file each), then blocks of `BLOCK` one-ticket card checkouts with a buyer email (as
 * profile-requests.ts sends, 10 at a time) take turns, the order swapped every round. Each block's
 * main-thread CPU comes from process.threadCpuUsage, so neither the crypto threads nor V8's helpers
 * count. Prints each side's mean and the paired differences (second tree minus first). On a 2-core
 * machine shared with other work, a whole-run figure moved ±100 µs between identical runs; paired
 * blocks resolve ~5 µs. Run it once each way round: a side's place in the pair can bias it a little.
 *
 * Each side also counts its pool misses: checkouts that found no token signed ahead and signed in
 * their request (TicketIssuer.prepare had work to do). The pool's SCHED_IDLE thread gets no CPU
 * while the machine is busy, and a miss costs the event loop a message to a crypto thread and back
 * and a wait, so a block's figure moves with its misses more than with most code changes: the
 * misses are printed beside each side's mean, with the paired figure again over the blocks where
 * neither side missed (docs/bench-comparison.md, "a pool miss made cheaper").
 *
 *   ROUNDS=80 BLOCK=200 npx tsx bench/compare-in-process.ts <base tree> <head tree>
 *
 * A tree is a checkout (a git worktree, or `git archive <ref>` unpacked) with node_modules beside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { buildApp as BuildApp } from '../src/server/app.js';
import type { benchServerOptions as BenchServerOptions } from './bench-options.js';

const adminKey = 'sk_live_benchadminkey000000000000001';
const block = Number(process.env.BLOCK ?? 200);
const rounds = Number(process.env.ROUNDS ?? 40);
const concurrency = 10;

interface Side {
  name: string;
  checkout: () => Promise<void>;
  close: () => Promise<void>;
  /** Main-thread CPU µs per checkout, one entry per block. */
  samples: number[];
  /** Checkouts that signed in their request (none ready in the pool), one entry per block. */
  misses: number[];
  missesSoFar: () => number;
}

async function openSide(tree: string): Promise<Side> {
  const load = (file: string) => import(pathToFileURL(join(tree, file)).href);
  const { buildApp } = (await load('src/server/app.ts')) as { buildApp: typeof BuildApp };
  const { benchServerOptions } = (await load('bench/bench-options.ts')) as {
    benchServerOptions: typeof BenchServerOptions;
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-compare-'));
  const app = await buildApp({ ...benchServerOptions(dataDir, adminKey), workers: true });
  const { issuer } = app.ctx;
  const prepare = issuer.prepare.bind(issuer);
  let missed = 0;
  issuer.prepare = (tickets) => {
    const signing = prepare(tickets);
    if (signing !== null) missed++;
    return signing;
  };
  const send = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<unknown> => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${adminKey}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const event = (await send('POST', '/v2/events', {
    title: 'Bench night',
    venue: 'Main hall',
    doors_at: '2030-12-24T19:00:00+00:00',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 1_000_000, max_per_order: 100 }],
  })) as { id: string };
  await send('POST', `/v2/events/${event.id}/publish`, {});
  const tiers = (await send('GET', `/v2/events/${event.id}/tiers`)) as { data: { id: string }[] };
  const body = {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    buyer: { name: 'Bench Buyer', email: 'bench@example.com' },
    payment_method: 'card',
  };
  return {
    name: tree,
    checkout: async () => {
      await send('POST', '/v2/orders', body);
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    samples: [],
    misses: [],
    missesSoFar: () => missed,
  };
}

async function checkouts(side: Side, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, count - sent) }, side.checkout));
  }
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

function pairedLine(label: string, diffs: number[]): string {
  if (diffs.length === 0) return `${label}: none`;
  return (
    `${label}: mean ${mean(diffs).toFixed(1)} µs, median ${quantile(diffs, 0.5).toFixed(1)}, ` +
    `middle half ${quantile(diffs, 0.25).toFixed(1)} … ${quantile(diffs, 0.75).toFixed(1)}`
  );
}

async function main(): Promise<void> {
  const trees = process.argv.slice(2).map((tree) => resolve(tree));
  if (trees.length !== 2) throw new Error('usage: compare-in-process.ts <base tree> <head tree>');
  const sides: Side[] = [];
  for (const tree of trees) sides.push(await openSide(tree));
  try {
    for (const side of sides) await checkouts(side, 1000); // warm: JIT, first-use statements
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const missedBefore = side.missesSoFar();
        const start = process.threadCpuUsage();
        await checkouts(side, block);
        const used = process.threadCpuUsage(start);
        side.samples.push((used.user + used.system) / block);
        side.misses.push(side.missesSoFar() - missedBefore);
      }
    }
    for (const side of sides) {
      const missed = side.misses.reduce((sum, n) => sum + n, 0);
      console.log(
        `${side.name}: main thread ${mean(side.samples).toFixed(1)} µs CPU/checkout (mean); ` +
          `${((100 * missed) / (side.misses.length * block)).toFixed(1)} % of checkouts missed the pool`,
      );
    }
    const [base, head] = sides as [Side, Side];
    const diffs = head.samples.map((value, i) => value - base.samples[i]!);
    console.log(pairedLine(`head − base, ${diffs.length} paired blocks of ${block}`, diffs));
    const clean = diffs.filter((_, i) => base.misses[i] === 0 && head.misses[i] === 0);
    console.log(pairedLine(`  the ${clean.length} pairs where neither side missed`, clean));
  } finally {
    for (const side of sides) await side.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
