import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/db.js';
import { upgradeTests } from '../support/old-store.js';

const upgrades = upgradeTests();

const euroFloat = 'shf_eurofloat00000000000';
const euroEmpty = 'shf_euroempty00000000000';
const unnamed = 'shf_unnamed0000000000000';
const noRow = 'shf_norow000000000000000';

/** A shift row as a build before migration 21 wrote it: no currency of its own. */
const shiftRow = (seq: number, id: string, floatCents: number, closedAt: number | null) =>
  `(${seq}, '${id}', 'key_till${seq}', 'stf_ann00000000000000000', ${floatCents}, 0, ${closedAt ?? 'NULL'},
    ${closedAt === null ? 'NULL' : "'stf_ann00000000000000000'"}, ${closedAt === null ? 'NULL' : floatCents})`;

const auditRow = (seq: number, action: string, objectId: string, data: Record<string, unknown>) =>
  `(${seq}, 'aud_${seq}', '${action}', 'shift', '${objectId}', 0, '${JSON.stringify(data)}')`;

describe('a store from before shifts kept their currency (migration 21) upgrades', () => {
  it('takes each shift’s currency from its shift.opened audit row; none named or no row is null, and the reports’ rules stay as they were', async () => {
    const { file, db: old } = upgrades.oldStore('marquee-shift-currency-upgrade-', { upTo: 20 });
    old.exec(`
      INSERT INTO staff (id, name, role, pin_hash, created_at, updated_at)
        VALUES ('stf_ann00000000000000000', 'Ann', 'manager', 'x', 0, 0);
      INSERT INTO shifts (seq, id, api_key_id, opened_by, opening_float_cents, opened_at, closed_at, closed_by,
        counted_cash_cents) VALUES
        ${shiftRow(3, euroFloat, 5_000, null)},
        ${shiftRow(4, euroEmpty, 0, null)},
        ${shiftRow(5, unnamed, 0, 60_000)},
        ${shiftRow(6, noRow, 0, null)};
      INSERT INTO audit_events (seq, id, action, object_type, object_id, at, data) VALUES
        ${auditRow(10, 'shift.opened', euroFloat, { opening_float_cents: 5_000, currency: 'eur' })},
        ${auditRow(11, 'shift.opened', euroEmpty, { opening_float_cents: 0, currency: 'eur' })},
        ${auditRow(12, 'shift.opened', unnamed, { opening_float_cents: 0 })},
        ${auditRow(13, 'shift.closed', unnamed, { counted_cash_cents: 0, currency: 'usd' })};
    `);
    old.close();

    const { call } = await upgrades.upgrade();
    const get = async (url: string) => {
      const res = await call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const listed = (await get('/v2/shifts')).json() as { data: { id: string; currency: string | null }[] };
    expect(listed.data.map((s) => [s.id, s.currency])).toEqual([
      [euroFloat, 'eur'],
      [euroEmpty, 'eur'],
      [unnamed, null],
      [noRow, null],
    ]);
    // The drawer rule as before: the opened currency when the drawer holds money in it (a float).
    expect((await get(`/v2/shifts/${euroFloat}/report`)).json()).toMatchObject({
      currency: 'eur',
      expected_cash_cents: 5_000,
    });
    // No money of its own: no drawer currency; the CSV words it in the opened one, else the close's.
    expect((await get(`/v2/shifts/${euroEmpty}/report`)).json()).toMatchObject({ currency: null });
    const csvCurrency = async (id: string) =>
      /\r\ncurrency,([a-z]*)/.exec((await get(`/v2/shifts/${id}/report?format=csv`)).body)?.[1];
    expect(await csvCurrency(euroEmpty)).toBe('eur');
    expect(await csvCurrency(unnamed)).toBe('usd');
    expect(await csvCurrency(noRow)).toBe('');

    const db = openStore(file);
    expect(db.prepare('SELECT seq, currency FROM shifts ORDER BY seq').all()).toEqual([
      { seq: 3, currency: 'eur' },
      { seq: 4, currency: 'eur' },
      { seq: 5, currency: null },
      { seq: 6, currency: null },
    ]);
    db.close();
  });
});
