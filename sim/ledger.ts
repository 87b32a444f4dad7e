/**
 * What the simulation itself did, counted as it happened: the third witness (beside the store
 * and the webhook receiver) in the reconciliation. Every API write that succeeded is recorded
 * here with the webhook messages the docs say it emits (docs/webhooks.md "Which operation emits
 * which kind").
 */
export type PaidBy = 'cash' | 'card' | 'comp';
export type Channel = 'till' | 'api';

const none = () => ({ orders: 0, tickets: 0, cents: 0 });

/**
 * One till's drawer and takings as the simulation counted them: what its Z report must say.
 * Refunds are booked where they were made (the money left that till's drawer or card terminal),
 * whichever till or shop sold the order.
 */
export class TillBook {
  floatCents = 0;
  readonly sales: Record<PaidBy, { orders: number; tickets: number; cents: number }> = {
    cash: none(),
    card: none(),
    comp: none(),
  };
  readonly refunds: Record<PaidBy, { count: number; cents: number }> = {
    cash: { count: 0, cents: 0 },
    card: { count: 0, cents: 0 },
    comp: { count: 0, cents: 0 },
  };
  voids = 0;
  /** What the seller counted into the drawer at the end; null until the count. */
  countedCents: number | null = null;
  /** The simulated mistake (change given wrong): counted − true cash. */
  mistakeCents = 0;

  constructor(readonly name: string) {}

  sold(paidBy: PaidBy, order: { total_cents: number; tickets: unknown[] }): void {
    const row = this.sales[paidBy];
    row.orders++;
    row.tickets += order.tickets.length;
    row.cents += order.total_cents;
  }

  refunded(paidBy: PaidBy, cents: number): void {
    this.voids++;
    // A comp's void returns no money, so the server records no refund for it.
    if (cents === 0) return;
    this.refunds[paidBy].count++;
    this.refunds[paidBy].cents += cents;
  }

  /** The cash truly in the drawer: float + cash taken − cash handed back. */
  get trueCashCents(): number {
    return this.floatCents + this.sales.cash.cents - this.refunds.cash.cents;
  }

  get orders(): number {
    return this.sales.cash.orders + this.sales.card.orders + this.sales.comp.orders;
  }

  get salesCents(): number {
    return this.sales.cash.cents + this.sales.card.cents;
  }

  get refundsCents(): number {
    return this.refunds.cash.cents + this.refunds.card.cents;
  }
}

export class Ledger {
  /** Webhook messages expected, by kind. */
  readonly webhooks: Record<string, number> = {};
  orders = 0;
  /** Tickets minted by checkout (transfers mint too, but sell nothing). */
  ticketsSold = 0;
  grossCents = 0;
  refundedCents = 0;
  voids = 0;
  transfers = 0;
  /** Checkouts refused because the tier had too few left. */
  soldOutRefusals = 0;
  /** The box office's tills, in order ("Till 1", "Till 2"). */
  readonly tills: TillBook[] = [];
  /** The web shop's sales (channel `api`), by event. */
  readonly online = new Map<string, { orders: number; cents: number }>();
  /** Refunded money by where the refunded order was sold. */
  readonly refundedByChannel: Record<Channel, number> = { till: 0, api: 0 };
  /** Voids a seller tried before calling the manager, and how many the server refused `insufficient_role`. */
  sellerVoidAttempts = 0;
  roleRefusals = 0;

  private readonly grossByEvent = new Map<string, number>();

  grossCentsOf(eventId: string): number {
    return this.grossByEvent.get(eventId) ?? 0;
  }

  expect(kind: string, count = 1): void {
    this.webhooks[kind] = (this.webhooks[kind] ?? 0) + count;
  }

  sold(order: { event_id: string; total_cents: number; tickets: unknown[] }): void {
    this.orders++;
    this.ticketsSold += order.tickets.length;
    this.grossCents += order.total_cents;
    this.grossByEvent.set(order.event_id, this.grossCentsOf(order.event_id) + order.total_cents);
    this.expect('order.created');
  }

  soldOnline(eventId: string, order: { total_cents: number }): void {
    const row = this.online.get(eventId) ?? { orders: 0, cents: 0 };
    row.orders++;
    row.cents += order.total_cents;
    this.online.set(eventId, row);
  }

  voided(refundCents: number, soldAt: Channel): void {
    this.voids++;
    this.refundedCents += refundCents;
    this.refundedByChannel[soldAt] += refundCents;
    this.expect('ticket.voided');
    if (refundCents > 0) this.expect('order.refunded');
  }

  transferred(): void {
    this.transfers++;
    this.expect('ticket.transferred');
  }

  get expectedWebhooks(): number {
    return Object.values(this.webhooks).reduce((a, b) => a + b, 0);
  }
}
