import { describe, expect, it } from 'vitest';
import type { PayoutView } from '../../../src/renderer/src/api/types.js';
import { eventsWithPending, pendingBeyondOwed } from '../../../src/renderer/src/lib/payout-excess.js';

const payout = (id: string, eventId: string, amount: number, status: PayoutView['status']): PayoutView => ({
  id,
  event_id: eventId,
  amount_cents: amount,
  currency: 'usd',
  status,
  created_at: '2026-11-22T12:00:00.000Z',
  paid_at: status === 'paid' ? '2026-11-22T13:00:00.000Z' : null,
  cancelled_at: status === 'cancelled' ? '2026-11-22T13:00:00.000Z' : null,
});

describe('pending payouts larger than what their event owes now', () => {
  it('flags a pending payout of an event refunded in full since, with what is owed', () => {
    const flagged = pendingBeyondOwed([payout('pay_a', 'evt_1', 11999, 'pending')], { evt_1: 0 });
    expect([...flagged]).toEqual([['pay_a', 0]]);
  });

  it('counts paid payouts as gone and cancelled ones as nothing', () => {
    const payouts = [
      payout('pay_paid', 'evt_1', 5000, 'paid'),
      payout('pay_old', 'evt_1', 9000, 'cancelled'),
      payout('pay_new', 'evt_1', 3000, 'pending'),
    ];
    expect(pendingBeyondOwed(payouts, { evt_1: 8000 }).size).toBe(0);
    expect([...pendingBeyondOwed(payouts, { evt_1: 7000 })]).toEqual([['pay_new', 2000]]);
    // Refunds beyond what was paid out leave nothing owed, never a negative figure.
    expect([...pendingBeyondOwed(payouts, { evt_1: 1000 })]).toEqual([['pay_new', 0]]);
  });

  it('judges each event on its own, and leaves an event without a net unjudged', () => {
    const payouts = [payout('pay_1', 'evt_1', 2500, 'pending'), payout('pay_2', 'evt_2', 2500, 'pending')];
    expect([...pendingBeyondOwed(payouts, { evt_2: 100 })]).toEqual([['pay_2', 100]]);
    expect(eventsWithPending([...payouts, payout('pay_3', 'evt_3', 1, 'paid')])).toEqual(['evt_1', 'evt_2']);
  });
});
