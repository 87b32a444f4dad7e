import { ApiError, conflict, notFound } from '../errors.js';
import { newId, timeOrderedRandom } from '../ids.js';
import type { CheckoutInput, OrderView } from '../schemas/orders.js';
import type { AttendeeRow, AttendeesRepo } from '../store/attendees-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import type { OrderRow, OrdersRepo } from '../store/orders-repo.js';
import type { ShiftsRepo } from '../store/shifts-repo.js';
import { saleShift } from './late-sales.js';
import type { StockRepo } from '../store/stock-repo.js';
import type { TicketRow, TicketsRepo } from '../store/tickets-repo.js';
import type { TierRow, TiersRepo } from '../store/tiers-repo.js';
import type { NewTicket, TicketIssuer } from '../tokens/ticket-issuer.js';
import type { Caller } from './api-keys.js';
import {
  checkAttendeeCount,
  checkEventOnSale,
  checkExpectedTotal,
  checkKioskPayment,
  requireBuyer,
  resolveLines,
  salesChannel,
  type Buyer,
  type TierLine,
  unitCount,
} from './checkout-rules.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { GuessLimiter } from './guess-limiter.js';
import { orderConfirmation } from './mail-subjects.js';
import type { Outbox } from './outbox.js';
import type { SalesViews } from './sales-views.js';
import type { MailDrop } from './mail-port.js';

/** A placed order, and the same order as the JSON POST /v2/orders answers with. */
interface PlacedOrder {
  view: OrderView;
  json: string;
}

export interface CheckoutDeps {
  events: EventsRepo;
  tiers: TiersRepo;
  stock: StockRepo;
  orders: OrdersRepo;
  tickets: TicketsRepo;
  attendees: AttendeesRepo;
  outbox: Outbox;
  mail: MailDrop;
  views: SalesViews;
  issuer: TicketIssuer;
  /** Checkouts arriving together share one commit (store/group-commit.ts). */
  actions: ActionRunner;
  now: () => number;
  /** The route's response serializer: one serialization feeds the answer and order.created. */
  orderJson: (view: OrderView) => string;
  /** Wrong access codes a kiosk key sends, counted with the offer's (the same secret). */
  codeGuesses: GuessLimiter;
  /** The till's open shift, which the order joins. */
  shifts: ShiftsRepo;
}

/**
 * A comp is a free ticket: its order totals 0 and voiding it refunds nothing. The tier's comps
 * counter relies on it: only a price-0 ticket is looked up as a possible comp (migration 017).
 */
const unitPrice = (input: CheckoutInput, tier: TierRow): number =>
  input.payment_method === 'comp' ? 0 : tier.price_cents;

/** The order was serialized in the transaction already, for order.created too. */
const sentAsPlaced = (placed: PlacedOrder): string => placed.json;

/** The wallet URL's secret: 190 random bits after the time, so the page needs no key. */
export const newWalletSecret = (): string => timeOrderedRandom(32);

/**
 * Orders up to this many tickets get their credentials signed before the transaction, off the
 * event loop. Larger ones sign inside it: a refused order (too many, unknown tier) must not first
 * cost signatures per unit asked for.
 */
const signAheadMaxUnits = 20;

/**
 * New tickets for every unit of the order, in item order: ones whose credentials were signed
 * ahead where some are ready, new ones (to be signed by `prepare`) for the rest. Plain loops: the
 * flatMap of Array.from({ length }) this was cost ~2 µs a one-ticket checkout.
 */
function newTickets(input: CheckoutInput, issuer: TicketIssuer): NewTicket[] {
  const tickets: NewTicket[] = [];
  for (const item of input.items) {
    for (let n = 0; n < item.quantity; n++) tickets.push(issuer.newTicket(input.event_id, item.tier_id));
  }
  return tickets;
}

