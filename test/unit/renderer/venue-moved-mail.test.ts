import { describe, expect, it } from 'vitest';
import {
  venueButtonWords,
  venueMailTargets,
  venueMoveKey,
  venueNoEmailWords,
} from '../../../src/renderer/src/lib/venue-moved-mail.js';

type Status = 'active' | 'transferred' | 'voided';
const order = (
  id: string,
  email: string | null,
  tickets: Status[] = ['active'],
  status: 'paid' | 'partially_refunded' | 'refunded' = 'paid',
) => ({
  id,
  status,
  buyer: email === null ? null : { name: 'Guest', email },
  tickets: tickets.map((s) => ({ status: s })),
});

describe('venue moved mail', () => {
  it('mails the orders with an email and a valid ticket, names walk-ins apart, skips refunded and voided', () => {
    expect(
      venueMailTargets([
        order('ord_a', 'a@example.test'),
        order('ord_part', 'p@example.test', ['voided', 'active'], 'partially_refunded'),
        order('ord_walk', null),
        { ...order('ord_blank', null), buyer: { name: 'Walk-in', email: null } },
        order('ord_refunded', 'r@example.test', ['voided'], 'refunded'),
        order('ord_voided', 'v@example.test', ['voided']),
        order('ord_walk_voided', null, ['voided']),
      ]),
    ).toEqual({
      mail: [
        { kind: 'order', id: 'ord_a', mailsFailed: 0 },
        { kind: 'order', id: 'ord_part', mailsFailed: 0 },
      ],
      noEmail: ['ord_walk', 'ord_blank'],
    });
  });

  it('keys each order per venue change: the same change keeps the key, a later one (even back) does not', () => {
    const first = { venue: 'Studio 2', savedAt: '2026-12-02T01:00:00.000Z' };
    const back = { venue: 'Main hall', savedAt: '2026-12-02T01:05:00.000Z' };
    const again = { venue: 'Studio 2', savedAt: '2026-12-02T01:10:00.000Z' };
    const key = venueMoveKey('evt_1', first, 'ord_a');
    expect(venueMoveKey('evt_1', { ...first }, 'ord_a')).toBe(key);
    const others = [
      venueMoveKey('evt_1', first, 'ord_b'),
      venueMoveKey('evt_2', first, 'ord_a'),
      venueMoveKey('evt_1', back, 'ord_a'),
      venueMoveKey('evt_1', again, 'ord_a'),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it('words the button and the walk-in orders', () => {
    expect(venueButtonWords(1)).toBe('Send the new venue to 1 order');
    expect(venueButtonWords(12)).toBe('Send the new venue to 12 orders');
    expect(venueNoEmailWords([])).toBeNull();
    expect(venueNoEmailWords(['ord_w'])).toBe('1 walk-in order has no email: tell them at the door (ord_w).');
    expect(venueNoEmailWords(['ord_w', 'ord_x', 'ord_y'])).toBe(
      '3 walk-in orders have no email: tell them at the door (ord_w, ord_x, ord_y).',
    );
  });
});
