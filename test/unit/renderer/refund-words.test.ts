import { describe, expect, it } from 'vitest';
import type { RefundView } from '../../../src/renderer/src/api/types.js';
import { defaultRefundMethod, refundLine } from '../../../src/renderer/src/lib/refund-words.js';

const refund: RefundView = {
  id: 'ref_1',
  amount_cents: 500,
  ticket_id: null,
  reason: 'requested',
  method: 'cash',
  note: null,
  shift_id: null,
  created_at: '2026-11-28T20:00:00.000Z',
};

describe('refundLine', () => {
  it('says how the money went back and why, never "requested"', () => {
    expect(refundLine(refund, 'usd')).toBe('$5.00 refunded in cash');
    expect(refundLine({ ...refund, method: 'card', note: 'Double charged' }, 'usd')).toBe(
      '$5.00 refunded to the card — Double charged',
    );
    expect(refundLine({ ...refund, method: 'other' }, 'jpy')).toBe('¥500 refunded another way');
    expect(refundLine({ ...refund, method: null }, 'usd')).toBe('$5.00 refunded');
  });

  it('names the voided ticket a refund came from', () => {
    expect(refundLine({ ...refund, reason: 'ticket_voided', ticket_id: 'tik_9' }, 'usd')).toBe(
      '$5.00 refunded in cash, ticket tik_9 voided',
    );
    expect(refundLine({ ...refund, reason: 'ticket_voided', ticket_id: null }, 'usd')).toBe(
      '$5.00 refunded in cash, a ticket voided',
    );
  });
});

describe('defaultRefundMethod', () => {
  it('sends money back the way it came', () => {
    expect(defaultRefundMethod({ payment_method: 'cash' })).toBe('cash');
    expect(defaultRefundMethod({ payment_method: 'card' })).toBe('card');
    expect(defaultRefundMethod({ payment_method: 'external' })).toBe('other');
  });
});
