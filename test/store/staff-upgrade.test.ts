import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import { oldEvent as evt, oldEventSql, upgradeTests } from '../support/old-store.js';
import { tempDataDir } from '../support/test-app.js';

const upgrades = upgradeTests();

describe('a store that met 9–11 before 8 (staff and shifts) upgrades', () => {
  it('applies 8 late: old orders and refunds have no shift, staff sign-in works, and each store has its own PIN salt', async () => {
    // What a store written by a build without migration 8 looks like (numbers land in parallel):
    // 9–11 met, nothing after them (later ones, such as 21's shift currency, build on 8's shifts).
    const { db: old } = upgrades.oldStore('marquee-staff-upgrade-', {
      migrations: migrations.filter((m) => m.version !== 8 && m.version <= 11),
    });
    old.exec(`
      ${oldEventSql}
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, refunded_cents, currency,
        payment_method, created_at, updated_at) VALUES ('ord_old00000000000000000', '${evt}', 'partially_refunded',
        'A', 'a@example.test', 200, 50, 'usd', 'cash', 0, 0);
      INSERT INTO refunds (id, order_id, amount_cents, reason, created_at)
        VALUES ('ref_old00000000000000000', 'ord_old00000000000000000', 50, 'requested', 0);
    `);
    expect(old.prepare('SELECT version FROM schema_migrations WHERE version = 8').get()).toBeUndefined();
    old.close();

    const t = await upgrades.upgrade();
    const { app, call } = t;
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
    const shift = await call('POST', '/v2/shifts', { opening_float_cents: 0 }, undefined, {
      'marquee-staff': token,
    });
    expect(shift.statusCode, shift.body).toBe(200);

    const salt = (
      app.ctx.db.prepare("SELECT value FROM settings WHERE key = 'staff_pin_salt'").get() as {
        value: string;
      }
    ).value;
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    await t.close();
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
