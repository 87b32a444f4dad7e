import { describe, expect, it } from 'vitest';
import type { BulkRefundView, OrderView, RefundView } from '../../../src/renderer/src/api/types.js';
import {
  bulkRefundDoneWords,
  bulkRefundPlanWords,
  bulkRefundTitle,
  cancelledNotice,
  defaultRefundMethod,
  holdersMailedWords,
  noShiftRefundNote,
  nothingToRefund,
  oldCardRefundNote,
  partRefundAmount,
  partRefundNote,
  refundLine,
  soldElsewhereNote,
} from '../../../src/renderer/src/lib/refund-words.js';

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

describe('partRefundNote', () => {
  const ticket = (status: 'active' | 'voided') => ({ status }) as OrderView['tickets'][number];
  const order = {
    total_cents: 5000,
    refunded_cents: 1000,
    currency: 'usd',
    tickets: [ticket('active'), ticket('active'), ticket('voided')],
  };

  it('promises the tickets keep working only while the amount leaves something paid', () => {
    expect(partRefundNote(order, null)).toMatch(/^All 2 tickets keep working at the door\. .*Void…/);
    expect(partRefundNote(order, 3999)).toMatch(/^All 2 tickets keep working/);
    expect(partRefundNote({ ...order, tickets: [ticket('active')] }, 500)).toMatch(
      /^The ticket keeps working/,
    );
  });

  it('says a part that is everything left refunds the order and stops its tickets', () => {
    expect(partRefundNote(order, 4000)).toBe(
      'That is everything left: the order is refunded in full and its 2 tickets stop working at the door.',
    );
    expect(partRefundNote({ ...order, tickets: [ticket('active')] }, 4000)).toBe(
      'That is everything left: the order is refunded in full and its ticket stops working at the door.',
    );
  });

  it('says how much is left when more is typed, and nothing about tickets an order no longer has', () => {
    expect(partRefundNote(order, 4001)).toBe('Only $40.00 is left to refund on this order.');
    expect(partRefundNote({ ...order, tickets: [ticket('voided')] }, 100)).toBeNull();
  });
});

describe('refunding a cancelled event at once', () => {
  const bulk = (orders: number, amount: number, voided: number): BulkRefundView => ({
    object: 'bulk_refund',
    event_id: 'evt_1',
    orders,
    amount_cents: amount,
    currency: 'usd',
    voided_tickets: voided,
  });

  it('names the free tickets voided beside the paid orders refunded, before and after', () => {
    expect(bulkRefundPlanWords(bulk(2, 6000, 0))).toBe(
      'refund 2 paid orders, $60.00 in all, each the way it was paid (their tickets are voided)',
    );
    expect(bulkRefundPlanWords(bulk(1, 2500, 3))).toBe(
      'refund 1 paid order, $25.00 in all, each the way it was paid (their tickets are voided), and void 3 free tickets (comps, free tiers: no money to give back)',
    );
    expect(bulkRefundPlanWords(bulk(0, 0, 1))).toBe(
      'void 1 free ticket (comps, free tiers: no money to give back)',
    );
    expect(bulkRefundPlanWords(bulk(0, 0, 0))).toBe('');

    expect(bulkRefundDoneWords(bulk(2, 6000, 0))).toBe(
      'Refunded $60.00 on 2 paid orders, each the way it was paid; their tickets are voided.',
    );
    expect(bulkRefundDoneWords(bulk(1, 2500, 2))).toBe(
      'Refunded $25.00 on 1 paid order, each the way it was paid; their tickets are voided. Voided 2 free tickets (comps, free tiers) too.',
    );
    expect(bulkRefundDoneWords(bulk(0, 0, 1))).toBe(
      'Voided 1 free ticket (comps, free tiers); no order had money to give back.',
    );
    expect(bulkRefundDoneWords(bulk(0, 0, 0))).toBe('No order had money to give back.');
  });

  it('asks about what the refund will do: paid orders, free tickets alone, or nothing', () => {
    expect(bulkRefundTitle('Storm Night', bulk(2, 6000, 1))).toBe('Refund the paid orders of Storm Night?');
    expect(bulkRefundTitle('Comps Only Night', bulk(0, 0, 2))).toBe(
      'Void the free tickets of Comps Only Night?',
    );
    expect(bulkRefundTitle('Nothing Sold Night', bulk(0, 0, 0))).toBe(
      'Nothing to refund for Nothing Sold Night',
    );
    // Still counting: the usual question.
    expect(bulkRefundTitle('Storm Night', null)).toBe('Refund the paid orders of Storm Night?');
    expect(nothingToRefund(bulk(0, 0, 0))).toBe(true);
    expect(nothingToRefund(bulk(0, 0, 1))).toBe(false);
    expect(nothingToRefund(null)).toBe(false);
  });

  it('after a cancel that refunded nothing yet, says only what is left to do', () => {
    expect(cancelledNotice(bulk(1, 2500, 2))).toBe(
      'Cancelled. Refund the paid orders from here or from Orders when you are ready.',
    );
    expect(cancelledNotice(bulk(0, 0, 2))).toBe(
      'Cancelled. Void the free tickets from here when you are ready.',
    );
    expect(cancelledNotice(bulk(0, 0, 0))).toBe('Cancelled.');
    // Not counted (the preview failed): it may have paid orders.
    expect(cancelledNotice(null)).toBe(
      'Cancelled. Refund the paid orders from here or from Orders when you are ready.',
    );
  });
});

