/**
 * Opening and closing a shift are changes made through the API, so the audit trail keeps them
 * (CONTRACT.md "Audit"), with the till's key and the member signed in; a refused close (the
 * shift already closed) leaves no row.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError } from '../support/foundation-fixtures.js';
import { addStaff, asStaff, signIn } from '../support/staff-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

interface AuditJson {
  action: string;
  object_type: string;
  object_id: string;
  actor: { api_key_id: string | null; device_id: string | null; staff_id: string | null };
  data: Record<string, unknown>;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const trailOf = async (objectId: string): Promise<AuditJson[]> => {
  const res = await t.call('GET', `/v2/audit_events?object_id=${objectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: AuditJson[] }).data;
};

describe('shift audit', () => {
  it('records the open (float) and the close (count, expected, over/short) with the till and the member', async () => {
    const till = await createKey(t, 'box_office');
    const bob = await addStaff(t, 'Bob', 'seller', '5678');
    const who = asStaff(await signIn(t, till, '5678'));
    const opened = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 10_000, currency: 'usd' },
      till,
      who,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const shift = opened.json() as { id: string; api_key_id: string };
    const closed = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 9_500 },
      till,
      who,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const again = await t.call(
      'POST',
      `/v2/shifts/${shift.id}/close`,
      { counted_cash_cents: 9_500 },
      till,
      who,
    );
    expect(again.statusCode).toBe(409);

    const trail = await trailOf(shift.id);
    const actor = { api_key_id: shift.api_key_id, device_id: null, staff_id: bob.id };
    expect(
      trail.map(({ action, object_type, actor: by, data }) => ({ action, object_type, by, data })),
    ).toEqual(
      expect.arrayContaining([
        {
          action: 'shift.opened',
          object_type: 'shift',
          by: actor,
          data: { opening_float_cents: 10_000, currency: 'usd' },
        },
        {
          action: 'shift.closed',
          object_type: 'shift',
          by: actor,
          data: {
            counted_cash_cents: 9_500,
            expected_cash_cents: 10_000,
            over_short_cents: -500,
            currency: 'usd',
          },
        },
      ]),
    );
    expect(trail).toHaveLength(2);
  });

  it('keeps the drawer’s currency with the float: the till’s, else tonight’s event’s; an unknown one is refused', async () => {
    const event = await t.call('POST', '/v2/events', {
      title: 'Euro Night',
      venue: 'Hall',
      doors_at: new Date(t.clock.ms + 3 * 3600_000).toISOString(),
      currency: 'eur',
      tickets: [{ name: 'Standing', price_cents: 1000, quantity: 10 }],
    });
    expect(event.statusCode, event.body).toBe(200);
    expect(
      (await t.call('POST', `/v2/events/${(event.json() as { id: string }).id}/publish`)).statusCode,
    ).toBe(200);
    await addStaff(t, 'Bob', 'seller', '5678');
    const tills = [await createKey(t, 'box_office'), await createKey(t, 'box_office')];
    const who = await Promise.all(tills.map(async (till) => asStaff(await signIn(t, till, '5678'))));

    const refused = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 100, currency: 'xyz' },
      tills[0],
      who[0],
    );
    expectError(refused, 400, 'invalid_request_error', 'invalid_field', 'currency');
    expect((await t.call('GET', '/v2/shifts')).json()).toMatchObject({ data: [] });

    const tonights = await t.call('POST', '/v2/shifts', { opening_float_cents: 5_000 }, tills[0], who[0]);
    const ownCurrency = await t.call(
      'POST',
      '/v2/shifts',
      { opening_float_cents: 800, currency: 'jpy' },
      tills[1],
      who[1],
    );
    const floats = await Promise.all(
      [tonights, ownCurrency].map(async (res) => (await trailOf((res.json() as { id: string }).id))[0]!.data),
    );
    expect(floats).toEqual([
      { opening_float_cents: 5_000, currency: 'eur' },
      { opening_float_cents: 800, currency: 'jpy' },
    ]);
  });
});
