/**
 * The selling side: the online shop selling ahead (many checkouts at once, like a web shop
 * under an on-sale rush) and the box-office windows during doors (one sale at a time each,
 * cash, walk-ins often anonymous), plus the staff actions on tickets (void, transfer).
 */
import { ApiRefusal, type ApiClient } from './api-client.js';
import type { Channel, Ledger, PaidBy, TillBook } from './ledger.js';

export interface TicketView {
  id: string;
  order_id: string;
  event_id: string;
  tier_id: string;
  status: string;
  qr_token: string;
  paper_pass: string | null;
  wallet_url: string;
}

export interface OrderView {
  id: string;
  event_id: string;
  total_cents: number;
  payment_method: PaidBy;
  channel: Channel;
  tickets: TicketView[];
}

/** A ticket in someone's hand (or phone), as the sale (or transfer) handed it over. */
export interface Holder {
  ticketId: string;
  orderId: string;
  tierId: string;
  /** The rotating code of the sale's answer: good for 5 minutes from then. */
  token: string;
  /** The paper pass (the mailed PDF carries the same one); null when the tier has none. */
  pass: string | null;
  /** The wallet link's path, `/w/{secret}`: the secret is the credential. */
  wallet: string;
  priceCents: number;
  /** How its order was paid and where it was sold: where a refund of it goes back to. */
  paidBy: PaidBy;
  soldAt: Channel;
}

type Sale = Pick<Holder, 'priceCents' | 'paidBy' | 'soldAt'>;

const holderOf = (t: TicketView, sale: Sale): Holder => ({
  ticketId: t.id,
  orderId: t.order_id,
  tierId: t.tier_id,
  token: t.qr_token,
  pass: t.paper_pass,
  wallet: new URL(t.wallet_url).pathname,
  ...sale,
});

export interface OrderSpec {
  tierId: string;
  quantity: number;
  priceCents: number;
  buyer: string;
}

/** Runs tasks one after another: one box-office window, one customer at a time. */
export class SerialQueue {
  pending = 0;
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(task).finally(() => this.pending--);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}

const holdersOf = (order: OrderView, priceCents: number): Holder[] =>
  order.tickets.map((t) =>
    holderOf(t, {
      // A comp is free: voiding it gives nothing back.
      priceCents: order.payment_method === 'comp' ? 0 : priceCents,
      paidBy: order.payment_method,
      soldAt: order.channel,
    }),
  );

export class BoxOffice {
  /**
   * `book` is the till's drawer (null for the web shop): every sale and refund made here is
   * booked in it, as its shift's Z report will count them.
   */
  constructor(
    private readonly api: ApiClient,
    private readonly ledger: Ledger,
    private readonly runId: string,
    private readonly book: TillBook | null = null,
  ) {}

  /**
   * Sells `orders` with `concurrency` checkouts in flight. Each carries an Idempotency-Key, so
   * a retry after a dropped connection cannot sell twice.
   */
  async sellAhead(eventId: string, orders: readonly OrderSpec[], concurrency: number): Promise<Holder[]> {
    const holders: Holder[][] = new Array(orders.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < orders.length; i = next++) {
        const spec = orders[i]!;
        const body = {
          event_id: eventId,
          items: [{ tier_id: spec.tierId, quantity: spec.quantity }],
          buyer: { name: spec.buyer, email: `${spec.buyer.toLowerCase().replace(/\W+/g, '.')}@example.com` },
          attendees: Array.from({ length: spec.quantity }, (_, k) => ({
            name: k === 0 ? spec.buyer : `${spec.buyer} +${k}`,
          })),
          payment_method: 'card',
        };
        const key = `${this.runId}-ahead-${eventId}-${i}`;
        const order = await this.withRetry(() =>
          this.api.post<OrderView>('/v2/orders', body, { 'idempotency-key': key }),
        );
        this.ledger.sold(order);
        this.ledger.soldOnline(eventId, order);
        holders[i] = holdersOf(order, spec.priceCents);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return holders.flat();
  }

  /**
   * A walk-in at the window: cash (often no name), card (a name and an email for the receipt) or
   * a comp (a guest of the band). Null when the tier is sold out.
   */
  async walkIn(
    eventId: string,
    tierId: string,
    priceCents: number,
    quantity: number,
    name: string | null,
    paidBy: PaidBy = 'cash',
  ): Promise<Holder[] | null> {
    const buyer =
      paidBy === 'card'
        ? {
            name: name ?? 'Card walk-in',
            email: `${(name ?? 'card').toLowerCase().replace(/\W+/g, '.')}@example.com`,
          }
        : name
          ? { name }
          : null;
    try {
      const order = await this.api.post<OrderView>('/v2/orders', {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity }],
        ...(buyer ? { buyer } : {}),
        payment_method: paidBy,
      });
      this.ledger.sold(order);
      this.book?.sold(paidBy, order);
      return holdersOf(order, priceCents);
    } catch (err) {
      if (err instanceof ApiRefusal && err.code === 'sold_out') {
        this.ledger.soldOutRefusals++;
        return null;
      }
      throw err;
    }
  }

  /**
   * A ticket voided (reported stolen, or a walk-in who left): its price refunded on its order, the
   * way it was paid. Needs a manager signed in (403 `insufficient_role` for a seller).
   */
  async void(holder: Holder): Promise<void> {
    await this.api.post(`/v2/tickets/${holder.ticketId}/void`, {});
    // One ticket per order is ever voided here, so the refund is the ticket's whole price.
    this.ledger.voided(holder.priceCents, holder.soldAt);
    this.book?.refunded(holder.paidBy, holder.priceCents);
  }

  /** The holder gives the ticket to a friend: the friend gets a new ticket and code. */
  async transfer(holder: Holder, toName: string): Promise<Holder> {
    const ticket = await this.api.post<TicketView>(`/v2/tickets/${holder.ticketId}/transfer`, {
      to_email: `${toName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      name: toName,
    });
    this.ledger.transferred();
    const { priceCents, paidBy, soldAt } = holder;
    return holderOf(ticket, { priceCents, paidBy, soldAt });
  }

  /** The box office prints a ticket: its paper pass as the ticket view has it now. */
  async print(ticketId: string): Promise<string | null> {
    return (await this.api.get<TicketView>(`/v2/tickets/${ticketId}`)).paper_pass;
  }

  private async withRetry<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiRefusal) throw err;
      // A network failure: the same Idempotency-Key makes the second try safe.
      return call();
    }
  }
}
