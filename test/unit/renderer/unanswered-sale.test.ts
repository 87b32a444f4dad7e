import { describe, expect, it, vi } from 'vitest';
import type { CheckoutBody } from '../../../src/renderer/src/api/types.js';
import { memoryStorage } from '../../support/memory-storage.js';
import {
  answerDeadline,
  dropUnansweredSale,
  forgetUnansweredSale,
  keepUnansweredSale,
  keptUnansweredSale,
  keptUnansweredSales,
  refusedSaleWords,
  saleCalled,
  saleLimit,
  saleTime,
  tillScope,
  tooOldToCheck,
  unansweredSaleStorageKey,
  wasDropped,
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
  sentAt: Date.UTC(2026, 10, 30, 19, 42),
  seller: null,
};

const scope = tillScope('http://127.0.0.1:4000', 'sk_live_till_one');

describe('a sale whose answer the till has not had', () => {
  it('remembers each different cart sent under its key once, in the order sent', () => {
    expect(withSent([], body(2))).toEqual([body(2)]);
    expect(withSent([body(2)], body(2))).toEqual([body(2)]);
    expect(withSent([body(2)], body(3))).toEqual([body(2), body(3)]);
  });

  it('is kept until answered, one entry per sale, oldest first', () => {
    const storage = memoryStorage();
    const later = { ...sale, key: 'till_later', sentAt: sale.sentAt + 60_000 };
    keepUnansweredSale(storage, scope, later);
    keepUnansweredSale(storage, scope, sale);
    expect(keptUnansweredSale(storage, scope, sale.key)).toEqual(sale);
    expect(keptUnansweredSales(storage, scope)).toEqual([sale, later]);
    forgetUnansweredSale(storage, scope, sale.key);
    expect(keptUnansweredSales(storage, scope)).toEqual([later]);
  });

  it('remembers the shift it was first sent in, to settle it there once that shift is cashed up', () => {
    const storage = memoryStorage();
    const inShift = { ...sale, key: 'till_in_shift', shift: 'shf_night' };
    keepUnansweredSale(storage, scope, inShift);
    expect(keptUnansweredSale(storage, scope, inShift.key)).toEqual(inShift);
  });

  it('is seen only by the till (server and key) that sent it, and never stores the key', () => {
    const storage = memoryStorage();
    keepUnansweredSale(storage, scope, sale);
    const otherKey = tillScope('http://127.0.0.1:4000', 'sk_live_till_two');
    const otherVenue = tillScope('http://127.0.0.1:4001', 'sk_live_till_one');
    expect(new Set([scope, otherKey, otherVenue]).size).toBe(3);
    expect(keptUnansweredSales(storage, otherKey)).toEqual([]);
    expect(keptUnansweredSales(storage, otherVenue)).toEqual([]);
    expect(tillScope('http://127.0.0.1:4000/', 'sk_live_till_one')).toBe(scope);
    expect([...storage.items.keys(), ...storage.items.values()].join()).not.toContain('sk_live');
  });

  it('is not checked past the server keeping its answer (24 h), with an hour to spare for clocks', () => {
    expect(tooOldToCheck(sale.sentAt, sale.sentAt + 22 * 3_600_000)).toBe(false);
    expect(tooOldToCheck(sale.sentAt, sale.sentAt + 23 * 3_600_000 + 1)).toBe(true);
  });

  it('names the sale by the time it was sent, and the day when not today', () => {
    const sent = new Date(2026, 10, 30, 19, 42).getTime();
    expect(saleTime(sent, sent + 3_600_000)).toBe('19:42');
    expect(saleTime(sent, new Date(2026, 11, 1, 9, 0).getTime())).toBe('19:42 on 30 Nov');
  });

  it("says why a sale sent again was refused in a seller's words", () => {
    expect(refusedSaleWords(saleCalled('19:42'), 'sold_out', 'Only 1 left.')).toBe(
      'The sale from 19:42 did not go through: there are not enough tickets left now. Nothing was sold; sell it again if the customer still wants it.',
    );
    expect(refusedSaleWords(saleCalled('19:42'), 'something_new', 'The server said no')).toContain(
      'did not go through: The server said no. Nothing was sold',
    );
  });

  it('counts anything unreadable as nothing kept', () => {
    const storage = memoryStorage();
    for (const text of [
      '{',
      'null',
      '{"key":"k","sent":[],"cart":{}}',
      JSON.stringify({ ...sale, sent: [] }),
    ]) {
      storage.setItem(unansweredSaleStorageKey(scope, 'k'), text);
      expect(keptUnansweredSale(storage, scope, 'k')).toBeNull();
    }
    storage.setItem(
      unansweredSaleStorageKey(scope, sale.key),
      JSON.stringify({ ...sale, cart: { ...sale.cart, payment: 'bitcoin' } }),
    );
    expect(keptUnansweredSale(storage, scope, sale.key)).toBeNull();
    storage.setItem(unansweredSaleStorageKey(scope, sale.key), JSON.stringify({ ...sale, sentAt: '19:42' }));
    expect(keptUnansweredSales(storage, scope)).toEqual([]);
    expect(keptUnansweredSale(null, scope, sale.key)).toBeNull();
  });

  it('a sale dropped with New sale leaves a mark: never put back, and cleared once past the answers kept', () => {
    const storage = memoryStorage();
    keepUnansweredSale(storage, scope, sale);
    dropUnansweredSale(storage, scope, sale.key, sale.sentAt);
    expect(wasDropped(storage, scope, sale.key)).toBe(true);
    expect(keptUnansweredSale(storage, scope, sale.key)).toBeNull();
    expect(keptUnansweredSales(storage, scope, sale.sentAt + 60_000)).toEqual([]);
    expect(storage.items.size).toBe(1);
    expect(keptUnansweredSales(storage, scope, sale.sentAt + 24 * 3_600_000)).toEqual([]);
    expect(storage.items.size).toBe(0);
    expect(wasDropped(storage, scope, sale.key)).toBe(false);
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
