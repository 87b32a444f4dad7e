import { describe, expect, it } from 'vitest';
import { saleDoneWords } from '../../../src/renderer/src/lib/sale-done-words.js';

describe('what a screen reader hears as a sale completes', () => {
  it('says the change due first, and never the order id', () => {
    const words = saleDoneWords({
      tickets: 4,
      paymentMethod: 'cash',
      totalCents: 5000,
      currency: 'USD',
      cash: { tendered: 6000, change: 1000 },
    });
    expect(words).toBe('Sale complete. Change due $10.00. 4 tickets, Cash, total $50.00, tendered $60.00.');
  });

  it('says no change when no cash changed hands', () => {
    expect(
      saleDoneWords({ tickets: 1, paymentMethod: 'card', totalCents: 2500, currency: 'USD', cash: null }),
    ).toBe('Sale complete. 1 ticket, Card, total $25.00.');
  });
});
