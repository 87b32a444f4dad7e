import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, httpSaleEvent, spawnServer, killedAfterEach } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();

interface Acked {
  id: string;
  tickets: string[];
}

describe('kill -9 during a stream of checkouts', () => {
  it('every order that got a 200 survives with all its tickets, and sold equals the tickets minted', async () => {
    run.dataDir = tempDataDir('marquee-crash-');
    run.server = await spawnServer(run.dataDir);
    const base = run.server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 100_000);

    const acked: Acked[] = [];
    let cutOff = 0;
    let killing = false;
    // Four tills selling 1–3 tickets each, back to back, until the server dies under them: they
    // keep sending while the kill lands, so it hits the stream, not a pause in it.
    const worker = async (till: number) => {
      for (let i = 0; i < 2_000; i++) {
        try {
          const res = await api(base, '/v2/orders', 'POST', {
            event_id: eventId,
            items: [{ tier_id: tierId, quantity: 1 + ((till + i) % 3) }],
            buyer: { name: `Till ${till} sale ${i}`, email: `t${till}s${i}@example.com` },
            payment_method: 'card',
          });
          const body = (await res.json()) as { id: string; tickets: { id: string }[] };
          expect(res.status).toBe(200);
          acked.push({ id: body.id, tickets: body.tickets.map((t) => t.id) });
        } catch (err) {
          if (!killing) throw err;
          cutOff++;
          return;
        }
      }
    };
    const tills = [0, 1, 2, 3].map(worker);
    const deadline = Date.now() + 5_000;
    while (acked.length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    killing = true;
    await run.server.kill9();
    await Promise.all(tills);
    expect(run.server.child.signalCode).toBe('SIGKILL');
    expect(cutOff).toBe(4);
    expect(acked.length).toBeGreaterThanOrEqual(20);

    // Restart on the same data dir: every acknowledged order is there, whole.
    run.server = await spawnServer(run.dataDir);
    for (const order of acked) {
      const res = await api(run.server.url, `/v2/orders/${order.id}`);
      expect(res.status).toBe(200);
      const stored = (await res.json()) as { tickets: { id: string; status: string }[] };
      expect(stored.tickets.map((t) => t.id)).toEqual(order.tickets);
    }
    await run.server.stop();

    const db = new Database(join(run.dataDir, 'marquee.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const sold = (db.prepare('SELECT sold FROM tiers WHERE id = ?').get(tierId) as { sold: number }).sold;
      const minted = (
        db.prepare('SELECT COUNT(*) AS n FROM tickets WHERE tier_id = ?').get(tierId) as { n: number }
      ).n;
      expect(sold).toBe(minted);
      const ackedUnits = acked.reduce((n, o) => n + o.tickets.length, 0);
      // Requests cut off by the kill may or may not have committed; committed ones are whole.
      expect(minted).toBeGreaterThanOrEqual(ackedUnits);
      const torn = db
        .prepare(
          `SELECT COUNT(*) AS n FROM orders o
           WHERE o.total_cents != 2500 * (SELECT COUNT(*) FROM tickets t WHERE t.order_id = o.id)
              OR (SELECT COUNT(*) FROM attendees a WHERE a.order_id = o.id)
                 != (SELECT COUNT(*) FROM tickets t WHERE t.order_id = o.id)`,
        )
        .get() as { n: number };
      expect(torn.n).toBe(0);
      console.log(
        `crash test: ${acked.length} acknowledged orders (${ackedUnits} tickets) before kill -9, ` +
          `${cutOff} tills cut off; after restart ${minted} tickets minted, sold = ${sold}`,
      );
    } finally {
      db.close();
    }
  }, 90_000);
});