describe('holdersMailedWords (the notice after a cancel)', () => {
  it('says how many ticket holders are being emailed, and nothing when this cancel changed nothing', () => {
    expect(holdersMailedWords(true, 3)).toBe(
      'Emailing 3 ticket holders that it is cancelled (Settings › Mail shows each mail).',
    );
    expect(holdersMailedWords(true, 1)).toBe(
      'Emailing 1 ticket holder that it is cancelled (Settings › Mail shows each mail).',
    );
    expect(holdersMailedWords(true, 0)).toBe('No ticket holder to email.');
    expect(holdersMailedWords(false, 0)).toBe('No ticket holder was emailed.');
    expect(holdersMailedWords(true, null)).toBe('');
  });
});

describe('oldCardRefundNote', () => {
  const now = Date.parse('2026-11-29T20:00:00Z');
  const paid = (daysAgo: number) => ({ created_at: new Date(now - daysAgo * 86_400_000).toISOString() });

  it('warns before a card refund of an order paid 90 days ago or more, never for cash or a recent one', () => {
    expect(oldCardRefundNote(paid(365), 'card', now)).toMatch(
      /^This order was paid 365 days ago\. A card terminal may no longer refund/,
    );
    expect(oldCardRefundNote(paid(90), 'card', now)).not.toBeNull();
    expect(oldCardRefundNote(paid(89), 'card', now)).toBeNull();
    expect(oldCardRefundNote(paid(365), 'cash', now)).toBeNull();
    expect(oldCardRefundNote(paid(365), 'other', now)).toBeNull();
  });
});

describe('soldElsewhereNote', () => {
  const soldAt = 'Thu, 31 Dec 2026, 19:40';
  const sold = { id: 'shf_1', api_key_id: 'key_till1', till_name: 'Till 1' };
  const bar = { id: 'shf_2', api_key_id: 'key_bar' };

  it('names the other till and, for cash, the drawer it comes out of', () => {
    expect(soldElsewhereNote(sold, soldAt, bar, 'cash')).toBe(
      'Sold at Till 1, Thu, 31 Dec 2026, 19:40. The cash comes out of this till’s drawer and counts in this shift’s Z report, not that one’s.',
    );
    expect(soldElsewhereNote(sold, soldAt, bar, 'card')).toBe('Sold at Till 1, Thu, 31 Dec 2026, 19:40.');
  });

  it('says "this till in an earlier shift" for last night’s sale at the same till', () => {
    const tonight = { id: 'shf_3', api_key_id: 'key_till1' };
    expect(soldElsewhereNote(sold, soldAt, tonight, 'other')).toBe(
      'Sold at this till in an earlier shift, Thu, 31 Dec 2026, 19:40.',
    );
  });

  it('says nothing for a sale in this very shift; no drawer word where no shift is open', () => {
    expect(soldElsewhereNote(sold, soldAt, { id: 'shf_1', api_key_id: 'key_till1' }, 'cash')).toBeNull();
    expect(soldElsewhereNote({ ...sold, till_name: null }, soldAt, null, 'cash')).toBe(
      'Sold at another till, Thu, 31 Dec 2026, 19:40.',
    );
  });
});

describe('noShiftRefundNote: cash refunded from a till with no shift open', () => {
  it('says no Z report counts it, for cash only, and nothing while the shift is not known', () => {
    expect(noShiftRefundNote('cash', false)).toBe(
      'Cash from the drawer: no shift is open on this till, so no Z report counts it: note it for the cash-up.',
    );
    expect(noShiftRefundNote('card', false)).toBeNull();
    expect(noShiftRefundNote('other', false)).toBeNull();
    expect(noShiftRefundNote('cash', true)).toBeNull();
    expect(noShiftRefundNote('cash', null)).toBeNull();
  });
});

describe('partRefundAmount: the part refund’s typed amount, or why not in words', () => {
  it('reads European and US amounts alike, and refuses more than is left or nothing', () => {
    expect(partRefundAmount('12,50', 'usd', 5000)).toEqual({ cents: 1250 });
    expect(partRefundAmount('1.234,50', 'usd', 200_000)).toEqual({ cents: 123450 });
    expect(partRefundAmount('1 234,50', 'eur', 200_000)).toEqual({ cents: 123450 });
    expect(partRefundAmount('60', 'usd', 5000)).toEqual({ problem: 'At most $50.00 is left to refund.' });
    expect(partRefundAmount('', 'usd', 5000)).toEqual({ problem: 'Enter an amount like 25.00.' });
    expect(partRefundAmount('0', 'usd', 5000)).toEqual({ problem: 'Enter an amount like 25.00.' });
  });

  it('says why an unclear or unreadable amount is refused and what to type instead', () => {
    expect(partRefundAmount('1.234', 'usd', 200_000)).toEqual({
      problem:
        '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
    });
    expect(partRefundAmount('ten', 'usd', 5000)).toEqual({
      problem:
        '“ten” is not an amount: type the amount to give back in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    });
    expect(partRefundAmount('-5', 'usd', 5000)).toEqual({
      problem: '“-5” is below zero: type the amount to give back without a minus, like 25.00.',
    });
  });
});
