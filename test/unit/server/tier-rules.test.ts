import { describe, expect, it } from 'vitest';
import { checkTierRules, saleState, type TierState } from '../../../src/server/domain/tier-rules.js';

const at = (iso: string) => Date.parse(iso);
const window = { sale_starts_at: at('2026-12-01T00:00:00Z'), sale_ends_at: at('2026-12-10T00:00:00Z') };

describe('saleState', () => {
  const tier = { quantity: 10, sold: 0, ...window };

  it('is not_yet before the window opens', () => {
    expect(saleState(tier, at('2026-11-30T23:59:59Z'))).toBe('not_yet');
  });

  it('is on_sale from the first millisecond of the window', () => {
    expect(saleState(tier, window.sale_starts_at)).toBe('on_sale');
    expect(saleState(tier, window.sale_ends_at - 1)).toBe('on_sale');
  });

  it('is ended from sale_ends_at on', () => {
    expect(saleState(tier, window.sale_ends_at)).toBe('ended');
  });

  it('is sold_out inside the window when sold reaches quantity', () => {
    expect(saleState({ ...tier, sold: 10 }, at('2026-12-05T00:00:00Z'))).toBe('sold_out');
    expect(saleState({ ...tier, quantity: 0 }, at('2026-12-05T00:00:00Z'))).toBe('sold_out');
  });

  it('reports the window before stock: a sold-out tier whose sale ended is ended', () => {
    expect(saleState({ ...tier, sold: 10 }, window.sale_ends_at)).toBe('ended');
    expect(saleState({ ...tier, sold: 10 }, at('2026-11-01T00:00:00Z'))).toBe('not_yet');
  });

  it('treats a null end as open-ended and a null start as already open', () => {
    const open = { quantity: 1, sold: 0, sale_starts_at: null, sale_ends_at: null };
    expect(saleState(open, 0)).toBe('on_sale');
    expect(saleState(open, at('2100-01-01T00:00:00Z'))).toBe('on_sale');
  });
});

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
