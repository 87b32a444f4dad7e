import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openStore } from '../../src/server/store/db.js';
import { adminSecret, tempDataDir, testOptions, TestClock } from '../support/test-app.js';

let dir: string;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('a store from before payouts could be cancelled (migration 19) upgrades', () => {
  it('keeps every payout, its seq and status, and its pending one can then be cancelled', async () => {
    dir = tempDataDir('marquee-payout-upgrade-');
    const file = join(dir, 'marquee.db');
    const old = openStore(file, { upTo: 18 });
    const evt = 'evt_old00000000000000000';
    old.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('${evt}', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0, 'published', 'usd', 0, 0);
      INSERT INTO payouts (seq, id, event_id, amount_cents, currency, status, created_at, paid_at)
        VALUES (7, 'pay_paid0000000000000000', '${evt}', 1000, 'usd', 'paid', 0, 60000),
               (9, 'pay_pend0000000000000000', '${evt}', 500, 'usd', 'pending', 120000, NULL);
    `);
    old.close();

    app = await buildApp(testOptions(dir, { now: new TestClock().now }));
    const call = (method: 'GET' | 'POST', url: string) =>
      app!.inject({ method, url, headers: { authorization: `Bearer ${adminSecret}` } });
    const listed = (await call('GET', `/v2/payouts?event_id=${evt}`)).json() as {
      data: { id: string; status: string; paid_at: string | null; cancelled_at: string | null }[];
    };
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: 'pay_paid0000000000000000',
        status: 'paid',
        paid_at: '1970-01-01T00:01:00.000Z',
        cancelled_at: null,
      }),
      expect.objectContaining({ id: 'pay_pend0000000000000000', status: 'pending', cancelled_at: null }),
    ]);
    const cancelled = await call('POST', '/v2/payouts/pay_pend0000000000000000/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const db = openStore(file);
    expect(db.prepare('SELECT seq FROM payouts ORDER BY seq').all()).toEqual([{ seq: 7 }, { seq: 9 }]);
    db.close();
  });
});
