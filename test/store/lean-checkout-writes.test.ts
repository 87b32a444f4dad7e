import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { auditPageSql } from '../../src/server/store/audit-repo.js';
import { openStore, schemaVersion, type Db } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import { ReportsRepo } from '../../src/server/store/reports-repo.js';
import { buy, comp, saleEvent } from '../support/sales-fixtures.js';
import { openTestApp, tempDataDir, type TestApp } from '../support/test-app.js';

let dir: string;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Every way the trail is read (store/audit-repo.ts): each filter on and off. */
const auditSearches = [true, false].flatMap((withObject) =>
  [null, 'key_a'].flatMap((actor) =>
    [null, 5_000].map((since) => ({
      sql: auditPageSql(withObject),
      params: { after: 0, object: withObject ? 'ord_1' : null, actor, since, limit: 50 },
    })),
  ),
);

/** The event report's two sums, as ReportsRepo prepares them. */
function reportSql(): string[] {
  return [...ReportsRepo.toString().matchAll(/`(SELECT[\s\S]*?INDEXED BY[\s\S]*?)`/g)].map((m) => m[1]!);
}

function plans(db: Db): string[] {
  const audit = auditSearches.map(({ sql, params }) => planOf(db, sql, params));
  const report = reportSql().map((sql) => planOf(db, sql, { event: 'evt_1', minutes: 15 }));
  return [...audit, ...report];
}

const planOf = (db: Db, sql: string, params: Record<string, unknown>): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
    .map((row) => row.detail)
    .join('\n');

const auditIndexes = (db: Db): string[] =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_events' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);

/** Opening an old store brings it to the newest version, whichever that is now. */
const latest = migrations.at(-1)!.version;

const evt = 'evt_old00000000000000000';
const tier = 'tkt_old00000000000000000';

/** An order as a build at schema 16 wrote it. */
const orderSql = (id: string, method: string, total: number): string => `
  INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, currency, payment_method,
    created_at, updated_at) VALUES ('${id}', '${evt}', 'paid', 'A', 'a@example.test', ${total}, 'usd', '${method}', 0, 0);`;

/** Ticket n of `order` with its attendee. */
function ticketSql(n: number, order: string, price: number): string {
  const id = `tik_old${String(n).padStart(17, '0')}`;
  const attendee = `atd_old${String(n).padStart(17, '0')}`;
  return `
    INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at)
      VALUES ('${attendee}', '${evt}', '${order}', '${id}', 'Guest ${n}', 'g${n}@example.test', 0, 0);
    INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, inside, price_cents,
      wallet_secret, issued_at, updated_at) VALUES ('${id}', '${order}', '${evt}', '${tier}', '${attendee}',
        'active', 0, 0, ${price}, 'old-secret-${n}', 0, 0);`;
}

const comps = (db: Db, tierId: string): number =>
  (db.prepare('SELECT comps FROM tiers WHERE id = ?').get(tierId) as { comps: number }).comps;

describe('migration 017 (lean checkout writes)', () => {
  it('reads the audit trail and the event report with the same plans, without the unread indexes', () => {
    dir = tempDataDir('marquee-lean-writes-');
    const file = join(dir, 'marquee.db');
    const old = openStore(file, { upTo: 16 });
    const before = plans(old);
    old.close();
    const db = openStore(file);
    expect(schemaVersion(db)).toBe(latest);
    expect(plans(db)).toEqual(before);
    expect(auditIndexes(db)).toEqual([
      'audit_events_by_object',
      'audit_events_by_order',
      'sqlite_autoindex_audit_events_1',
    ]);
    // Still: an object's history from its indexes, the report from its covering indexes alone.
    const [objectPlan] = before;
    expect(objectPlan).toContain('USING INDEX audit_events_by_object');
    expect(objectPlan).toContain('USING INDEX audit_events_by_order');
    expect(before.at(-2)).toContain('USING COVERING INDEX tickets_report');
    expect(before.at(-1)).toContain('USING COVERING INDEX orders_report');
    db.close();
  });

  it("a store at 16 keeps its tiers' comps, and counts a comp's tickets only, not paid or free ones", async () => {
    dir = tempDataDir('marquee-lean-writes-');
    const old = openStore(join(dir, 'marquee.db'), { upTo: 16 });
    old.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('${evt}', 'Old show', 'Hall', ${Date.parse('2026-12-24T19:00:00Z')}, 0, 'published', 'usd', 0, 0);
      INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
        created_at, updated_at) VALUES ('${tier}', '${evt}', 'GA', 2500, 'usd', 100, 3, 10, 'public', 0, 0);
      ${orderSql('ord_old0000000000000000a', 'comp', 0)}
      ${ticketSql(1, 'ord_old0000000000000000a', 0)}
      ${ticketSql(2, 'ord_old0000000000000000a', 0)}
      ${orderSql('ord_old0000000000000000b', 'card', 2500)}
      ${ticketSql(3, 'ord_old0000000000000000b', 2500)}
    `);
    expect(comps(old, tier)).toBe(2);
    old.close();

    t = await openTestApp(dir);
    const db = t.app.ctx.db;
    expect(schemaVersion(db)).toBe(latest);
    expect(comps(db, tier)).toBe(2);

    const sale = { eventId: evt, tierId: tier };
    const given = await buy(t, sale, { ...comp, items: [{ tier_id: tier, quantity: 3 }] });
    await buy(t, sale, { items: [{ tier_id: tier, quantity: 4 }] });
    expect(comps(db, tier)).toBe(5);
    // A free tier's ticket paid in cash is price 0 but no comp; a comp of it is.
    const free = await saleEvent(t, { price_cents: 0 });
    await buy(t, free, { payment_method: 'cash' });
    expect(comps(db, free.tierId)).toBe(0);
    await buy(t, free, comp);
    expect(comps(db, free.tierId)).toBe(1);
    // A transfer's new ticket (price 0, of a comp order) is not a second comp.
    const moved = await t.call('POST', `/v2/tickets/${given.tickets[0]!.id}/transfer`, {
      to_email: 'lou@example.com',
      name: 'Lou',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(comps(db, tier)).toBe(5);
    // The counter agrees with the tickets themselves (migration 013's definition).
    const counted = db
      .prepare(
        `SELECT COUNT(*) AS n FROM tickets k JOIN orders o ON o.id = k.order_id
         WHERE k.tier_id = ? AND o.payment_method = 'comp' AND k.transferred_from IS NULL`,
      )
      .get(tier) as { n: number };
    expect(counted.n).toBe(5);
  });
});
