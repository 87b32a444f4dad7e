/**
 * The venue server (a real process) with its data folder on a real 8 MiB tmpfs that fills up
 * while four tills sell with Idempotency-Keys and a webhook endpoint listens. Then space is freed. Nothing is simulated: SQLite meets ENOSPC.
 *
 * Must show (issue "Trust" 4): clear 507s while full, health degraded, reads still answered, no
 * duplicate order after retries with the same keys, no webhook sent twice, and recovery
 * after space is freed without a restart: health ok, the WAL truncated, sales again.
 */
import type { components } from '../../src/shared/api/schema.js';
import Database from 'better-sqlite3';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { adminSecret, tempDataDir } from '../support/test-app.js';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import {
  httpSaleEvent,
  removeServerBundle,
  spawnServer,
  type SpawnedServer,
} from '../support/spawned-server.js';
import { eventually } from '../support/eventually.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

let disk: SmallDisk | undefined;
let server: SpawnedServer | undefined;
let receiver: WebhookReceiver | undefined;
const cleanUp: string[] = [];
afterAll(removeServerBundle);

afterEach(async () => {
  await server?.kill9();
  await receiver?.stop();
  // Unmounted whatever happened above, so no test leaves a mount behind.
  disk?.unmount();
  for (const dir of cleanUp.splice(0)) rmSync(dir, { recursive: true, force: true });
  server = receiver = disk = undefined;
});

interface Sale {
  key: string;
  email: string;
  /** The status of each attempt, in order. */
  statuses: number[];
  orderId?: string;
}

type ErrorJson = components['schemas']['Error'];

interface HealthJson {
  status: string;
  storage?: { status: string; code: string; since: string; message: string };
}

function checkout(base: string, eventId: string, tierId: string, sale: Sale): Promise<Response> {
  return fetch(`${base}/v2/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminSecret}`,
      'content-type': 'application/json',
      'idempotency-key': sale.key,
    },
    body: JSON.stringify({
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: `Guest ${sale.key}`, email: sale.email },
      payment_method: 'card',
    }),
  });
}

async function health(base: string): Promise<{ status: number; body: HealthJson }> {
  const res = await fetch(`${base}/v2/health`);
  return { status: res.status, body: (await res.json()) as HealthJson };
}

