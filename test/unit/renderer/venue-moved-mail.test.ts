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
const handedOn = (ticket_id: string, email: string | null, mails_failed = 0) => ({
  ticket_id,
  order_id: 'ord_a',
  holder_name: 'Eve',
  email,
  mails_failed,
});

describe('venue moved mail', () => {
  it('mails the listed orders and transferred tickets with an email, names the others apart, and carries the mails given up', () => {
    expect(
      venueMailTargets({
        orders: [
          listed('ord_a', 'a@example.test'),
          listed('ord_walk', null),
          listed('ord_b', 'b@example.test', 2),
        ],
        tickets: [handedOn('tik_eve', 'eve@example.test', 1), handedOn('tik_friend', null)],
      }),
    ).toEqual({
      mail: [
        { kind: 'order', id: 'ord_a', mailsFailed: 0 },
        { kind: 'order', id: 'ord_b', mailsFailed: 2 },
        { kind: 'ticket', id: 'tik_eve', mailsFailed: 1 },
      ],
      noEmail: { orders: ['ord_walk'], tickets: ['tik_friend'] },
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

  it('words the button, the walk-in orders and the tickets handed over without an email', () => {
    const order = (id: string) => ({ kind: 'order' as const, id, mailsFailed: 0 });
    const ticket = (id: string) => ({ kind: 'ticket' as const, id, mailsFailed: 0 });
    expect(venueButtonWords([order('ord_a')])).toBe('Send the new venue to 1 order');
    expect(venueButtonWords(['a', 'b', 'c'].map(order))).toBe('Send the new venue to 3 orders');
    expect(venueButtonWords([order('ord_a'), ticket('tik_e')])).toBe(
      'Send the new venue to 1 order and 1 transferred ticket',
    );
    expect(venueButtonWords([ticket('tik_e'), ticket('tik_f')])).toBe(
      'Send the new venue to 2 transferred tickets',
    );
    expect(venueNoEmailWords({ orders: [], tickets: [] })).toBeNull();
    expect(venueNoEmailWords({ orders: ['ord_w'], tickets: [] })).toBe(
      '1 walk-in order has no email: tell them at the door (ord_w).',
    );
    expect(venueNoEmailWords({ orders: ['ord_w', 'ord_x', 'ord_y'], tickets: [] })).toBe(
      '3 walk-in orders have no email: tell them at the door (ord_w, ord_x, ord_y).',
    );
    expect(venueNoEmailWords({ orders: ['ord_w'], tickets: ['tik_f'] })).toBe(
      '1 walk-in order has no email: tell them at the door (ord_w). ' +
        '1 transferred ticket was handed over without an email: tell its holder at the door (tik_f).',
    );
    expect(venueNoEmailWords({ orders: [], tickets: ['tik_f', 'tik_g'] })).toBe(
      '2 transferred tickets were handed over without an email: tell their holders at the door (tik_f, tik_g).',
    );
  });
});
