import { describe, expect, it, vi } from 'vitest';
import type { CheckoutBody } from '../../../src/renderer/src/api/types.js';
import {
  answerDeadline,
  forgetUnansweredSale,
  keepUnansweredSale,
  keptUnansweredSale,
  saleLimit,
  unansweredSaleStorageKey,
  withSent,
  type UnansweredSale,
} from '../../../src/renderer/src/lib/unanswered-sale.js';

const body = (quantity: number): CheckoutBody => ({
  event_id: 'evt_1',
  items: [{ tier_id: 'tkt_1', quantity }],
  payment_method: 'cash',
  channel: 'till',
  expected_total_cents: 2500 * quantity,
});

const sale: UnansweredSale = {
  key: 'till_abc',
  sent: [body(2)],
  cart: {
    eventId: 'evt_1',
    tierId: 'tkt_1',
    held: [],
    quantity: 2,
    payment: 'cash',
    tenderedText: '60',
    buyerName: '',
    buyerEmail: '',
    compReason: '',
  },
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('a sale whose answer the till has not had', () => {
  it('remembers each different cart sent under its key once, in the order sent', () => {
    expect(withSent([], body(2))).toEqual([body(2)]);
    expect(withSent([body(2)], body(2))).toEqual([body(2)]);
    expect(withSent([body(2)], body(3))).toEqual([body(2), body(3)]);
  });

  it('is kept across a reload, and forgotten once answered', () => {
    const storage = memoryStorage();
    keepUnansweredSale(storage, sale);
    expect(keptUnansweredSale(storage)).toEqual(sale);
    forgetUnansweredSale(storage);
    expect(keptUnansweredSale(storage)).toBeNull();
  });

  it('counts anything unreadable as nothing kept', () => {
    const storage = memoryStorage();
    for (const text of [
      '{',
      'null',
      '{"key":"k","sent":[],"cart":{}}',
      JSON.stringify({ ...sale, sent: [] }),
    ]) {
      storage.setItem(unansweredSaleStorageKey, text);
      expect(keptUnansweredSale(storage)).toBeNull();
    }
    storage.setItem(
      unansweredSaleStorageKey,
      JSON.stringify({ ...sale, cart: { ...sale.cart, payment: 'bitcoin' } }),
    );
    expect(keptUnansweredSale(storage)).toBeNull();
    expect(keptUnansweredSale(null)).toBeNull();
  });

  it('gives up waiting for the answer after the deadline, as a timeout', () => {
    vi.useFakeTimers();
    try {
      const deadline = answerDeadline(1000);
      vi.advanceTimersByTime(999);
      expect(deadline.signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(deadline.signal.aborted).toBe(true);
      expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
      const cleared = answerDeadline(1000);
      cleared.clear();
      vi.advanceTimersByTime(2000);
      expect(cleared.signal.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its panel and quantity on a tier that now reads sold out, which it may have sold', () => {
    const soldOut = { sellable: false, maxQuantity: 0 };
    expect(saleLimit(soldOut, null)).toBeNull();
    expect(saleLimit(soldOut, 2)).toBe(2);
    expect(saleLimit({ sellable: true, maxQuantity: 10 }, 2)).toBe(10);
    expect(saleLimit({ sellable: true, maxQuantity: 10 }, null)).toBe(10);
  });
});
