import { describe, expect, it } from 'vitest';
import {
  oldEvent as evt,
  oldEventSql,
  oldTier as tier,
  oldTierSql,
  upgradeTests,
} from '../support/old-store.js';

const upgrades = upgradeTests();

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
    const { db: old } = upgrades.oldStore('marquee-order-admissions-upgrade-', { upTo: 13 });
    const order = (id: string) => `
      INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, currency, payment_method,
        created_at, updated_at) VALUES ('${id}', '${evt}', 'paid', 'A', 'a@example.test', 500, 'usd', 'cash', 0, 0);`;
    old.exec(`
      ${oldEventSql}
      ${oldTierSql(8)}
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

    const { app, call } = await upgrades.upgrade();
    const counts = app.ctx.db
      .prepare('SELECT id, tickets_active, tickets_admitted FROM orders ORDER BY id')
      .all() as { id: string; tickets_active: number; tickets_admitted: number }[];
    // Voided and transferred tickets are not counted, even when their holder is still inside.
    expect(counts).toEqual([
      { id: busy, tickets_active: 3, tickets_admitted: 2 },
      { id: quiet, tickets_active: 1, tickets_admitted: 0 },
      { id: empty, tickets_active: 0, tickets_admitted: 0 },
    ]);

    const checkIn = await call('POST', '/v2/tickets/tik_old00000000000000003/check_in', {
      reason: 'On the old paper list',
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json()).toMatchObject({
      result: 'admitted',
      order: { id: busy, tickets: 3, admitted: 3 },
    });
  });
});
