import type { Db } from './db.js';

/** Quarter hours: every zone's offset is a whole number of them, so a slot lies in one month. */
export const slotMs = 15 * 60_000;

/** Orders placed in a range, summed per event, currency and quarter hour. */
export interface PeriodOrderRow {
  event_id: string;
  currency: string;
  slot: number;
  orders: number;
  gross_cents: number;
}

/** Refunds made in a range (whenever their order was placed), summed the same way. */
export interface PeriodRefundRow {
  event_id: string;
  currency: string;
  slot: number;
  refunds: number;
  refunds_cents: number;
}

/**
 * The sums of the period sales report (domain/period-sales.ts): money taken and given back
 * between two moments, by when it moved. One pass over the range's orders and one over its
 * refunds; the answer is a row per event and quarter hour with a sale, not per order.
 */
export class PeriodSalesRepo {
  private readonly ordersStmt;
  private readonly refundsStmt;

  constructor(db: Db) {
    this.ordersStmt = db.prepare(
      `SELECT event_id, currency, created_at / ${slotMs} AS slot, COUNT(*) AS orders,
         SUM(total_cents) AS gross_cents
       FROM orders WHERE created_at >= @from AND created_at < @to
       GROUP BY event_id, currency, slot`,
    );
    this.refundsStmt = db.prepare(
      `SELECT o.event_id, o.currency, r.created_at / ${slotMs} AS slot, COUNT(*) AS refunds,
         SUM(r.amount_cents) AS refunds_cents
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id
       WHERE r.created_at >= @from AND r.created_at < @to
       GROUP BY o.event_id, o.currency, slot`,
    );
  }

  orders(from: number, to: number): PeriodOrderRow[] {
    return this.ordersStmt.all({ from, to }) as PeriodOrderRow[];
  }

  refunds(from: number, to: number): PeriodRefundRow[] {
    return this.refundsStmt.all({ from, to }) as PeriodRefundRow[];
  }
}
