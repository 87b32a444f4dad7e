import { describe, expect, it } from 'vitest';
import { oldEvent as evt, oldEventSql, oldTierSql, upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

describe('a store from before the door (schema 10) upgrades', () => {
  it('keeps every scan and its seq, counts who is inside, and the door feed still follows scans', async () => {
    const { db: old } = upgrades.oldStore('marquee-door-upgrade-', { upTo: 10 });
    old.exec(`
      ${oldEventSql}
      ${oldTierSql(2)}
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, currency, payment_method,
        created_at, updated_at) VALUES ('ord_old00000000000000000', '${evt}', 'paid', 'A', 'a@example.test', 200,
          'usd', 'cash', 0, 0);
    `);
    for (const [n, inside] of [
      [1, 1],
      [2, 0],
    ] as const) {
      old.exec(`
        INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at)
          VALUES ('atd_old0000000000000000${n}', '${evt}', 'ord_old00000000000000000', 'tik_old0000000000000000${n}',
            'Guest ${n}', 'g${n}@example.test', 0, 0);
        INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, inside, price_cents,
          wallet_secret, issued_at, updated_at) VALUES ('tik_old0000000000000000${n}', 'ord_old00000000000000000',
            '${evt}', 'tkt_old00000000000000000', 'atd_old0000000000000000${n}', 'active', ${inside}, ${inside}, 100,
            'old-secret-000000000000000${n}', 0, 0);
      `);
    }
    old.exec(`
      INSERT INTO scans (seq, id, event_id, ticket_id, result, direction, scanned_at, created_at, source, credential)
        VALUES (7, 'scn_old00000000000000001', '${evt}', 'tik_old00000000000000001', 'admitted', 'in', 0, 0, 'online', 'paper');
    `);
    old.close();

    const t = await upgrades.upgrade();
    const { app } = t;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
      (await t.call(method, url, body)).json() as Record<string, unknown>;
    const scans = (await call('GET', `/v2/scans?event_id=${evt}`)) as { data: Record<string, unknown>[] };
    expect(scans.data).toMatchObject([
      { id: 'scn_old00000000000000001', credential: 'paper', note: null, actor: { api_key_id: null } },
    ]);
    expect(
      app.ctx.db.prepare("SELECT seq FROM scans WHERE id = 'scn_old00000000000000001'").pluck().get(),
    ).toBe(7);
    expect(await call('GET', `/v2/scan/occupancy?event_id=${evt}`)).toMatchObject({
      inside: 1,
      capacity: null,
    });
    const feedBefore = app.ctx.db.prepare("SELECT COUNT(*) FROM door_feed WHERE kind = 'scan'").pluck().get();
    const checked = await call('POST', '/v2/tickets/tik_old00000000000000002/check_in', {
      reason: 'Old paper list',
    });
    expect(checked).toMatchObject({ result: 'admitted', credential: 'manual', occupancy: { inside: 2 } });
    const feedAfter = app.ctx.db.prepare("SELECT COUNT(*) FROM door_feed WHERE kind = 'scan'").pluck().get();
    expect(feedAfter).toBe((feedBefore as number) + 1);
  });
});
