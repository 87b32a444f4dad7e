import type { PayoutView } from '../api/types.js';

/**
 * What an event owes its organiser now, beside its pending payouts: refunds made after a payout
 * was settled (an event cancelled and refunded in full) can leave a pending payout larger than
 * what is owed, and marking it paid would hand over money already given back to buyers.
 * `netByEvent` is each event's sales less refunds (its report's net); an event missing from it is
 * not judged. Answers, per pending payout that is too large, what the event owes now.
 */
export function pendingBeyondOwed(
  payouts: readonly PayoutView[],
  netByEvent: Readonly<Record<string, number>>,
): Map<string, number> {
  const byEvent = new Map<string, { paid: number; pending: PayoutView[] }>();
  for (const payout of payouts) {
    const entry = byEvent.get(payout.event_id) ?? { paid: 0, pending: [] };
    if (payout.status === 'paid') entry.paid += payout.amount_cents;
    if (payout.status === 'pending') entry.pending.push(payout);
    byEvent.set(payout.event_id, entry);
  }
  const flagged = new Map<string, number>();
  for (const [eventId, { paid, pending }] of byEvent) {
    const net = netByEvent[eventId];
    if (net === undefined || pending.length === 0) continue;
    const owed = Math.max(net - paid, 0);
    const pendingTotal = pending.reduce((sum, p) => sum + p.amount_cents, 0);
    if (pendingTotal > owed) for (const p of pending) flagged.set(p.id, owed);
  }
  return flagged;
}

/** Events whose net the screen needs: those with a payout still pending. */
export function eventsWithPending(payouts: readonly PayoutView[]): string[] {
  return [...new Set(payouts.filter((p) => p.status === 'pending').map((p) => p.event_id))];
}