/**
 * Checkout: one transaction takes the stock of every tier with a conditional UPDATE, then mints
 * one attendee and one ticket per unit and writes `order.created`. Any refusal rolls all of it
 * back, so an order either exists with all its tickets or not at all.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** The caller is recorded on the order, and a kiosk key is held to what a kiosk may sell. */
  async place(
    action: ActionContext,
    input: CheckoutInput,
    caller: Caller = null,
  ): Promise<Answer<OrderView>> {
    const kiosk = caller?.scope === 'kiosk';
    if (kiosk) {
      checkKioskPayment(input);
      if (input.access_code !== undefined) this.deps.codeGuesses.check(caller.id);
    }
    const buyer = requireBuyer(input);
    checkAttendeeCount(input);
    const { issuer, actions } = this.deps;
    const signedAhead = unitCount(input) <= signAheadMaxUnits ? newTickets(input, issuer) : [];
    try {
      // With every credential signed ahead (TokenPool), the order joins the next batch at once.
      const signing = issuer.prepare(signedAhead);
      const placed = await actions.run(
        action,
        sentAsPlaced,
        () => this.placeInTransaction(input, buyer, signedAhead, caller),
        signing === null ? {} : { after: signing },
      );
      for (const item of input.items) issuer.soldFrom(input.event_id, item.tier_id);
      return { value: placed.value.view, json: placed.json };
    } catch (err) {
      for (const ticket of signedAhead) issuer.forget(ticket.id);
      // Checkout must not be a way around the offer's limit on guessing codes.
      if (kiosk && err instanceof ApiError && err.code === 'invalid_access_code')
        this.deps.codeGuesses.wrong(caller.id);
      throw err;
    }
  }

  /**
   * Runs in the action's transaction (a group commit's savepoint), so a throw undoes all of it.
   * `signedAhead` holds the new tickets (with cached credentials) in item order, or nothing.
   */
  private placeInTransaction(
    input: CheckoutInput,
    buyer: Buyer,
    signedAhead: readonly NewTicket[],
    caller: Caller,
  ): PlacedOrder {
    const { events, tiers, now } = this.deps;
    const at = now();
    const event = events.find(input.event_id);
    // A kiosk is told of a draft what GET /v2/events/{id} tells it: nothing (docs/api.md "Kiosk").
    if (!event || (caller?.scope === 'kiosk' && event.status === 'draft'))
      throw notFound('event', input.event_id, 'event_id');
    checkEventOnSale(event, at);
    const lines = resolveLines(input, event, (id) => tiers.find(id), at, caller?.scope === 'kiosk');
    const total = lines.reduce((sum, line) => sum + unitPrice(input, line.tier) * line.quantity, 0);
    checkExpectedTotal(input, total, event.currency);
    this.takeStock(lines, at);
    // `seq` is the store's to assign; the INSERT leaves it out, and the answer never shows it.
    const order: OrderRow = {
      seq: 0,
      id: newId('order'),
      event_id: event.id,
      status: 'paid',
      buyer_name: buyer.name,
      buyer_email: buyer.email,
      total_cents: total,
      refunded_cents: 0,
      currency: event.currency,
      payment_method: input.payment_method,
      api_key_id: caller?.id ?? null,
      // Read in this transaction: a close committed before it leaves the order outside the shift,
      // unless the till says it was rung up in that shift (a late sale: domain/late-sales.ts).
      shift_id: saleShift(this.deps.shifts, caller?.id ?? null, input.shift_id),
      channel: salesChannel(input, caller?.scope),
      comp_reason: input.payment_method === 'comp' ? input.comp_reason?.trim() || null : null,
      created_at: at,
      updated_at: at,
    };
    this.deps.orders.insert(order);
    const tickets = this.mint(input, lines, order, buyer, signedAhead, at);
    const view = this.deps.views.order(order, tickets, []);
    const json = this.deps.orderJson(view);
    this.deps.outbox.emit('order.created', view, json);
    this.deps.actions.audit({
      action: 'order.created',
      objectType: 'order',
      objectId: order.id,
      orderId: order.id,
      data: {
        event_id: order.event_id,
        total_cents: order.total_cents,
        currency: order.currency,
        payment_method: order.payment_method,
        channel: order.channel,
        tickets: tickets.length,
      },
    });
    // Every order with a buyer email gets its tickets by mail; the sender composes it later.
    if (order.buyer_email !== null)
      this.deps.mail.enqueueComposed(orderConfirmation(order, event, tickets.length, order.buyer_email));
    return { view, json };
  }

  private takeStock(lines: readonly TierLine[], at: number): void {
    for (const line of lines) {
      if (!this.deps.stock.take(line.tier.id, line.quantity, at)) {
        // Re-read only to word the refusal; the decision was the UPDATE's.
        const left = this.deps.tiers.find(line.tier.id);
        const remaining = left ? left.quantity - left.sold : 0;
        throw conflict(
          'sold_out',
          remaining > 0
            ? `Only ${remaining} ticket(s) of '${line.tier.name}' are left.`
            : `Tier '${line.tier.name}' is sold out.`,
          `items[${line.firstIndex}].tier_id`,
        );
      }
    }
  }

  /** One attendee and one ticket per unit, in item order, so attendees[i] names ticket i. */
  private mint(
    input: CheckoutInput,
    lines: readonly TierLine[],
    order: Omit<OrderRow, 'seq'>,
    buyer: Buyer,
    signedAhead: readonly NewTicket[],
    at: number,
  ): TicketRow[] {
    const tickets: TicketRow[] = [];
    const priceOf = new Map(lines.map((line) => [line.tier.id, unitPrice(input, line.tier)]));
    let unit = 0;
    for (const item of input.items) {
      const price = priceOf.get(item.tier_id) ?? 0;
      for (let n = 0; n < item.quantity; n++, unit++) {
        const given = input.attendees?.[unit];
        const signed = signedAhead[unit];
        const attendee: Omit<AttendeeRow, 'seq'> = {
          id: newId('attendee'),
          event_id: order.event_id,
          order_id: order.id,
          ticket_id: signed?.id ?? newId('ticket'),
          name: given?.name ?? buyer.name,
          email: given?.email ?? buyer.email,
          created_at: at,
          updated_at: at,
        };
        this.deps.attendees.insert(attendee);
        const ticket: TicketRow = {
          seq: 0,
          id: attendee.ticket_id,
          order_id: order.id,
          event_id: order.event_id,
          tier_id: item.tier_id,
          attendee_id: attendee.id,
          status: 'active',
          scan_count: 0,
          price_cents: price,
          wallet_secret: newWalletSecret(),
          transferred_from: null,
          transferred_to: null,
          issued_at: at,
          pass_iat: signed?.pass_iat ?? Math.floor(at / 1000),
          voided_at: null,
          updated_at: at,
        };
        this.deps.tickets.insert(ticket);
        tickets.push(ticket);
      }
    }
    return tickets;
  }
}
