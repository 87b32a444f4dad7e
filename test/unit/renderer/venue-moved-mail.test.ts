import { describe, expect, it } from 'vitest';
import {
  venueButtonWords,
  venueMailTargets,
  venueMoveKey,
  venueNoEmailWords,
} from '../../../src/renderer/src/lib/venue-moved-mail.js';

const listed = (order_id: string, email: string | null, mails_failed = 0) => ({
  order_id,
  buyer_name: 'Guest',
  email,
  tickets: 1,
  mails_failed,
});

describe('venue moved mail', () => {
  it('mails the listed orders with an email, names walk-ins apart, and carries the mails given up', () => {
    expect(
      venueMailTargets({
        orders: [
          listed('ord_a', 'a@example.test'),
          listed('ord_walk', null),
          listed('ord_b', 'b@example.test', 2),
        ],
      }),
    ).toEqual({
      mail: [
        { kind: 'order', id: 'ord_a', mailsFailed: 0 },
        { kind: 'order', id: 'ord_b', mailsFailed: 2 },
      ],
      noEmail: ['ord_walk'],
    });
  });

  it('keys each order per venue change and per mail given up: a later change (even back) or a failure since does not reuse it', () => {
    const first = '2026-12-02T01:00:00.000Z';
    const order = { kind: 'order' as const, id: 'ord_a', mailsFailed: 0 };
    const key = venueMoveKey('evt_1', first, order);
    expect(venueMoveKey('evt_1', first, { ...order })).toBe(key);
    const others = [
      venueMoveKey('evt_1', first, { ...order, id: 'ord_b' }),
      venueMoveKey('evt_2', first, order),
      venueMoveKey('evt_1', '2026-12-02T01:05:00.000Z', order),
      venueMoveKey('evt_1', first, { ...order, mailsFailed: 1 }),
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
