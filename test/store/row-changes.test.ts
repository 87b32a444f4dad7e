import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../../src/server/store/db.js';
import { watchRowChanges } from '../../src/server/store/row-changes.js';
import { tempDataDir } from '../support/test-app.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = tempDataDir('marquee-rows-');
  db = openStore(join(dir, 'marquee.db'));
  // Only the columns the watcher reads matter; the real tickets table has foreign keys.
  db.pragma('foreign_keys = OFF');
  for (const id of ['tik_a', 'tik_b']) {
    db.prepare(
      `INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, price_cents,
         wallet_secret, issued_at, updated_at)
       VALUES (?, 'ord_x', 'evt_x', 'tkt_x', 'atd_x', 'active', 0, 100, ?, 0, 0)`,
    ).run(id, `secret-${id}`);
  }
});
afterEach(() => {
  if (db?.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('watchRowChanges', () => {
  it('names every updated or deleted row, whichever statement changed it, and not inserts', () => {
    const seen: string[] = [];
    watchRowChanges(db, 'tickets', (id) => seen.push(id));
    db.prepare(
      "INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, price_cents, wallet_secret, issued_at, updated_at) VALUES ('tik_c', 'o', 'e', 't', 'a', 'active', 0, 1, 's-c', 0, 0)",
    ).run();
    expect(seen).toEqual([]);
    db.prepare('UPDATE tickets SET scan_count = scan_count + 1 WHERE id = ?').run('tik_a');
    db.exec("UPDATE tickets SET status = 'voided' WHERE id IN ('tik_b', 'tik_c')");
    db.prepare('DELETE FROM tickets WHERE id = ?').run('tik_a');
    expect(seen.sort()).toEqual(['tik_a', 'tik_a', 'tik_b', 'tik_c']);
  });

  it('tells changes that are then rolled back too (listeners only forget)', () => {
    const seen: string[] = [];
    watchRowChanges(db, 'tickets', (id) => seen.push(id));
    const failing = db.transaction(() => {
      db.prepare("UPDATE tickets SET status = 'voided' WHERE id = 'tik_a'").run();
      throw new Error('refused');
    });
    expect(() => failing()).toThrow('refused');
    expect(seen).toEqual(['tik_a']);
    expect(db.prepare("SELECT status FROM tickets WHERE id = 'tik_a'").pluck().get()).toBe('active');
  });

  it('serves several listeners on one connection, each until it stops', () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = watchRowChanges(db, 'tickets', (id) => first.push(id));
    watchRowChanges(db, 'tickets', (id) => second.push(id));
    db.exec("UPDATE tickets SET scan_count = 1 WHERE id = 'tik_a'");
    stopFirst();
    db.exec("UPDATE tickets SET scan_count = 2 WHERE id = 'tik_b'");
    expect(first).toEqual(['tik_a']);
    expect(second).toEqual(['tik_a', 'tik_b']);
  });

  it('writes nothing to the store: the triggers are the connection’s own', () => {
    watchRowChanges(db, 'tickets', () => {});
    const inStore = db.prepare(
      "SELECT name FROM main.sqlite_schema WHERE type = 'trigger' AND name LIKE 'watch_%'",
    );
    expect(inStore.all()).toEqual([]);
    const onConnection = db.prepare(
      "SELECT name FROM temp.sqlite_schema WHERE type = 'trigger' ORDER BY name",
    );
    expect(onConnection.pluck().all()).toEqual(['watch_tickets_delete', 'watch_tickets_update']);
  });

  it('follows a tier’s name, not its stock: the stock update of every sale fires nothing', () => {
    db.prepare(
      `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, max_per_order, visibility,
         created_at, updated_at) VALUES ('tkt_a', 'evt_x', 'GA', 100, 'usd', 10, 10, 'public', 0, 0)`,
    ).run();
    const seen: string[] = [];
    watchRowChanges(db, 'tiers', (id) => seen.push(id));
    db.exec("UPDATE tiers SET sold = sold + 2, updated_at = 1 WHERE id = 'tkt_a'");
    db.exec("UPDATE tiers SET quantity = 20 WHERE id = 'tkt_a'");
    expect(seen).toEqual([]);
    db.exec("UPDATE tiers SET name = 'General' WHERE id = 'tkt_a'");
    db.exec("DELETE FROM tiers WHERE id = 'tkt_a'");
    expect(seen).toEqual(['tkt_a', 'tkt_a']);
  });

  it('follows only the watched columns of tiers and events: a sale (tiers.sold) tells no one', () => {
    db.exec(`
      INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at)
        VALUES ('evt_x', 'Show', 'Hall', 0, 0, 'published', 'usd', 0, 0);
      INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility,
        created_at, updated_at) VALUES ('tkt_x', 'evt_x', 'GA', 100, 'usd', 10, 0, 10, 'public', 0, 0);
    `);
    const tiers: string[] = [];
    const events: string[] = [];
    watchRowChanges(db, 'tiers', (id) => tiers.push(id));
    watchRowChanges(db, 'events', (id) => events.push(id));
    db.exec("UPDATE tiers SET sold = sold + 1, updated_at = 5 WHERE id = 'tkt_x'");
    db.exec("UPDATE events SET title = 'Renamed' WHERE id = 'evt_x'");
    expect([tiers, events]).toEqual([[], []]);
    db.exec("UPDATE tiers SET paper_pass = 0 WHERE id = 'tkt_x'");
    db.exec("UPDATE events SET doors_at = 60000 WHERE id = 'evt_x'");
    expect([tiers, events]).toEqual([['tkt_x'], ['evt_x']]);
  });
});
