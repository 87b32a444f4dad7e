import { formatMoney } from '../../shared/money.js';
import { ApiError, conflict, invalidField, notFound } from '../errors.js';
import {
  BulkRefund,
  Order,
  type BulkRefundView,
  type OrderPatchInput,
  type OrderView,
  type RefundAllInput,
  type RefundInput,
  type ResendInput,
} from '../schemas/orders.js';
import { responseJson } from '../schemas/response-json.js';
import { inTransaction, type Db } from '../store/db.js';
import type { AttendeesRepo } from '../store/attendees-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrderRow, OrderSearch } from '../store/orders-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, ActionTx, Answer } from './action-runner.js';
import type { Caller } from './api-keys.js';
import {
  defaultRefundMethod,
  ledgerMoment,
  recordRefund,
  voidTicket,
  type LedgerDeps,
} from './refund-ledger.js';
import { heldByBuyer, orderConfirmation } from './mail-subjects.js';
import { requireSearchTargets } from './order-search.js';
import { changedFields, eventAudit } from './audit-entry.js';
import { viewAttendee } from './sales-views.js';
import type { Outbox } from './outbox.js';
import type { MailDrop } from './mail-port.js';

/**
 * A kiosk reads back only the orders (and their tickets) it placed itself; anyone else's is 403
 * `insufficient_scope`, as CONTRACT.md "Scopes (amended)" says of anything else a kiosk asks. An
 * id nobody has is still 404. The refusal names no buyer, amount or key: only that the kiosk may
 * not read it.
 */
export function ownedByCaller(order: OrderRow, caller: Caller): boolean {
  return caller?.scope !== 'kiosk' || order.api_key_id === caller.id;
}

/** The kiosk's refusal for an order (or a ticket of one) another key placed. */
export function notTheKiosks(what: 'order' | 'ticket'): ApiError {
  return new ApiError(
    403,
    'insufficient_scope',
    `A kiosk key reads back only the orders and tickets it made itself; this ${what} was made by another key.`,
  );
}

const orderJson = responseJson(Order);
/** The orders list a cursor belongs to: the search and its direction (store/pagination.ts). */
const ordersList = (search: OrderSearch, newestFirst: boolean) =>
  new ListCursor('orders', { ...search, newestFirst });
const bulkRefundJson = responseJson(BulkRefund);

export interface OrdersDeps extends LedgerDeps {
  db: Db;
  actions: ActionRunner;
  events: EventsRepo;
  attendees: AttendeesRepo;
  outbox: Outbox;
  mail: MailDrop;
  now: () => number;
}

