import type { Db } from './db.js';
import type { PaymentMethod, SalesChannel } from './orders-repo.js';

/**
 * An event's tickets summed per tier and sales bucket: one pass over the tickets gives the tier
 * table, the admissions and the tickets of the sales-over-time chart. Comps are not told apart
 * here (that would look up every ticket's order): the tier keeps its comps (migration 013).
 */
export interface TicketSumsRow {
  tier_id: string;
  /** The slot of whole minutes sold in (ReportsRepo.ticketSumsFor). */
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

/** The event's refunds made with no till shift open (an admin key, the bulk refund). */
export interface OffShiftRefundsRow {
  refunds: number;
  refunds_cents: number;
  cash_refunds: number;
  cash_cents: number;
}

/** The event's cash orders sold with no till shift open: cash in no drawer's X or Z report. */
export interface OffShiftCashSalesRow {
  cash_orders: number;
  cash_cents: number;
}

/**
 * The event report's sums (domain/reports.ts). Three reads, each one pass: the event's tickets
 * and its orders (each an index holding just the summed columns), and the refunds (few), so the
 * report costs about two index scans of the event however many figures it shows; plus the
 * event's cash orders' rows, for the cash taken with no shift open.
 */
export class ReportsRepo {
  private readonly ticketSums;
  private readonly orderSums;
  private readonly refundShares;
  private readonly insideStmt;
  private readonly offShiftStmt;
  private readonly offShiftCashStmt;

  constructor(db: Db) {
    // Each sum reads only its covering index (migration 016), already in the order of its inner
    // GROUP BY: tier (or payment method and channel), then the minute, so the inner query
    // aggregates as it reads, with no sort. Only its result (a row per minute with sales, a few
    // thousand on a busy night) is sorted into slots of a few whole minutes, as
    // (t / 60000) / m = t / (m * 60000) in integer division; the domain folds the slots into the
    // report's buckets on the event's clock.
    this.ticketSums = db.prepare(
      `SELECT tier_id, minute / CAST(@minutes AS INTEGER) AS bucket, SUM(issued) AS issued, SUM(voided) AS voided,
         SUM(gross_cents) AS gross_cents, SUM(admitted) AS admitted, SUM(not_arrived) AS not_arrived
       FROM (SELECT tier_id, issued_at / 60000 AS minute,
               SUM(transferred_from IS NULL) AS issued,
               SUM(status = 'voided') AS voided,
               SUM(CASE WHEN transferred_from IS NULL THEN price_cents ELSE 0 END) AS gross_cents,
               SUM(scan_count > 0) AS admitted,
               SUM(status = 'active' AND scan_count = 0) AS not_arrived
             FROM tickets INDEXED BY tickets_report WHERE event_id = @event
             GROUP BY tier_id, issued_at / 60000)
       GROUP BY tier_id, bucket`,
    );
    this.orderSums = db.prepare(
      `SELECT payment_method, channel, minute / CAST(@minutes AS INTEGER) AS bucket, SUM(orders) AS orders,
         SUM(gross_cents) AS gross_cents, SUM(refunded_cents) AS refunded_cents
       FROM (SELECT payment_method, channel, created_at / 60000 AS minute, COUNT(*) AS orders,
               SUM(total_cents) AS gross_cents, SUM(refunded_cents) AS refunded_cents
             FROM orders INDEXED BY orders_report WHERE event_id = @event
             GROUP BY payment_method, channel, created_at / 60000)
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
    // Cash by how the money went back (before migration 013 refunds kept no method: the
    // order's), as the shift report counts its drawer (shift-report-repo.ts).
    this.offShiftStmt = db.prepare(
      `SELECT COUNT(*) AS refunds, COALESCE(SUM(r.amount_cents), 0) AS refunds_cents,
         COALESCE(SUM(COALESCE(r.method, o.payment_method) = 'cash'), 0) AS cash_refunds,
         COALESCE(SUM(CASE WHEN COALESCE(r.method, o.payment_method) = 'cash' THEN r.amount_cents ELSE 0 END), 0)
           AS cash_cents
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id
       WHERE o.event_id = @event AND r.shift_id IS NULL`,
    );
    // Cash only (a drawer's concern: card, kiosk and external money has none): orders_report
    // (event, method, …) narrows to the event's cash orders, and only their rows are read for
    // `shift_id`.
    this.offShiftCashStmt = db.prepare(
      `SELECT COUNT(*) AS cash_orders, COALESCE(SUM(total_cents), 0) AS cash_cents
       FROM orders WHERE event_id = @event AND payment_method = 'cash' AND shift_id IS NULL`,
    );
  }

  /**
   * Summed per slot of `slotMinutes` whole minutes on UTC's clock (`bucket` × the slot's width is
   * its start); domain/local-buckets.ts folds the slots into the report's buckets.
   */
  ticketSumsFor(eventId: string, slotMinutes: number): TicketSumsRow[] {
    return this.ticketSums.all({ event: eventId, minutes: slotMinutes }) as TicketSumsRow[];
  }

  orderSumsFor(eventId: string, slotMinutes: number): OrderSumsRow[] {
    return this.orderSums.all({ event: eventId, minutes: slotMinutes }) as OrderSumsRow[];
  }

  refundSharesFor(eventId: string): RefundShareRow[] {
    return this.refundShares.all({ event: eventId }) as RefundShareRow[];
  }

  offShiftRefundsFor(eventId: string): OffShiftRefundsRow {
    return this.offShiftStmt.get({ event: eventId }) as OffShiftRefundsRow;
  }

  offShiftCashSalesFor(eventId: string): OffShiftCashSalesRow {
    return this.offShiftCashStmt.get({ event: eventId }) as OffShiftCashSalesRow;
  }

  /** People inside now: entries less exits, kept on the event (migration 011). */
  insideNow(eventId: string): number {
    return (this.insideStmt.get(eventId) as number | undefined) ?? 0;
  }
}
