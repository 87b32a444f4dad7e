import { describe, expect, it } from 'vitest';
import { checkTierRules, type TierState } from '../../../src/server/domain/tier-rules.js';

describe('checkTierRules', () => {
  const ok: TierState = {
    currency: 'usd',
    quantity: 10,
    sold: 0,
    sale_starts_at: null,
    sale_ends_at: null,
    visibility: 'public',
    access_code: null,
  };
  const fails = (tier: Partial<TierState>, prefix = '') => {
    try {
      checkTierRules({ ...ok, ...tier }, 'usd', prefix);
    } catch (err) {
      return err;
    }
    return undefined;
  };

  it('passes a valid tier', () => {
    expect(fails({})).toBeUndefined();
    expect(fails({ visibility: 'access_code', access_code: 'X' })).toBeUndefined();
    expect(fails({ quantity: 5, sold: 5 })).toBeUndefined();
  });

  it('names each rule’s field, with the prefix', () => {
    expect(fails({ visibility: 'access_code' }, 'tickets[3].')).toMatchObject({
      code: 'missing_field',
      param: 'tickets[3].access_code',
    });
    expect(fails({ access_code: 'X' })).toMatchObject({ code: 'invalid_field', param: 'access_code' });
    expect(fails({ sale_starts_at: 2, sale_ends_at: 2 })).toMatchObject({ param: 'sale_ends_at' });
    expect(fails({ quantity: 4, sold: 5 })).toMatchObject({ param: 'quantity' });
    expect(fails({ currency: 'eur' })).toMatchObject({ param: 'currency' });
  });
});