/** Reading orders and refunding them (checkout.ts places them). */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  require(id: string): OrderRow {
    const row = this.deps.orders.find(id);
    if (!row) throw notFound('order', id);
    return row;
  }

  get(id: string, caller: Caller = null): OrderView {
    const row = this.require(id);
    if (!ownedByCaller(row, caller)) throw notTheKiosks('order');
    return this.deps.views.order(row);
  }

  async list(
    search: OrderSearch,
    limit: number,
    cursor: string | undefined,
    newestFirst = false,
  ): Promise<Page<OrderView>> {
    requireSearchTargets(search, this.deps);
    const list = ordersList(search, newestFirst);
    const rows = await this.deps.orders.pageInSlices(search, list.decode(cursor), limit + 1, newestFirst);
    return toPage(rows, limit, (row) => this.deps.views.order(row), list);
  }

  /**
   * The CSV export is every row, so it ignores `cursor` as it ignores `limit`; but, as `limit`, a
   * bad one is refused the way the JSON list refuses it, not silently passed over.
   */
  checkCursor(search: OrderSearch, cursor: string | undefined, newestFirst = false): void {
    ordersList(search, newestFirst).decode(cursor);
  }

  /**
   * Corrects the buyer a seller mistyped (or adds one to a walk-in sale). An attendee still
   * carrying the buyer's old name or email was filled in from the buyer at checkout
   * (checkout.ts `mint`), so it follows, with `attendee.updated`; one someone typed in separately
   * keeps what was typed. Changing nothing answers the order as it is and audits nothing. Its
   * confirmations still waiting for the old address go to the new one; mail already sent is not
   * recalled: "Email the tickets" sends them to the corrected address.
   */
  correctBuyer(action: ActionContext, id: string, input: OrderPatchInput): Promise<Answer<OrderView>> {
    return this.deps.actions.run(action, orderJson, (tx) => {
      const order = this.require(id);
      const name = input.buyer.name ?? order.buyer_name;
      const email = input.buyer.email ?? order.buyer_email;
      if (name === order.buyer_name && email === order.buyer_email) {
        tx.unchanged();
        return this.deps.views.order(order);
      }
      const at = this.deps.now();
      this.deps.orders.setBuyer(id, name, email, at);
      // A confirmation still waiting for the mistyped address would hand its working codes to
      // whoever owns it once the mail server takes it: it goes to the corrected one instead.
      const readdressed =
        order.buyer_email !== null && email !== null && email !== order.buyer_email
          ? this.deps.mail.readdressPending('order_confirmation', id, order.buyer_email, email)
          : 0;
      const followed: string[] = [];
      // A ticket transferred in belongs to its recipient, whose details were never the buyer's:
      // a nameless recipient on a walk-in sale would otherwise take the new buyer's name.
      const recipients = new Set(
        this.deps.tickets
          .forOrder(id)
          .filter((ticket) => ticket.transferred_from !== null)
          .map((ticket) => ticket.id),
      );
      for (const attendee of this.deps.attendees.forOrder(id)) {
        if (recipients.has(attendee.ticket_id)) continue;
        const next = {
          ...attendee,
          name: attendee.name === order.buyer_name ? name : attendee.name,
          email: attendee.email === order.buyer_email ? email : attendee.email,
          updated_at: at,
        };
        if (next.name === attendee.name && next.email === attendee.email) continue;
        this.deps.attendees.update(next);
        this.deps.outbox.emit('attendee.updated', viewAttendee(next));
        followed.push(attendee.id);
      }
      // Which fields, never their values: the audit trail outlives a buyer's right to be forgotten.
      tx.audit({
        action: 'order.buyer_corrected',
        objectType: 'order',
        objectId: id,
        orderId: id,
        data: { changed: changedFields(input.buyer), attendees: followed, mail_readdressed: readdressed },
      });
      return this.deps.views.order({ ...order, buyer_name: name, buyer_email: email, updated_at: at });
    });
  }

  /**
   * Queues the order's confirmation again (ticket-mail-composer.ts composes it from the order as
   * it is when sent), to `email` when given. A one-off address does not become the buyer's: the
   * till uses it for "send these to my partner too", and the order keeps whom it was sold to.
   * Answers the id of the queued mail. Runs inside the caller's action (routes/orders.ts).
   */
  resend(tx: ActionTx, id: string, input: ResendInput): string {
    return inTransaction(this.deps.db, () => {
      const order = this.require(id);
      const to = input.email ?? order.buyer_email;
      if (to === null) {
        throw new ApiError(
          400,
          'missing_field',
          'This order has no buyer email to send its tickets to; give an address as `email`.',
          'email',
        );
      }
      const event = this.deps.events.find(order.event_id);
      if (event?.status === 'cancelled') {
        throw conflict(
          'event_cancelled',
          'This event is cancelled; its tickets admit nobody, so they are not sent again.',
        );
      }
      const tickets = this.deps.tickets.forOrder(id);
      const held = tickets.filter(heldByBuyer).length;
      if (held === 0) {
        throw conflict(
          'order_has_no_active_tickets',
          tickets.some((ticket) => ticket.status === 'active')
            ? 'The buyer holds no ticket of this order any more: each one left was transferred to someone else, who got their own mail. Resend a transferred ticket from its row instead.'
            : 'Every ticket of this order has been voided, refunded or transferred; there is nothing to send.',
        );
      }
      const mailId = this.deps.mail.enqueueComposed(
        orderConfirmation(order, { title: event?.title ?? 'your event' }, held, to),
      );
      // Whether it went to the buyer or elsewhere, never the address (it is in the mail log).
      tx.audit({
        action: 'order.mail_resent',
        objectType: 'order',
        objectId: id,
        orderId: id,
        data: { mail_id: mailId, to_buyer: input.email === undefined || input.email === order.buyer_email },
      });
      return mailId;
    });
  }

  /**
   * What refunding the event's orders in bulk would move: shown before a manager confirms it.
   * The same count whether or not the event is cancelled yet: the cancel dialog asks before.
   */
  refundable(eventId: string): BulkRefundView {
    const event = this.deps.events.find(eventId);
    if (!event) throw notFound('event', eventId);
    const { orders, amount } = this.deps.orders.refundableTotal(eventId);
    return {
      object: 'bulk_refund',
      event_id: eventId,
      orders,
      amount_cents: amount,
      currency: event.currency,
      voided_tickets: this.deps.tickets.countActiveWithNothingToRefund(eventId),
    };
  }

  /**
   * Refunds everything still paid on every order of a cancelled event, in one transaction (each
   * order exactly as a full refund of it would: tickets voided, `order.refunded` written), then
   * voids the tickets no refund reaches (comps, free tiers), each as a void without refund would
   * (`ticket.voided`, its audit row): a cancelled show admits nobody, and a free ticket left
   * active would still count as expected at the door. Safe to repeat: a second call finds nothing
   * left and answers zeros. Only for a cancelled event (409 `event_not_cancelled`): a show that
   * goes on must not be refunded by one click, nor its guests' tickets voided.
   */
  refundAll(action: ActionContext, eventId: string, input: RefundAllInput): Promise<Answer<BulkRefundView>> {
    return this.deps.actions.run(action, bulkRefundJson, (tx) => {
      const event = this.deps.events.find(eventId);
      if (!event) throw notFound('event', eventId);
      if (event.status !== 'cancelled') {
        throw conflict(
          'event_not_cancelled',
          'Only a cancelled event’s orders can be refunded all at once; cancel the event first, or refund orders one by one.',
        );
      }
      const when = ledgerMoment(this.deps, action.actor.apiKeyId, this.deps.now());
      const note = input.note?.trim() || null;
      let amount = 0;
      const orders = this.deps.orders.refundable(eventId);
      for (const order of orders) {
        const remaining = order.total_cents - order.refunded_cents;
        recordRefund(this.deps, order, remaining, null, 'requested', when, {
          method: input.method ?? defaultRefundMethod(order),
          note,
        });
        amount += remaining;
      }
      // Read after the refunds: the paid orders' tickets are voided by now, so only those no
      // refund could reach are left.
      const unrefundable = this.deps.tickets.activeWithNothingToRefund(eventId);
      let voided = 0;
      for (const ticket of unrefundable) if (voidTicket(this.deps, ticket.id, when)) voided += 1;
      // Each order's refund and each ticket's void has its own row (refund-ledger.ts); this one
      // says who asked for all of them, and is written even when a repeat finds nothing left.
      // Titled as the event's other rows are, so the Audit screen names the event, not its id.
      tx.audit(
        eventAudit('event.refunded_all', event, {
          orders: orders.length,
          amount_cents: amount,
          method: input.method ?? null,
          voided_tickets: voided,
        }),
      );
      return {
        object: 'bulk_refund',
        event_id: eventId,
        orders: orders.length,
        amount_cents: amount,
        currency: event.currency,
        voided_tickets: voided,
      };
    });
  }

  /**
   * Refunds `amount_cents`, or everything still paid. A refund that leaves nothing paid voids the
   * order's active tickets (refund-ledger.ts). Refunds record money returned outside Marquee
   * (cash drawer, card terminal); the server moves no money itself.
   */
  refund(action: ActionContext, id: string, input: RefundInput): Promise<Answer<OrderView>> {
    return this.deps.actions.run(action, orderJson, () => {
      const order = this.require(id);
      if (order.status === 'refunded') {
        throw conflict('order_already_refunded', 'This order has already been refunded in full.');
      }
      const remaining = order.total_cents - order.refunded_cents;
      if (remaining === 0) {
        throw conflict(
          'nothing_to_refund',
          'This order was free, so there is nothing to refund; void its tickets instead.',
        );
      }
      const amount = input.amount_cents ?? remaining;
      if (amount > remaining) {
        throw invalidField(
          'amount_cents',
          `At most ${formatMoney(remaining, order.currency)} can still be refunded on this order (paid ${formatMoney(order.total_cents, order.currency)}, refunded ${formatMoney(order.refunded_cents, order.currency)}).`,
        );
      }
      const when = ledgerMoment(this.deps, action.actor.apiKeyId, this.deps.now());
      return recordRefund(this.deps, order, amount, null, 'requested', when, {
        method: input.method ?? defaultRefundMethod(order),
        note: input.note?.trim() || null,
      });
    });
  }
}
