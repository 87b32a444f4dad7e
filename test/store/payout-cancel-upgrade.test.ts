import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/db.js';
import { oldEvent as evt, oldEventSql, upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

describe('a store from before payouts could be cancelled (migration 19) upgrades', () => {
  it('keeps every payout, its seq and status, and its pending one can then be cancelled', async () => {
    const { file, db: old } = upgrades.oldStore('marquee-payout-upgrade-', { upTo: 18 });
    old.exec(`
      ${oldEventSql}
      INSERT INTO payouts (seq, id, event_id, amount_cents, currency, status, created_at, paid_at)
        VALUES (7, 'pay_paid0000000000000000', '${evt}', 1000, 'usd', 'paid', 0, 60000),
               (9, 'pay_pend0000000000000000', '${evt}', 500, 'usd', 'pending', 120000, NULL);
    `);
    old.close();

    const { call } = await upgrades.upgrade();
    const listed = (await call('GET', `/v2/payouts?event_id=${evt}`)).json() as {
      data: { id: string; status: string; paid_at: string | null; cancelled_at: string | null }[];
    };
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: 'pay_paid0000000000000000',
        status: 'paid',
        paid_at: '1970-01-01T00:01:00.000Z',
        cancelled_at: null,
      }),
      expect.objectContaining({ id: 'pay_pend0000000000000000', status: 'pending', cancelled_at: null }),
    ]);
    const cancelled = await call('POST', '/v2/payouts/pay_pend0000000000000000/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const db = openStore(file);
    expect(db.prepare('SELECT seq FROM payouts ORDER BY seq').all()).toEqual([{ seq: 7 }, { seq: 9 }]);
    db.close();
  });
});
