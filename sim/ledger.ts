/**
 * What the simulation itself did, counted as it happened: the third witness (beside the store
 * and the webhook receiver) in the reconciliation. Every API write that succeeded is recorded
 * here with the webhook messages the docs say it emits (docs/webhooks.md "Which operation emits
 * which kind").
 */
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

  expect(kind: string, count = 1): void {
    this.webhooks[kind] = (this.webhooks[kind] ?? 0) + count;
  }

  sold(order: { total_cents: number; tickets: unknown[] }): void {
    this.orders++;
    this.ticketsSold += order.tickets.length;
    this.grossCents += order.total_cents;
    this.expect('order.created');
  }

  voided(refundCents: number): void {
    this.voids++;
    this.refundedCents += refundCents;
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
