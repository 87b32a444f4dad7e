import type { Db } from './db.js';
import type { PaymentMethod, SalesChannel } from './orders-repo.js';

/**
 * An event's tickets summed per tier, comp or not, and sales bucket: one pass over the tickets
 * gives the tier table, the admissions and the tickets of the sales-over-time chart.
 */
export interface TicketSumsRow {
  tier_id: string;
  comp: 0 | 1;
  bucket: number;
  /** First issued (a transfer's new ticket is not a sale: the original keeps its row). */
  issued: number;
  /** Voided, wherever: a transferred-in ticket's void counts too. */
  voided: number;
  gross_cents: number;
  admitted: number;
  not_arrived: number;
}

/** An event's orders summed per payment method, channel and sales bucket, in one pass. */
export interface OrderSumsRow {
  payment_method: PaymentMethod;
  channel: SalesChannel;
  bucket: number;
  orders: number;
  gross_cents: number;
  refunded_cents: number;
}

/**
 * One refund of the event with where it belongs: a void's refund with its ticket's tier; a
 * refund of a whole order once per tier of the order, with what the order sold in that tier.
 */
export interface RefundShareRow {
  refund_id: string;
  amount_cents: number;
  tier_id: string;
  tier_gross_cents: number;
}

/**
 * The event report's sums (domain/reports.ts). Three reads, each one pass: the event's tickets,
 * its orders, and the refunds (few), so the report costs about two scans of the event however
 * many figures it shows.
 */
export class ReportsRepo {
  private readonly ticketSums;
  private readonly orderSums;
  private readonly refundShares;
  private readonly insideStmt;

  constructor(db: Db) {
    // Comps are found by an IN list SQLite builds once (an in-memory index of the event's comp
    // orders) rather than by a join to every ticket's order, which reads an orders page per ticket.
    this.ticketSums = db.prepare(
      `SELECT t.tier_id,
         (t.order_id IN (SELECT id FROM orders WHERE event_id = @event AND payment_method = 'comp')) AS comp,
         t.issued_at / CAST(@width AS INTEGER) AS bucket,
         SUM(t.transferred_from IS NULL) AS issued,
         SUM(t.status = 'voided') AS voided,
         SUM(CASE WHEN t.transferred_from IS NULL THEN t.price_cents ELSE 0 END) AS gross_cents,
         SUM(t.scan_count > 0) AS admitted,
         SUM(t.status = 'active' AND t.scan_count = 0) AS not_arrived
       FROM tickets t WHERE t.event_id = @event
       GROUP BY t.tier_id, comp, bucket`,
    );
    this.orderSums = db.prepare(
      `SELECT payment_method, channel, created_at / CAST(@width AS INTEGER) AS bucket, COUNT(*) AS orders,
         SUM(total_cents) AS gross_cents, SUM(refunded_cents) AS refunded_cents
       FROM orders WHERE event_id = @event
       GROUP BY payment_method, channel, bucket`,
    );
    // Refunds are few beside orders: read from them (CROSS JOIN keeps that order), not from
    // every order of the event. A void's refund is one row, its ticket's tier.
    this.refundShares = db.prepare(
      `SELECT r.id AS refund_id, r.amount_cents, t.tier_id, t.price_cents AS tier_gross_cents
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id CROSS JOIN tickets t ON t.id = r.ticket_id
       WHERE o.event_id = @event AND r.ticket_id IS NOT NULL
       UNION ALL
       SELECT r.id AS refund_id, r.amount_cents, t.tier_id, SUM(t.price_cents) AS tier_gross_cents
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id CROSS JOIN tickets t ON t.order_id = r.order_id
       WHERE o.event_id = @event AND r.ticket_id IS NULL AND t.transferred_from IS NULL
       GROUP BY r.id, t.tier_id`,
    );
    this.insideStmt = db.prepare('SELECT inside FROM events WHERE id = ?').pluck();
  }

  ticketSumsFor(eventId: string, widthMs: number): TicketSumsRow[] {
    return this.ticketSums.all({ event: eventId, width: widthMs }) as TicketSumsRow[];
  }

  orderSumsFor(eventId: string, widthMs: number): OrderSumsRow[] {
    return this.orderSums.all({ event: eventId, width: widthMs }) as OrderSumsRow[];
  }

  refundSharesFor(eventId: string): RefundShareRow[] {
    return this.refundShares.all({ event: eventId }) as RefundShareRow[];
  }

  /** People inside now: entries less exits, kept on the event (migration 011). */
  insideNow(eventId: string): number {
    return (this.insideStmt.get(eventId) as number | undefined) ?? 0;
  }
}
