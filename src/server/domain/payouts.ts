import { formatMoney } from '../../shared/money.js';
import { conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { Payout, type PayoutView } from '../schemas/payouts.js';
import { responseJson } from '../schemas/response-json.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrdersRepo } from '../store/orders-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { PayoutRow, PayoutsRepo } from '../store/payouts-repo.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { Outbox } from './outbox.js';
import { viewPayout } from './sales-views.js';

const payoutJson = responseJson(Payout);

export interface PayoutsDeps {
  actions: ActionRunner;
  events: EventsRepo;
  orders: OrdersRepo;
  payouts: PayoutsRepo;
  outbox: Outbox;
  now: () => number;
}

/** Settling an event's takings with the organiser: what was sold, less refunds, less payouts so far. */
export class PayoutsService {
  constructor(private readonly deps: PayoutsDeps) {}

  require(id: string): PayoutRow {
    const row = this.deps.payouts.find(id);
    if (!row) throw notFound('payout', id);
    return row;
  }

  get(id: string): PayoutView {
    return viewPayout(this.require(id));
  }

  list(eventId: string | undefined, limit: number, cursor: string | undefined): Page<PayoutView> {
    if (eventId !== undefined && !this.deps.events.find(eventId))
      throw notFound('event', eventId, 'event_id');
    const list = new ListCursor('payouts', { eventId });
    const rows = this.deps.payouts.page(eventId, list.decode(cursor), limit + 1);
    return toPage(rows, limit, viewPayout, list);
  }

  /**
   * Pays out net sales not yet covered by an earlier payout. Refunds after a payout lower the
   * next one; when they exceed new sales there is nothing to settle until sales catch up.
   */
  create(action: ActionContext, eventId: string): Promise<Answer<PayoutView>> {
    return this.deps.actions.run(action, payoutJson, (tx) => {
      const event = this.deps.events.find(eventId);
      if (!event) throw notFound('event', eventId, 'event_id');
      const net = this.deps.orders.netForEvent(eventId);
      const settled = this.deps.payouts.totalForEvent(eventId);
      const amount = net - settled;
      if (amount <= 0)
        throw nothingToPayOut(net, settled, this.deps.payouts.pendingForEvent(eventId), event.currency);
      const row: Omit<PayoutRow, 'seq'> = {
        id: newId('payout'),
        event_id: eventId,
        amount_cents: amount,
        currency: event.currency,
        status: 'pending',
        created_at: this.deps.now(),
        paid_at: null,
        cancelled_at: null,
      };
      this.deps.payouts.insert(row);
      const view = viewPayout({ ...row, seq: 0 });
      this.deps.outbox.emit('payout.created', view);
      tx.audit({
        action: 'payout.created',
        objectType: 'payout',
        objectId: row.id,
        data: { event_id: eventId, amount_cents: amount, currency: row.currency },
      });
      return view;
    });
  }

  /**
   * Marking a paid payout paid again is a harmless no-op: `payout.paid` fires once. A cancelled
   * payout cannot be paid (409 `payout_cancelled`): settle the event again instead.
   */
  markPaid(action: ActionContext, id: string): Promise<Answer<PayoutView>> {
    return this.deps.actions.run(action, payoutJson, (tx) => {
      if (this.require(id).status === 'cancelled') {
        throw conflict(
          'payout_cancelled',
          'This payout was cancelled and cannot be paid; settle the event again for what it owes now.',
        );
      }
      const changed = this.deps.payouts.markPaid(id, this.deps.now());
      const view = viewPayout(this.require(id));
      if (changed) {
        this.deps.outbox.emit('payout.paid', view);
        tx.audit({
          action: 'payout.paid',
          objectType: 'payout',
          objectId: id,
          data: { event_id: view.event_id, amount_cents: view.amount_cents, currency: view.currency },
        });
      } else tx.unchanged();
      return view;
    });
  }

  /**
   * Withdraws a payout not yet paid: after refunds (an event cancelled and refunded in full) it can
   * exceed what the organiser is owed. It stays listed as `cancelled` with its amount, and no
   * longer counts as settled. Cancelling again is a no-op; a paid payout is 409
   * `payout_already_paid` (the money has gone; a later refund lowers the next payout instead).
   * CONTRACT.md's fourteen webhook kinds have none for this, so it fires no webhook.
   */
  cancel(action: ActionContext, id: string): Promise<Answer<PayoutView>> {
    return this.deps.actions.run(action, payoutJson, (tx) => {
      if (this.require(id).status === 'paid') {
        throw conflict(
          'payout_already_paid',
          'This payout is already paid and cannot be cancelled; refunds since then lower the next payout.',
        );
      }
      const changed = this.deps.payouts.cancel(id, this.deps.now());
      const view = viewPayout(this.require(id));
      if (changed) {
        tx.audit({
          action: 'payout.cancelled',
          objectType: 'payout',
          objectId: id,
          data: { event_id: view.event_id, amount_cents: view.amount_cents, currency: view.currency },
        });
      } else tx.unchanged();
      return view;
    });
  }
}

/**
 * Nothing left to settle. When refunds since a payout took the net below what payouts already
 * cover, says so with both figures and the remedy there is: cancel a pending payout, or, when
 * every one was paid (cancelling a paid payout is refused), that the excess went out already and
 * later sales make it up (the next payout is lowered by it).
 */
function nothingToPayOut(net: number, settled: number, pending: number, currency: string) {
  const money = (cents: number) => formatMoney(cents, currency);
  let message = 'Every sale of this event (less refunds) is already covered by a payout.';
  if (settled > net && pending > 0) {
    message = `Payouts of this event (${money(settled)}) already exceed its sales less refunds (${money(net)}); cancel a pending payout that is too large, then settle again.`;
  } else if (settled > net) {
    message = `Payouts of this event (${money(settled)}, all paid) already exceed its sales less refunds (${money(net)}): ${money(settled - net)} was paid out for sales refunded since. Nothing more is paid out until new sales make that up; recover it from the payee outside Marquee if none will come.`;
  } else if (settled === 0) {
    message = 'This event has no sales (less refunds) to pay out.';
  }
  return conflict('nothing_to_pay_out', message, 'event_id');
}
