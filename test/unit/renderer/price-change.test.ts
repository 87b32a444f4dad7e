import { describe, expect, it } from 'vitest';
import type { TierView } from '../../../src/renderer/src/api/types.js';
import { priceChangeWords } from '../../../src/renderer/src/lib/price-change.js';

const tier = (id: string, name: string, price_cents: number): TierView =>
  ({ id, name, price_cents, currency: 'eur' }) as TierView;

describe('priceChangeWords', () => {
  it('names the repriced tier, old and new price, and the new total of the whole sale', () => {
    const shown = [
      { tier: tier('tkt_c', 'Child', 1000), quantity: 1 },
      { tier: tier('tkt_a', 'Adult', 2000), quantity: 2 },
    ];
    const fresh = [tier('tkt_a', 'Adult', 2500), tier('tkt_c', 'Child', 1000)];
    expect(priceChangeWords(shown, fresh)).toBe(
      'The price changed while you were selling: Adult is now €25.00 (was €20.00). The total is now €60.00: ask the customer for €10.00 more, then complete the sale again.',
    );
  });

  it('says what to do with the difference: cash handed back, or the card terminal', () => {
    const shown = [{ tier: tier('tkt_a', 'Adult', 2000), quantity: 2 }];
    const cheaper = [tier('tkt_a', 'Adult', 1500)];
    const dearer = [tier('tkt_a', 'Adult', 2500)];
    expect(priceChangeWords(shown, cheaper, 'cash')).toBe(
      'The price changed while you were selling: Adult is now €15.00 (was €20.00). The total is now €30.00: the customer gets €10.00 back, then complete the sale again.',
    );
    expect(priceChangeWords(shown, dearer, 'card')).toBe(
      'The price changed while you were selling: Adult is now €25.00 (was €20.00). The total is now €50.00: the card terminal must take €10.00 more, then complete the sale again.',
    );
    expect(priceChangeWords(shown, cheaper, 'card')).toBe(
      'The price changed while you were selling: Adult is now €15.00 (was €20.00). The total is now €30.00: refund €10.00 on the card terminal, then complete the sale again.',
    );
  });

  it('goes by the cash handed over, as the change due does: a note that covers the new total is not asked more of', () => {
    const shown = [{ tier: tier('tkt_a', 'Adult', 2000), quantity: 2 }];
    // €50 handed over for €40: repriced to €25, the €50 is exactly the new total.
    expect(priceChangeWords(shown, [tier('tkt_a', 'Adult', 2500)], 'cash', 5000)).toBe(
      'The price changed while you were selling: Adult is now €25.00 (was €20.00). The total is now €50.00: the €50.00 handed over covers it (change €0.00, given when the sale is done), then complete the sale again.',
    );
    // Cheaper: the change is the whole €20 the done screen pays, not the €10 difference.
    expect(priceChangeWords(shown, [tier('tkt_a', 'Adult', 1500)], 'cash', 5000)).toBe(
      'The price changed while you were selling: Adult is now €15.00 (was €20.00). The total is now €30.00: the €50.00 handed over covers it (change €20.00, given when the sale is done), then complete the sale again.',
    );
    // €40 handed over, €60 now: €20 more, not the €10 the totals differ by plus what was short.
    expect(priceChangeWords(shown, [tier('tkt_a', 'Adult', 3000)], 'cash', 4000)).toBe(
      'The price changed while you were selling: Adult is now €30.00 (was €20.00). The total is now €60.00: ask the customer for €20.00 more, then complete the sale again.',
    );
  });

  it('says to check the total when the tiles read again show no difference', () => {
    const shown = [{ tier: tier('tkt_a', 'Adult', 2000), quantity: 1 }];
    expect(priceChangeWords(shown, [tier('tkt_a', 'Adult', 2000)])).toBe(
      'The price changed while you were selling. Check the total with the customer, then complete the sale again.',
    );
  });

  it('says a tier is gone when it is no longer in the list', () => {
    const shown = [{ tier: tier('tkt_a', 'Adult', 2000), quantity: 1 }];
    expect(priceChangeWords(shown, [])).toBe(
      'A tier in this sale is no longer offered. Start the sale again.',
    );
  });
});
