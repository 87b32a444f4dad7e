import { describe, expect, it } from 'vitest';
import {
  ordersToResend,
  postponeResendKey,
  resendOutcome,
} from '../../../src/renderer/src/lib/postpone-resend.js';

describe('postpone resend', () => {
  it('picks the orders still holding a ticket with a paper pass', () => {
    const order = (id: string, ...tickets: [string, string | null][]) => ({
      id,
      tickets: tickets.map(([status, paper_pass]) => ({ status, paper_pass })),
    });
    expect(
      ordersToResend([
        order('ord_paper', ['active', 'pass']),
        order('ord_phone', ['active', null]),
        order('ord_voided', ['voided', null]),
        order('ord_mixed', ['transferred', null], ['active', 'pass']),
      ]),
    ).toEqual(['ord_paper', 'ord_mixed']);
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
