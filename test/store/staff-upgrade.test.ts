import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openStore } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import { adminSecret, tempDataDir, testOptions, TestClock } from '../support/test-app.js';

let dir: string;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('a store that met 9–11 before 8 (staff and shifts) upgrades', () => {
  it('applies 8 late: old orders and refunds have no shift, staff sign-in works, and each store has its own PIN salt', async () => {
    dir = tempDataDir('marquee-staff-upgrade-');
    const file = join(dir, 'marquee.db');
    // What a store written by a build without migration 8 looks like (numbers land in parallel):
    // 9–11 met, nothing after them (later ones, such as 21's shift currency, build on 8's shifts).
    const old = openStore(file, { migrations: migrations.filter((m) => m.version !== 8 && m.version <= 11) });
    const evt = 'evt_old00000000000000000';
    old.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('${evt}', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0, 'published', 'usd', 0, 0);
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, refunded_cents, currency,
        payment_method, created_at, updated_at) VALUES ('ord_old00000000000000000', '${evt}', 'partially_refunded',
        'A', 'a@example.test', 200, 50, 'usd', 'cash', 0, 0);
      INSERT INTO refunds (id, order_id, amount_cents, reason, created_at)
        VALUES ('ref_old00000000000000000', 'ord_old00000000000000000', 50, 'requested', 0);
    `);
    expect(old.prepare('SELECT version FROM schema_migrations WHERE version = 8').get()).toBeUndefined();
    old.close();

    app = await buildApp(testOptions(dir, { now: new TestClock().now }));
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) =>
      app!.inject({
        method,
        url,
        headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const order = (await call('GET', '/v2/orders/ord_old00000000000000000')).json() as {
      shift_id: string | null;
      refunds: { shift_id: string | null }[];
    };
    expect(order.shift_id).toBeNull();
    expect(order.refunds).toEqual([expect.objectContaining({ shift_id: null })]);
    expect((await call('POST', '/v2/staff', { name: 'Ann', role: 'manager', pin: '1234' })).statusCode).toBe(
      200,
    );
    const signIn = await call('POST', '/v2/staff/sign_in', { pin: '1234' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = (signIn.json() as { session_token: string }).session_token;
    const shift = await call('POST', '/v2/shifts', { opening_float_cents: 0 }, { 'marquee-staff': token });
    expect(shift.statusCode, shift.body).toBe(200);

    const salt = (
      app.ctx.db.prepare("SELECT value FROM settings WHERE key = 'staff_pin_salt'").get() as {
        value: string;
      }
    ).value;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    await app.close();
    app = undefined;
    const otherDir = tempDataDir('marquee-staff-salt-');
    const other = openStore(join(otherDir, 'marquee.db'));
    try {
      const otherSalt = other
        .prepare("SELECT value FROM settings WHERE key = 'staff_pin_salt'")
        .pluck()
        .get();
      expect(otherSalt).not.toBe(salt);
    } finally {
      other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
