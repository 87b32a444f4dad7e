import { describe, expect, it } from 'vitest';
import {
  noEmailWords,
  postponeResendKey,
  resendButtonWords,
  resendOutcome,
  toResend,
  type ResendTarget,
} from '../../../src/renderer/src/lib/postpone-resend.js';

const order = (id: string): ResendTarget => ({ kind: 'order', id, mailsFailed: 0 });
const ticket = (id: string): ResendTarget => ({ kind: 'ticket', id, mailsFailed: 0 });

describe('postpone resend', () => {
  it("takes the server's out-of-date orders and transferred tickets, apart those with no email", () => {
    expect(
      toResend({
        orders: [
          { order_id: 'ord_a', buyer_name: 'Ann', email: 'a@example.test', tickets: 2, mails_failed: 1 },
          { order_id: 'ord_walk_in', buyer_name: null, email: null, tickets: 1, mails_failed: 0 },
        ],
        tickets: [
          {
            ticket_id: 'tik_e',
            order_id: 'ord_d',
            holder_name: 'Eve',
            email: 'e@example.test',
            mails_failed: 0,
          },
          { ticket_id: 'tik_f', order_id: 'ord_d', holder_name: 'Friend', email: null, mails_failed: 0 },
        ],
      }),
    ).toEqual({
      mail: [
        { kind: 'order', id: 'ord_a', mailsFailed: 1 },
        { kind: 'ticket', id: 'tik_e', mailsFailed: 0 },
      ],
      noEmail: { orders: ['ord_walk_in'], tickets: ['tik_f'] },
    });
  });

  it('counts orders and transferred tickets on the button', () => {
    expect(resendButtonWords([order('o1'), order('o2')])).toBe('Resend tickets to 2 orders');
    expect(resendButtonWords([order('o1'), ticket('t1')])).toBe(
      'Resend tickets to 1 order and 1 transferred ticket',
    );
    expect(resendButtonWords([ticket('t1'), ticket('t2')])).toBe('Resend tickets to 2 transferred tickets');
  });

  it('says which orders and tickets only a reprint reaches, and nothing when there are none', () => {
    expect(noEmailWords({ orders: [], tickets: [] })).toBeNull();
    expect(noEmailWords({ orders: ['ord_a', 'ord_b'], tickets: [] })).toBe(
      '2 orders were sold without an email address (ord_a, ord_b): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.',
    );
    expect(noEmailWords({ orders: [], tickets: ['tik_f'] })).toBe(
      '1 transferred ticket was handed over without an email address (tik_f): reprint it for its holder at the box office.',
    );
  });

  it('keys each order or ticket once per move of the doors, and anew after a mail the sender gave up on', () => {
    const doors = '2027-02-13T19:00:00.000Z';
    const key = postponeResendKey('evt_1', doors, order('ord_1'));
    expect(postponeResendKey('evt_1', doors, order('ord_1'))).toBe(key);
    expect(postponeResendKey('evt_1', '2027-02-14T19:00:00.000Z', order('ord_1'))).not.toBe(key);
    expect(postponeResendKey('evt_1', doors, order('ord_2'))).not.toBe(key);
    expect(postponeResendKey('evt_1', doors, { ...order('ord_1'), mailsFailed: 1 })).not.toBe(key);
  });

  it('says what was queued and which failed with why', () => {
    expect(resendOutcome([order('o1'), order('o2')], [])).toBe('2 orders’ tickets queued to mail again.');
    expect(resendOutcome([order('o1'), ticket('t1')], [])).toBe(
      '1 order’s tickets and 1 transferred ticket queued to mail again.',
    );
    expect(resendOutcome([], [{ id: 'ord_x', message: 'Failed to fetch.' }])).toBe(
      '0 orders’ tickets queued to mail again. Not sent (1): ord_x: Failed to fetch.',
    );
  });
});
