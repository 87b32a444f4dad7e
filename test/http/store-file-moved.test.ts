/**
 * marquee.db deleted, or replaced by another file, under the running venue server (a real process
 * on a real data folder). SQLite keeps writing to the file it opened, so before the guard every
 * sale after the delete answered 200 into a file no start could open again, and the next start
 * began on an empty store. Must show: refusals in the contract's envelope with words for staff
 * (503 store_unavailable), health degraded saying so, every sale ever answered 200 still there
 * after a kill -9 and a start, and a replacing file left exactly as it was (not mixed with this
 * store's write-ahead log).
 */
import type { components } from '../../src/shared/api/schema.js';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import {
  api,
  httpSaleEvent,
  killedAfterEach,
  okJson,
  removeServerBundle,
  spawnServer,
} from '../support/spawned-server.js';
import { adminSecret, tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();
afterAll(removeServerBundle);

type ErrorJson = components['schemas']['Error'];

interface HealthJson {
  status: string;
  storage?: { status: string; code: string; message: string };
}

async function sell(base: string, eventId: string, tierId: string, n: number): Promise<Response> {
  return fetch(`${base}/v2/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${adminSecret}`,
      'content-type': 'application/json',
      'idempotency-key': `sale-${n}`,
    },
    body: JSON.stringify({
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: `Guest ${n}`, email: `guest${n}@example.com` },
      payment_method: 'card',
    }),
  });
}

/**
 * Sells one order after another until the server refuses one (bounded), as a till would carry
 * on after the file went: answers the ids of every sale it acknowledged, and the refusal.
 */
async function sellUntilRefused(
  base: string,
  eventId: string,
  tierId: string,
  first: number,
): Promise<{ acknowledged: string[]; refusal: { status: number; body: ErrorJson } }> {
  const acknowledged: string[] = [];
  for (let n = first; n < first + 2_000; n++) {
    const res = await sell(base, eventId, tierId, n);
    if (res.status !== 200)
      return { acknowledged, refusal: { status: res.status, body: (await res.json()) as ErrorJson } };
    acknowledged.push(((await res.json()) as { id: string }).id);
  }
  throw new Error('2,000 sales acknowledged after the store file went: it was never noticed');
}

/** GET /v2/health once it reports the rescued copy (the rescue runs on its own time). */
function healthOnceRescued(base: string, saying: RegExp): Promise<HealthJson> {
  return eventually(
    async () => {
      const body = (await (await fetch(`${base}/v2/health`)).json()) as HealthJson;
      return saying.test(body.storage?.message ?? '') ? body : undefined;
    },
    15_000,
    'health naming the rescued copy',
  );
}

function orderIds(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    return db.prepare('SELECT id FROM orders ORDER BY id').pluck().all() as string[];
  } finally {
    db.close();
  }
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the store file deleted or replaced under the running server', () => {
  it('deleted: refuses with 503 in words, puts a copy back, and a start after kill -9 has every acknowledged sale', async () => {
    run.dataDir = tempDataDir();
    const file = join(run.dataDir, 'marquee.db');
    run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    const base = run.server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 100_000);
    const before = await okJson<{ id: string }>(sell(base, eventId, tierId, 0));

    rmSync(file);
    const { acknowledged, refusal } = await sellUntilRefused(base, eventId, tierId, 1);
    expect(refusal.status).toBe(503);
    expect(refusal.body.error).toMatchObject({ type: 'api_error', code: 'store_unavailable' });
    expect(refusal.body.error.message).toMatch(/data file was deleted while it was running/);

    const health = await healthOnceRescued(base, /was put back: restart the venue server/);
    expect(health).toMatchObject({
      status: 'degraded',
      storage: { status: 'moved', code: 'store_unavailable' },
    });
    // Writes of any kind are refused the same way, not as a 500.
    const settings = await api(base, '/v2/settings', 'PATCH', { venue_name: 'Elsewhere' });
    expect(settings.status).toBe(503);

    await run.server.kill9();
    expect(orderIds(file)).toEqual([before.id, ...acknowledged].sort());
    run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    // The last sale acknowledged before the refusal is there to look up (all are, in the file).
    const last = acknowledged.at(-1) ?? before.id;
    expect((await api(run.server.url, `/v2/orders/${last}`)).status).toBe(200);
    expect(await okJson<HealthJson>(fetch(`${run.server.url}/v2/health`))).toEqual({ status: 'ok' });
  }, 90_000);

  it('replaced by an older copy: the copy is left as it was, and every acknowledged sale is in the rescued file', async () => {
    run.dataDir = tempDataDir();
    const file = join(run.dataDir, 'marquee.db');
    run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    const base = run.server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 100_000);
    // Last night's copy, taken from the live store by SQLite's backup (no backup folder to tidy).
    const older = join(run.dataDir, 'restored.db');
    const reader = new Database(file, { readonly: true });
    await reader.backup(older);
    reader.close();
    const first = await okJson<{ id: string }>(sell(base, eventId, tierId, 0));

    // Someone restores last night's backup over the live file, the way a file manager does.
    const olderHash = sha256(older);
    renameSync(older, file);
    const { acknowledged, refusal } = await sellUntilRefused(base, eventId, tierId, 1);
    expect(refusal.status).toBe(503);
    expect(refusal.body.error.code).toBe('store_unavailable');
    const health = await healthOnceRescued(base, /Every sale so far was copied to /);
    const rescued = /copied to (\S+marquee\.db\.rescued-\S+?)\. /.exec(health.storage!.message)![1]!;

    await run.server.kill9();
    // The restored file is untouched, with no write-ahead log of the lost file beside it to mix in.
    expect(sha256(file)).toBe(olderHash);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(orderIds(rescued)).toEqual([first.id, ...acknowledged].sort());
    expect(readdirSync(run.dataDir)).toContain(`${rescued.split('/').at(-1)}.old-wal`);
    // A start now runs on the restored copy as it was: no sale of the lost file in it.
    run.server = await spawnServer(run.dataDir, {}, { bundled: true });
    const after = await okJson<{ data: unknown[] }>(api(run.server.url, `/v2/orders?limit=100`));
    expect(after.data).toEqual([]);
  }, 90_000);
});
