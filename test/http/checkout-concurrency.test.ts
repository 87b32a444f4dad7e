import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, httpSaleEvent, spawnServer, killedAfterEach } from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

const run = killedAfterEach();

describe('checkout under contention, over real HTTP', () => {
  it('100 concurrent checkouts for 40 seats: exactly 40 succeed, 60 are sold_out, 40 tickets exist', async () => {
    run.dataDir = tempDataDir('marquee-concurrency-');
    run.server = await spawnServer(run.dataDir);
    const { eventId, tierId } = await httpSaleEvent(run.server.url, 40);

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api(run.server!.url, '/v2/orders', 'POST', {
          event_id: eventId,
          items: [{ tier_id: tierId, quantity: 1 }],
          buyer: { name: `Buyer ${i}`, email: `buyer${i}@example.com` },
          payment_method: 'card',
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> })),
      ),
    );
    const elapsedMs = performance.now() - started;

    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(40);
    expect(refused).toHaveLength(60);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        error: { type: 'conflict_error', code: 'sold_out', param: 'items[0].tier_id' },
      });
    }
    const ticketIds = ok.flatMap((r) => (r.body.tickets as { id: string }[]).map((t) => t.id));
    expect(new Set(ticketIds).size).toBe(40);

    const tier = (await (await api(run.server.url, `/v2/tiers/${tierId}`)).json()) as {
      sold: number;
      quantity: number;
    };
    expect(tier).toMatchObject({ sold: 40, quantity: 40 });

    await run.server.stop();
    const db = new Database(join(run.dataDir, 'marquee.db'), { readonly: true });
    try {
      const one = (sql: string) => (db.prepare(sql).get(tierId) as { n: number }).n;
      expect(one('SELECT sold AS n FROM tiers WHERE id = ?')).toBe(40);
      expect(one('SELECT COUNT(*) AS n FROM tickets WHERE tier_id = ?')).toBe(40);
      expect(one("SELECT COUNT(*) AS n FROM tickets WHERE tier_id = ? AND status = 'active'")).toBe(40);
      expect(
        one(
          'SELECT COUNT(*) AS n FROM attendees WHERE ticket_id IN (SELECT id FROM tickets WHERE tier_id = ?)',
        ),
      ).toBe(40);
      expect((db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n).toBe(40);
      const stored = (db.prepare('SELECT id FROM tickets ORDER BY id').all() as { id: string }[]).map(
        (r) => r.id,
      );
      expect(stored).toEqual([...ticketIds].sort());
    } finally {
      db.close();
    }
    console.log(
      `100 concurrent checkouts over HTTP: ${elapsedMs.toFixed(0)} ms (40 × 200, 60 × 409 sold_out)`,
    );
  }, 60_000);
});
