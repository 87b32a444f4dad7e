import { describe, expect, it } from 'vitest';
import { voidMoneyWords } from '../../../src/renderer/src/lib/void-outcome.js';

const order = {
  payment_method: 'cash' as const,
  total_cents: 5000,
  refunded_cents: 0,
  currency: 'usd',
};

describe('voidMoneyWords: what the Void dialog says about the money', () => {
  it('with the refund on, says how it is recorded (the way the order was paid) and what staff do by hand', () => {
    expect(voidMoneyWords(order, true, true)).toBe(
      "The ticket's price (at most $50.00, what is left on the order) is recorded as refunded as cash from the drawer (the shift expects that much less cash). Hand it to the guest from the drawer. Marquee itself moves no money.",
    );
    expect(voidMoneyWords({ ...order, payment_method: 'card', refunded_cents: 2000 }, true, true)).toMatch(
      /at most \$30\.00.*paid back to the card\. Refund it on the card terminal\. Marquee itself moves no money\.$/,
    );
    expect(voidMoneyWords({ ...order, payment_method: 'external' }, true, true)).toMatch(
      /some other way\. Pay the guest back where they paid\./,
    );
  });

  it('says the cash is in no report when no shift is open on this till, and promises nothing when unknown', () => {
    expect(voidMoneyWords(order, true, false)).toBe(
      "The ticket's price (at most $50.00, what is left on the order) is recorded as refunded as cash from the drawer (no shift is open on this till, so no Z report counts it: note it for the cash-up). Hand it to the guest from the drawer. Marquee itself moves no money.",
    );
    expect(voidMoneyWords(order, true, null)).toBe(
      "The ticket's price (at most $50.00, what is left on the order) is recorded as refunded as cash from the drawer. Hand it to the guest from the drawer. Marquee itself moves no money.",
    );
    // A card refund leaves the drawer alone, shift or not.
    expect(voidMoneyWords({ ...order, payment_method: 'card' }, true, false)).not.toMatch(/shift/);
  });

  it('with the refund off, or nothing to give back, says no money moves', () => {
    expect(voidMoneyWords(order, false, true)).toBe(
      'No refund is recorded: the order keeps what was paid and no money goes back to the guest.',
    );
    expect(voidMoneyWords({ ...order, refunded_cents: 5000 }, true, true)).toBe(
      'Nothing is left to refund on this order: no money goes back to the guest.',
    );
    for (const refund of [true, false]) {
      expect(voidMoneyWords({ ...order, payment_method: 'comp', total_cents: 0 }, refund, true)).toBe(
        'This order was complimentary: there is no money to give back.',
      );
    }
  });
});
