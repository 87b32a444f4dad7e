import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTier, expectError, expectInvalid } from '../support/foundation-fixtures.js';
import {
  buy,
  checkout,
  comp,
  count,
  emitted,
  makeSaleTestApp,
  tierSold,
  type Sale,
} from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp());
});
afterEach(async () => t.close());

/**
 * A till showed €25 for the tier, the manager repriced it, the seller took €25 cash: the order
 * must not quietly total the new price (the shift would expect money the drawer never got).
 */
describe('POST /v2/orders with expected_total_cents', () => {
  it('refuses with price_changed when a tier was repriced since, and writes nothing', async () => {
    const shown = 2 * 2500;
    await t.call('PATCH', `/v2/tiers/${sale.tierId}`, { price_cents: 3000 });
    const res = await checkout(t, sale, {
      items: [{ tier_id: sale.tierId, quantity: 2 }],
      expected_total_cents: shown,
    });
    const error = expectError(res, 409, 'conflict_error', 'price_changed', 'expected_total_cents');
    expect(error.message).toContain('$60.00');
    expect(error.message).toContain('$50.00');
    expect(tierSold(t, sale.tierId)).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM orders')).toBe(0);
    expect(count(t, 'SELECT COUNT(*) AS n FROM tickets')).toBe(0);
    expect(emitted(t, 'order.created')).toHaveLength(0);
  });

  it('sells when the total matches, over several tiers, and for a comp at 0', async () => {
    const vip = await createTier(t, sale.eventId, { name: 'VIP', price_cents: 9000, quantity: 5 });
    const order = await buy(t, sale, {
      items: [
        { tier_id: sale.tierId, quantity: 1 },
        { tier_id: vip.id, quantity: 2 },
      ],
      expected_total_cents: 2500 + 2 * 9000,
    });
    expect(order.total_cents).toBe(20500);
    const free = await buy(t, sale, { ...comp, expected_total_cents: 0 });
    expect(free.total_cents).toBe(0);
  });

  it('a price lowered since is refused too: the customer was asked for more', async () => {
    await t.call('PATCH', `/v2/tiers/${sale.tierId}`, { price_cents: 2000 });
    expectError(
      await checkout(t, sale, { expected_total_cents: 2500 }),
      409,
      'conflict_error',
      'price_changed',
      'expected_total_cents',
    );
  });

  it('without it, the order is charged the tiers’ prices as before', async () => {
    await t.call('PATCH', `/v2/tiers/${sale.tierId}`, { price_cents: 3000 });
    expect((await buy(t, sale)).total_cents).toBe(3000);
  });

  it('refuses a negative or fractional figure as a field error', async () => {
    expectInvalid(await checkout(t, sale, { expected_total_cents: -1 }), 'expected_total_cents');
    expectInvalid(await checkout(t, sale, { expected_total_cents: 25.5 }), 'expected_total_cents');
  });
});
