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

const evt = 'evt_old00000000000000000';
const tier = 'tkt_old00000000000000000';
const busy = 'ord_old0000000000000000a';
const quiet = 'ord_old0000000000000000b';
const empty = 'ord_old0000000000000000c';

/** Ticket n of `order` with its attendee, as a build before migration 014 wrote them. */
function ticketSql(n: number, order: string, status: string, inside: 0 | 1): string {
  const id = `tik_old${String(n).padStart(17, '0')}`;
  const attendee = `atd_old${String(n).padStart(17, '0')}`;
  return `
    INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at)
      VALUES ('${attendee}', '${evt}', '${order}', '${id}', 'Guest ${n}', 'g${n}@example.test', 0, 0);
    INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, inside, price_cents,
      wallet_secret, issued_at, updated_at) VALUES ('${id}', '${order}', '${evt}', '${tier}', '${attendee}',
        '${status}', ${inside}, ${inside}, 100, 'old-secret-${n}', 0, 0);`;
}

describe('a store from before order admissions (schema 13) upgrades', () => {
  it("backfills each order's active and admitted tickets, and the counters follow later scans", async () => {
    dir = tempDataDir('marquee-order-admissions-upgrade-');
    const old = openStore(join(dir, 'marquee.db'), { upTo: 13 });
    const order = (id: string) => `
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, currency, payment_method,
        created_at, updated_at) VALUES ('${id}', '${evt}', 'paid', 'A', 'a@example.test', 500, 'usd', 'cash', 0, 0);`;
    old.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('${evt}', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0, 'published', 'usd', 0, 0);
      INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
        created_at, updated_at) VALUES ('${tier}', '${evt}', 'GA', 100, 'usd', 10, 8, 10, 'public', 0, 0);
      ${order(busy)} ${order(quiet)} ${order(empty)}
      ${ticketSql(1, busy, 'active', 1)}
      ${ticketSql(2, busy, 'active', 1)}
      ${ticketSql(3, busy, 'active', 0)}
      ${ticketSql(4, busy, 'voided', 1)}
      ${ticketSql(5, busy, 'transferred', 1)}
      ${ticketSql(6, quiet, 'voided', 0)}
      ${ticketSql(7, quiet, 'active', 0)}
    `);
    old.close();

    app = await buildApp(testOptions(dir, { now: new TestClock().now }));
    const counts = app.ctx.db
      .prepare('SELECT id, tickets_active, tickets_admitted FROM orders ORDER BY id')
      .all() as { id: string; tickets_active: number; tickets_admitted: number }[];
    // Voided and transferred tickets are not counted, even when their holder is still inside.
    expect(counts).toEqual([
      { id: busy, tickets_active: 3, tickets_admitted: 2 },
      { id: quiet, tickets_active: 1, tickets_admitted: 0 },
      { id: empty, tickets_active: 0, tickets_admitted: 0 },
    ]);

    const checkIn = await app.inject({
      method: 'POST',
      url: '/v2/tickets/tik_old00000000000000003/check_in',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'On the old paper list' }),
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json()).toMatchObject({
      result: 'admitted',
      order: { id: busy, tickets: 3, admitted: 3 },
    });
  });
});