/** One attempt; a 507 must be the storage envelope, anything but 200/507 fails the test. */
async function attempt(base: string, eventId: string, tierId: string, sale: Sale): Promise<number> {
  const res = await checkout(base, eventId, tierId, sale);
  sale.statuses.push(res.status);
  if (res.status === 200) {
    const order = (await res.json()) as { id: string };
    if (sale.orderId) expect(order.id).toBe(sale.orderId);
    sale.orderId = order.id;
  } else {
    const body = (await res.json()) as ErrorJson;
    expect({ status: res.status, type: body.error.type, code: body.error.code }).toEqual({
      status: 507,
      type: 'api_error',
      code: 'insufficient_storage',
    });
    expect(body.error.message).toMatch(/^The venue server's disk is full, so nothing was saved\./);
  }
  return res.status;
}

describe('a venue server whose disk fills up (real process, real tmpfs)', () => {
  it('answers 507 and health degraded while full, never duplicates, and recovers once space is freed', async () => {
    disk = mountSmallDisk(8 * 1024 * 1024);
    receiver = await new WebhookReceiver().start();
    // A receiver that takes a moment, so deliveries are in flight when the disk fills.
    receiver.respond = (_req, _i, res) => setTimeout(() => res.writeHead(200).end('ok'), 20);
    server = await spawnServer(disk.dir);
    const base = server.url;
    const file = join(disk.dir, 'marquee.db');

    const hook = await fetch(`${base}/v2/webhook_endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['order.created'] }),
    });
    expect(hook.status).toBe(200);
    const { eventId, tierId } = await httpSaleEvent(base, 1_000_000);
    expect(await health(base)).toEqual({ status: 200, body: { status: 'ok' } });

    // 1. Something else fills the disk, leaving the store a little room; four tills sell until
    //    each has been refused three times in a row (bounded: 400 attempts per till, 60 s).
    //    1 MiB of room: a sale writes its audit row and report index entries too, and 512 KiB
    //    sometimes held fewer than the 20 sales this step asks for before the disk is full.
    disk.fill(1024 * 1024);
    const sales: Sale[] = [];
    const deadline = Date.now() + 60_000;
    const till = async (t: number) => {
      let refusedInARow = 0;
      for (let i = 0; i < 400 && refusedInARow < 3 && Date.now() < deadline; i++) {
        const sale: Sale = { key: `till${t}-sale${i}`, email: `till${t}.sale${i}@example.com`, statuses: [] };
        sales.push(sale);
        refusedInARow = (await attempt(base, eventId, tierId, sale)) === 507 ? refusedInARow + 1 : 0;
      }
    };
    await Promise.all([0, 1, 2, 3].map(till));
    const sold = sales.filter((s) => s.statuses[0] === 200);
    const refused = sales.filter((s) => s.statuses[0] === 507);
    expect(sold.length).toBeGreaterThan(20);
    expect(refused.length).toBeGreaterThanOrEqual(12);

    // 2. While full: health says so (200, degraded, the storage reason), reads still answer,
    //    and a retry with the same key is refused the same way, or, where a checkpoint freed
    //    room inside the WAL meanwhile, goes through (attempt() allows nothing else).
    const degraded = await health(base);
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({
      status: 'degraded',
      storage: {
        status: 'full',
        code: 'insufficient_storage',
        message: expect.stringMatching(/disk is full/),
      },
    });
    expect(Date.parse(degraded.body.storage!.since)).not.toBeNaN();
    const read = await fetch(`${base}/v2/orders/${sold[0]!.orderId}`, {
      headers: { authorization: `Bearer ${adminSecret}` },
    });
    expect(read.status).toBe(200);
    for (const sale of refused.slice(0, 4)) await attempt(base, eventId, tierId, sale);
    const walWhenFull = statSync(`${file}-wal`).size;

    // A new signing key is a file of its own: with not one block left it is refused the same
    // way (it answered 500), and no part-written key file is left beside the others.
    disk.fill();
    const keysDir = join(disk.dir, 'signing-keys');
    const keysBefore = readdirSync(keysDir).sort();
    const rotate = await fetch(`${base}/v2/scan/keys/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminSecret}` },
    });
    expect(rotate.status).toBe(507);
    expect(((await rotate.json()) as ErrorJson).error.code).toBe('insufficient_storage');
    expect(readdirSync(keysDir).sort()).toEqual(keysBefore);

    // 3. Space freed: without a restart, health is ok again within a few seconds, and the
    //    write-ahead log has been truncated (its space given back).
    disk.free();
    await eventually(
      async () => ((await health(base)).body.status === 'ok' ? true : undefined),
      15_000,
      'health ok',
    );
    expect(statSync(`${file}-wal`).size).toBeLessThan(Math.max(64 * 1024, walWhenFull / 4));

    // 4. Every refused sale, retried with its key, goes through once; every sale retried again
    //    replays its first answer. New sales go through.
    for (const sale of refused) expect(await attempt(base, eventId, tierId, sale)).toBe(200);
    for (const sale of sales) expect(await attempt(base, eventId, tierId, sale)).toBe(200);
    const after: Sale = { key: 'after-recovery', email: 'after@example.com', statuses: [] };
    sales.push(after);
    expect(await attempt(base, eventId, tierId, after)).toBe(200);

    // 5. The dispatcher resumed (an outcome that could not be written was kept, not sent
    //    again; the mail sender's part is test/mail/mail-sender-disk-full.test.ts).
    await eventually(() => (receiver!.ids().size >= sales.length ? true : undefined), 30_000, 'all webhooks');
    await server.stop();

    // 6. The store, read directly after a clean stop: at most one order per Idempotency-Key
    //    (each key bought for its own email), every one whole, none half-written.
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      const twice = db
        .prepare('SELECT buyer_email AS email, COUNT(*) AS n FROM orders GROUP BY buyer_email HAVING n > 1')
        .all();
      expect(twice, 'keys with more than one order').toEqual([]);
      expect(db.prepare('SELECT COUNT(*) FROM orders').pluck().get()).toBe(sales.length);
      const tier = db.prepare('SELECT sold FROM tiers WHERE id = ?').pluck().get(tierId);
      expect(tier).toBe(db.prepare('SELECT COUNT(*) FROM tickets').pluck().get());
      expect(tier).toBe(sales.length);
    } finally {
      db.close();
    }
    // Every order's webhook arrived, and none twice.
    const hookOrders = receiver.received.map(
      (r) => (JSON.parse(r.body) as { data: { object: { id: string } } }).data.object.id,
    );
    expect(new Set(hookOrders)).toEqual(new Set(sales.map((s) => s.orderId)));
    expect(receiver.received.length).toBe(receiver.ids().size);
    console.log(
      `disk full: ${sold.length} sales before the disk filled, ${refused.length} refused with 507 ` +
        `(WAL ${walWhenFull} bytes when full), all ${sales.length} in the store once after recovery`,
    );
  }, 150_000);

  it('started under a file-size limit (ulimit -f): the store reaching it answers 507 like a full disk, not 500', async () => {
    // A wrapper in place of node that lowers the limit (bash counts in KiB) and runs the server.
    const dir = tempDataDir();
    cleanUp.push(dir);
    const wrapper = join(dir, 'node-under-ulimit.sh');
    writeFileSync(wrapper, `#!/bin/sh\nulimit -f 2048\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    server = await spawnServer(join(dir, 'data'), {}, { bundled: true, node: wrapper });
    const base = server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 1_000_000);
    const statuses = new Map<number, number>();
    // Bounded: 2 MiB of store is a few hundred sales with long names.
    for (let i = 0; i < 3_000 && !statuses.has(507); i++) {
      const sale: Sale = { key: `limit-${i}`, email: `limit${i}@example.com`, statuses: [] };
      const status = await attempt(base, eventId, tierId, sale);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(statuses.get(507), `answers: ${JSON.stringify([...statuses])}`).toBe(1);
    expect(statuses.get(200)).toBeGreaterThan(10);
    expect((await health(base)).body).toMatchObject({ status: 'degraded', storage: { status: 'full' } });
  }, 120_000);
});
