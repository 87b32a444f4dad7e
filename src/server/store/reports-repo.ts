import type { Db } from './db.js';
import type { PaymentMethod, SalesChannel } from './orders-repo.js';

/** Tickets first issued per tier (a transfer's new ticket is not a sale), split by comp or not. */
export interface TierTicketsRow {
  tier_id: string;
  comp: 0 | 1;
  issued: number;
  voided: number;
  gross_cents: number;
}

export interface OrderGroupRow<K extends string> {
  key: K;
  orders: number;
  gross_cents: number;
  refunded_cents: number;
}

/** A refund tied to one ticket (a void), with that ticket's tier. */
export interface TicketRefundRow {
  tier_id: string;
  amount_cents: number;
}

/** A refund on a whole order (no ticket), with the order's sold value in each tier. */
export interface OrderRefundShareRow {
  refund_id: string;
  amount_cents: number;
  tier_id: string;
  tier_gross_cents: number;
}

export interface SalesBucketRow {
  bucket: number;
  orders: number;
  gross_cents: number;
}

export interface TicketBucketRow {
  bucket: number;
  tickets: number;
}

export interface AdmissionRow {
  admitted: number;
  not_arrived: number;
  inside: number;
}

/** The event report's sums (domain/reports.ts), each one grouped query over an event's rows. */
export class ReportsRepo {
  private readonly tierTickets;
  private readonly byMethod;
  private readonly byChannel;
  private readonly ticketRefunds;
  private readonly orderRefundShares;
  private readonly refundCount;
  private readonly salesBuckets;
  private readonly ticketBuckets;
  private readonly admissions;

  constructor(db: Db) {
    // `transferred_from IS NULL`: the ticket an order minted, not a transfer's replacement (the
    // original keeps its row as `transferred`), so a transferred seat counts once.
    // A void counts wherever it happened, a transferred-in ticket's too.
    this.tierTickets = db.prepare(
      `SELECT t.tier_id, (o.payment_method = 'comp') AS comp, SUM(t.transferred_from IS NULL) AS issued,
         SUM(t.status = 'voided') AS voided,
         SUM(CASE WHEN t.transferred_from IS NULL THEN t.price_cents ELSE 0 END) AS gross_cents
       FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.event_id = ?
       GROUP BY t.tier_id, comp`,
    );
    const orderGroups = (column: 'payment_method' | 'channel') =>
      db.prepare(
        `SELECT ${column} AS key, COUNT(*) AS orders, SUM(total_cents) AS gross_cents,
           SUM(refunded_cents) AS refunded_cents
         FROM orders WHERE event_id = ? GROUP BY ${column} ORDER BY ${column}`,
      );
    this.byMethod = orderGroups('payment_method');
    this.byChannel = orderGroups('channel');
    this.ticketRefunds = db.prepare(
      `SELECT t.tier_id, r.amount_cents FROM refunds r
       JOIN orders o ON o.id = r.order_id JOIN tickets t ON t.id = r.ticket_id
       WHERE o.event_id = ? AND r.ticket_id IS NOT NULL`,
    );
    this.orderRefundShares = db.prepare(
      `SELECT r.id AS refund_id, r.amount_cents, t.tier_id, SUM(t.price_cents) AS tier_gross_cents
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN tickets t ON t.order_id = r.order_id
       WHERE o.event_id = ? AND r.ticket_id IS NULL AND t.transferred_from IS NULL
       GROUP BY r.id, t.tier_id ORDER BY r.seq, t.tier_id`,
    );
    this.refundCount = db.prepare(
      'SELECT COUNT(*) AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = ?',
    );
    this.salesBuckets = db.prepare(
      `SELECT created_at / CAST(@width AS INTEGER) AS bucket, COUNT(*) AS orders, SUM(total_cents) AS gross_cents
       FROM orders WHERE event_id = @event GROUP BY bucket ORDER BY bucket`,
    );
    this.ticketBuckets = db.prepare(
      `SELECT issued_at / CAST(@width AS INTEGER) AS bucket, COUNT(*) AS tickets
       FROM tickets WHERE event_id = @event AND transferred_from IS NULL GROUP BY bucket ORDER BY bucket`,
    );
    this.admissions = db.prepare(
      `SELECT SUM(scan_count > 0) AS admitted, SUM(status = 'active' AND scan_count = 0) AS not_arrived,
         (SELECT inside FROM events WHERE id = @event) AS inside
       FROM tickets WHERE event_id = @event`,
    );
  }

  tierTicketsFor(eventId: string): TierTicketsRow[] {
    return this.tierTickets.all(eventId) as TierTicketsRow[];
  }

  byPaymentMethod(eventId: string): OrderGroupRow<PaymentMethod>[] {
    return this.byMethod.all(eventId) as OrderGroupRow<PaymentMethod>[];
  }

  bySalesChannel(eventId: string): OrderGroupRow<SalesChannel>[] {
    return this.byChannel.all(eventId) as OrderGroupRow<SalesChannel>[];
  }

  ticketRefundsFor(eventId: string): TicketRefundRow[] {
    return this.ticketRefunds.all(eventId) as TicketRefundRow[];
  }

  orderRefundSharesFor(eventId: string): OrderRefundShareRow[] {
    return this.orderRefundShares.all(eventId) as OrderRefundShareRow[];
  }

  refundsFor(eventId: string): number {
    return (this.refundCount.get(eventId) as { n: number }).n;
  }

  salesOverTime(eventId: string, widthMs: number): { sales: SalesBucketRow[]; tickets: TicketBucketRow[] } {
    const params = { event: eventId, width: widthMs };
    return {
      sales: this.salesBuckets.all(params) as SalesBucketRow[],
      tickets: this.ticketBuckets.all(params) as TicketBucketRow[],
    };
  }

  admissionsFor(eventId: string): AdmissionRow {
    const row = this.admissions.get({ event: eventId }) as {
      admitted: number | null;
      not_arrived: number | null;
      inside: number | null;
    };
    return { admitted: row.admitted ?? 0, not_arrived: row.not_arrived ?? 0, inside: row.inside ?? 0 };
  }
}
