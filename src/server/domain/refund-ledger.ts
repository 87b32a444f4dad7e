import { formatMoney } from '../../shared/money.js';
import { invalidField } from '../errors.js';
import { newId } from '../ids.js';
import type { OrderView } from '../schemas/orders.js';
import type { OrderRow, OrdersRepo } from '../store/orders-repo.js';
import type { RefundRow, RefundsRepo } from '../store/refunds-repo.js';
import type { ShiftsRepo } from '../store/shifts-repo.js';
import type { TicketRow, TicketsRepo } from '../store/tickets-repo.js';
import type { TicketIssuer } from '../tokens/ticket-issuer.js';
import type { Outbox } from './outbox.js';
import type { RefundReason, SalesViews } from './sales-views.js';
import type { AuditSink } from './action-runner.js';

/** What voiding and refunding share. Every function here runs inside the caller's transaction. */
export interface LedgerDeps {
  orders: OrdersRepo;
  refunds: RefundsRepo;
  tickets: TicketsRepo;
  issuer: TicketIssuer;
  outbox: Outbox;
  views: SalesViews;
  shifts: ShiftsRepo;
  /** The action these run inside: voids and refunds are declared to its audit trail. */
  actions: AuditSink;
}

/** When a refund or void happens, and the open shift of the till making it (null: none). */
export interface LedgerMoment {
  at: number;
  shiftId: string | null;
}

/** Read inside the action's transaction, so a shift closing in the same batch is seen. */
export const ledgerMoment = (deps: LedgerDeps, apiKeyId: string | null, at: number): LedgerMoment => ({
  at,
  shiftId: deps.shifts.openFor(apiKeyId),
});

/** active → voided, once; returns the ticket as it now is, or undefined if it was not active. */
export function voidTicket(deps: LedgerDeps, ticketId: string, when: LedgerMoment): TicketRow | undefined {
  if (!deps.tickets.markVoided(ticketId, when.at, when.shiftId)) return undefined;
  deps.issuer.forget(ticketId);
  const row = deps.tickets.find(ticketId);
  if (row) {
    deps.outbox.emit('ticket.voided', deps.views.ticket(row));
    deps.actions.audit({
      action: 'ticket.voided',
      objectType: 'ticket',
      objectId: ticketId,
      orderId: row.order_id,
      data: { price_cents: row.price_cents },
    });
  }
  return row;
}

export type RefundHow = Pick<RefundRow, 'method' | 'note'>;

/** Money goes back the way it came unless the refunder says otherwise; a comp took none. */
export function defaultRefundMethod(order: Pick<OrderRow, 'payment_method'>): RefundRow['method'] {
  if (order.payment_method === 'cash' || order.payment_method === 'card') return order.payment_method;
  return order.payment_method === 'external' ? 'other' : null;
}

/**
 * Records a refund on the order. When it leaves nothing paid, the order's still-active tickets
 * are voided too: money returned in full must not still get someone in. `order.refunded` is
 * written last, so its snapshot shows those tickets voided.
 */
export function recordRefund(
  deps: LedgerDeps,
  order: OrderRow,
  amount: number,
  ticketId: string | null,
  reason: RefundReason,
  when: LedgerMoment,
  how: RefundHow = { method: defaultRefundMethod(order), note: null },
): OrderView {
  const { at } = when;
  if (!deps.orders.addRefund(order.id, amount, at)) {
    throw invalidField(
      'amount_cents',
      `At most ${formatMoney(order.total_cents - order.refunded_cents, order.currency)} can still be refunded on this order.`,
    );
  }
  const refundId = newId('refund');
  deps.refunds.insert({
    id: refundId,
    order_id: order.id,
    ticket_id: ticketId,
    amount_cents: amount,
    reason,
    method: how.method,
    note: how.note,
    created_at: at,
    shift_id: when.shiftId,
  });
  const updated = deps.orders.find(order.id) ?? order;
  if (updated.status === 'refunded') {
    for (const ticket of deps.tickets.forOrder(order.id)) {
      if (ticket.status === 'active') voidTicket(deps, ticket.id, when);
    }
  }
  deps.actions.audit({
    action: 'order.refunded',
    objectType: 'order',
    objectId: order.id,
    orderId: order.id,
    data: {
      refund_id: refundId,
      amount_cents: amount,
      currency: order.currency,
      reason,
      ticket_id: ticketId,
    },
  });
  const view = deps.views.order(updated);
  deps.outbox.emit('order.refunded', view);
  return view;
}
