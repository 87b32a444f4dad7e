import { describe, expect, it } from 'vitest';
import { voidMoneyWords, voidRefundCents } from '../../../src/renderer/src/lib/void-outcome.js';

const order = {
  payment_method: 'cash' as const,
  total_cents: 5000,
  refunded_cents: 0,
  currency: 'usd',
};
const ticket = { price_cents: 2500 };

describe('voidMoneyWords: what the Void dialog says about the money', () => {
  it('with the refund on, says the amount, where it goes back (the way the order was paid) and what staff do by hand', () => {
    expect(voidMoneyWords(order, ticket, true, true)).toBe(
      '$25.00 is recorded as refunded as cash from the drawer (the shift expects that much less cash). Hand it to the guest from the drawer. Marquee itself moves no money.',
    );
    expect(voidMoneyWords({ ...order, payment_method: 'card' }, ticket, true, true)).toBe(
      '$25.00 is recorded as refunded as paid back to the card. Refund it on the card terminal. Marquee itself moves no money.',
    );
    expect(voidMoneyWords({ ...order, payment_method: 'external' }, ticket, true, true)).toMatch(
      /^\$25\.00 is recorded as refunded as paid back some other way\. Pay the guest back where they paid\./,
    );
  });

  it('says the refund is capped at what is left on the order, with both amounts', () => {
    expect(
      voidMoneyWords({ ...order, payment_method: 'card', refunded_cents: 4000 }, ticket, true, true),
    ).toBe(
      '$10.00 (the ticket cost $25.00, but only $10.00 is left on the order) is recorded as refunded as paid back to the card. Refund it on the card terminal. Marquee itself moves no money.',
    );
    expect(voidRefundCents(ticket, { ...order, refunded_cents: 4000 })).toBe(1000);
    expect(voidRefundCents(ticket, { ...order, refunded_cents: 5000 })).toBe(0);
  });

  it('says the cash is in no report when no shift is open on this till, and promises nothing when unknown', () => {
    expect(voidMoneyWords(order, ticket, true, false)).toBe(
      '$25.00 is recorded as refunded as cash from the drawer (no shift is open on this till, so no Z report counts it: note it for the cash-up). Hand it to the guest from the drawer. Marquee itself moves no money.',
    );
    expect(voidMoneyWords(order, ticket, true, null)).toBe(
      '$25.00 is recorded as refunded as cash from the drawer. Hand it to the guest from the drawer. Marquee itself moves no money.',
    );
    // A card refund leaves the drawer alone, shift or not.
    expect(voidMoneyWords({ ...order, payment_method: 'card' }, ticket, true, false)).not.toMatch(/shift/);
  });

  it('with the refund off, or nothing left on the order, says no money moves and what the ticket cost', () => {
    expect(voidMoneyWords(order, ticket, false, true)).toBe(
      'No refund is recorded: the order keeps the $25.00 this ticket cost and no money goes back to the guest.',
    );
    expect(voidMoneyWords({ ...order, refunded_cents: 5000 }, ticket, true, true)).toBe(
      'This ticket cost $25.00, but the order has been refunded in full already: nothing more is refunded and no money goes back to the guest.',
    );
  });

  it('says plainly that a free or comp ticket has no money to give back, never offering a refund', () => {
    for (const refund of [true, false]) {
      expect(
        voidMoneyWords(
          { ...order, payment_method: 'comp', total_cents: 0 },
          { price_cents: 0 },
          refund,
          true,
        ),
      ).toBe('This ticket was complimentary: nothing is refunded and no money goes back to the guest.');
      // A free tier's ticket on a paid order: the order has money left, the ticket has none.
      expect(voidMoneyWords(order, { price_cents: 0 }, refund, true)).toBe(
        'This ticket was free: nothing is refunded and no money goes back to the guest.',
      );
    }
    expect(voidRefundCents({ price_cents: 0 }, order)).toBe(0);
  });
});
