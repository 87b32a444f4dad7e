import Database from 'better-sqlite3';
import type { components } from '../../src/shared/api/schema.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, httpSaleEvent, spawnServer, killedAfterEach, okJson } from '../support/spawned-server.js';
import { fetchAs } from '../support/http-client.js';
import { tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();

/** A request from the till: its box_office key, and the signed-in member's session when given. */
function tillCall(
  base: string,
  key: string,
  staff: string | null,
  path: string,
  method = 'GET',
  body?: unknown,
) {
  return fetchAs(base, path, { method, body, key, staff });
}

type Report = components['schemas']['ShiftReport'];

describe('kill -9 between sales of an open shift', () => {
  it('after restart the shift is still open, every order made through the till carries it, and the reports and the audit trail agree', async () => {
    run.dataDir = tempDataDir('marquee-shift-crash-');
    run.server = await spawnServer(run.dataDir);
    let base = run.server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 100_000);
    const key = await okJson<{ id: string; secret: string }>(
      api(base, '/v2/api_keys', 'POST', { name: 'Till 1', scope: 'box_office' }),
    );
    const bobMember = await okJson<{ id: string }>(
      api(base, '/v2/staff', 'POST', { name: 'Bob', role: 'seller', pin: '5678' }),
    );
    const { session_token: bob } = await okJson<{ session_token: string }>(
      tillCall(base, key.secret, null, '/v2/staff/sign_in', 'POST', { pin: '5678' }),
    );
    const shift = await okJson<{ id: string }>(
      tillCall(base, key.secret, bob, '/v2/shifts', 'POST', { opening_float_cents: 10_000, currency: 'usd' }),
    );

    const acked: { id: string; shift_id: string | null }[] = [];
    let killing = false;
    let cutOff = 0;
    // Two clerks' sales back to back on the one till, until the server dies under them.
    const clerk = async (n: number) => {
      for (let i = 0; i < 2_000; i++) {
        try {
          const res = await tillCall(base, key.secret, bob, '/v2/orders', 'POST', {
            event_id: eventId,
            items: [{ tier_id: tierId, quantity: 1 }],
            payment_method: 'cash',
            buyer: { name: `Clerk ${n} sale ${i}` },
          });
          const body = (await res.json()) as { id: string; shift_id: string | null };
          expect(res.status).toBe(200);
          acked.push(body);
        } catch (err) {
          if (!killing) throw err;
          cutOff++;
          return;
        }
      }
    };
    const clerks = [0, 1].map(clerk);
    const deadline = Date.now() + 20_000;
    while (acked.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    killing = true;
    await run.server.kill9();
    await Promise.all(clerks);
    expect(run.server.child.signalCode).toBe('SIGKILL');
    expect(cutOff).toBe(2);
    expect(acked.length).toBeGreaterThanOrEqual(20);
    expect(acked.every((order) => order.shift_id === shift.id)).toBe(true);

    run.server = await spawnServer(run.dataDir);
    base = run.server.url;
    // The same shift is still this till's open one, and the same session still works.
    expect(
      await okJson<{ id: string }>(tillCall(base, key.secret, null, '/v2/shifts/current')),
    ).toMatchObject({
      id: shift.id,
      status: 'open',
    });
    for (const order of acked) {
      const stored = await okJson<{ shift_id: string | null }>(
        tillCall(base, key.secret, null, `/v2/orders/${order.id}`),
      );
      expect(stored.shift_id).toBe(shift.id);
    }
    const after = await okJson<{ shift_id: string | null }>(
      tillCall(base, key.secret, bob, '/v2/orders', 'POST', {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity: 1 }],
        payment_method: 'cash',
      }),
    );
    expect(after.shift_id).toBe(shift.id);

    const x = await okJson<Report>(tillCall(base, key.secret, null, `/v2/shifts/${shift.id}/report`));
    const z = await okJson<Report>(
      tillCall(base, key.secret, bob, `/v2/shifts/${shift.id}/close`, 'POST', { counted_cash_cents: 0 }),
    );
    await run.server.stop();

    const db = new Database(join(run.dataDir, 'marquee.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const tillOrders = db
        .prepare('SELECT shift_id, total_cents FROM orders WHERE api_key_id = ?')
        .all(key.id) as { shift_id: string | null; total_cents: number }[];
      // Requests cut off by the kill may or may not have committed; whichever did is in the shift.
      expect(tillOrders.length).toBeGreaterThanOrEqual(acked.length + 1);
      expect(tillOrders.every((order) => order.shift_id === shift.id)).toBe(true);
      const cash = tillOrders.reduce((sum, order) => sum + order.total_cents, 0);
      expect(x).toMatchObject({ kind: 'x', order_count: tillOrders.length, cash_sales_cents: cash });
      expect(z).toMatchObject({
        kind: 'z',
        order_count: tillOrders.length,
        cash_sales_cents: cash,
        expected_cash_cents: 10_000 + cash,
        over_short_cents: -(10_000 + cash),
        shift: { id: shift.id, status: 'closed' },
      });
      const kept = db.prepare('SELECT z_report FROM shifts WHERE id = ?').get(shift.id) as {
        z_report: string;
      };
      expect(JSON.parse(kept.z_report)).toEqual(z);

      // The audit trail is written in each sale's own transaction: exactly one order.created row
      // per order the till's shift holds (none for a sale the kill cut off before it committed),
      // each naming the till's key and Bob; the shift's opening and closing by Bob.
      const trail = db
        .prepare(
          `SELECT action, object_id, api_key_id, staff_id FROM audit_events
           WHERE action IN ('order.created', 'shift.opened', 'shift.closed') ORDER BY seq`,
        )
        .all() as { action: string; object_id: string; api_key_id: string; staff_id: string }[];
      const tillOrderIds = db.prepare('SELECT id FROM orders WHERE api_key_id = ?').pluck().all(key.id);
      const created = trail.filter((row) => row.action === 'order.created');
      expect(created.map((row) => row.object_id).sort()).toEqual([...tillOrderIds].sort());
      for (const order of acked) expect(created.some((row) => row.object_id === order.id)).toBe(true);
      expect(trail.every((row) => row.api_key_id === key.id && row.staff_id === bobMember.id)).toBe(true);
      expect(trail.filter((row) => row.action !== 'order.created')).toEqual([
        { action: 'shift.opened', object_id: shift.id, api_key_id: key.id, staff_id: bobMember.id },
        { action: 'shift.closed', object_id: shift.id, api_key_id: key.id, staff_id: bobMember.id },
      ]);
      console.log(
        `shift crash test: ${acked.length} acknowledged sales before kill -9; ${tillOrders.length} in the shift after restart`,
      );
    } finally {
      db.close();
    }
  }, 120_000);
});
