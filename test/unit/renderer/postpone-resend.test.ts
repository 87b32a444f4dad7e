import { describe, expect, it } from 'vitest';
import {
  noEmailWords,
  ordersToResend,
  postponeResendKey,
  resendOutcome,
} from '../../../src/renderer/src/lib/postpone-resend.js';

describe('postpone resend', () => {
  it('picks the orders still holding a ticket with a paper pass, apart those with no email', () => {
    const order = (id: string, email: string | null, ...tickets: [string, string | null][]) => ({
      id,
      buyer: email === null ? null : { email },
      tickets: tickets.map(([status, paper_pass]) => ({ status, paper_pass })),
    });
    expect(
      ordersToResend([
        order('ord_paper', 'a@example.test', ['active', 'pass']),
        order('ord_phone', 'b@example.test', ['active', null]),
        order('ord_voided', 'c@example.test', ['voided', null]),
        order('ord_mixed', 'd@example.test', ['transferred', null], ['active', 'pass']),
        order('ord_walk_in', null, ['active', 'pass']),
        order('ord_walk_in_phone', null, ['active', null]),
      ]),
    ).toEqual({ mail: ['ord_paper', 'ord_mixed'], noEmail: ['ord_walk_in'] });
  });

  it('says which orders only a reprint reaches, and nothing when there are none', () => {
    expect(noEmailWords([])).toBeNull();
    expect(noEmailWords(['ord_a', 'ord_b'])).toBe(
      '2 orders were sold without an email address (ord_a, ord_b): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.',
    );
  });

  it('keys each order once per move of the doors', () => {
    const key = postponeResendKey('evt_1', '2027-02-13T19:00:00.000Z', 'ord_1');
    expect(postponeResendKey('evt_1', '2027-02-13T19:00:00.000Z', 'ord_1')).toBe(key);
    expect(postponeResendKey('evt_1', '2027-02-14T19:00:00.000Z', 'ord_1')).not.toBe(key);
    expect(postponeResendKey('evt_1', '2027-02-13T19:00:00.000Z', 'ord_2')).not.toBe(key);
  });

  it('says how many were queued and which failed with why', () => {
    expect(resendOutcome(2, [])).toBe('2 orders’ tickets queued to mail again.');
    expect(resendOutcome(1, [{ orderId: 'ord_x', message: 'No buyer email.' }])).toBe(
      '1 order’s tickets queued to mail again. Not sent (1): ord_x: No buyer email.',
    );
  });
});
