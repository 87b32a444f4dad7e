import type { Db } from './db.js';
import { defaultOrderSlicing, type OrderSlicing } from './orders-repo.js';

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
 * between two moments, by when it moved. One pass over the orders and one over the range's
 * refunds; the answer is a row per event and quarter hour with a sale, not per order.
 */
export class PeriodSalesRepo {
  private readonly ordersStmt;
  private readonly refundsStmt;
  private readonly lastSeqStmt;

  constructor(
    db: Db,
    private readonly slicing: OrderSlicing = defaultOrderSlicing,
  ) {
    // No index leads with created_at (one would be written by every checkout, issue #18), so
    // the orders are read by seq ranges, the primary key, each range's rows once.
    this.ordersStmt = db.prepare(
      `SELECT event_id, currency, created_at / ${slotMs} AS slot, COUNT(*) AS orders,
         SUM(total_cents) AS gross_cents
       FROM orders WHERE seq BETWEEN @lo AND @hi AND created_at >= @from AND created_at < @to
       GROUP BY event_id, currency, slot`,
    );
    this.lastSeqStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM orders').pluck();
    this.refundsStmt = db.prepare(
      `SELECT o.event_id, o.currency, r.created_at / ${slotMs} AS slot, COUNT(*) AS refunds,
         SUM(r.amount_cents) AS refunds_cents
       FROM refunds r CROSS JOIN orders o ON o.id = r.order_id
       WHERE r.created_at >= @from AND r.created_at < @to
       GROUP BY o.event_id, o.currency, slot`,
    );
  }

  /**
   * The range's orders, summed a slice of seqs at a time with the event loop let run between
   * (a year's in one statement held it ~300 ms on a quiet machine; docs/year-old-store.md). A
   * group cut in two by a slice's end comes as two rows: the caller adds them up.
   */
  async orders(from: number, to: number): Promise<PeriodOrderRow[]> {
    const { seqs, yieldToLoop } = this.slicing;
    const last = this.lastSeqStmt.get() as number;
    const rows: PeriodOrderRow[] = [];
    for (let lo = 1; lo <= last; lo += seqs) {
      if (lo > 1) await yieldToLoop();
      rows.push(...(this.ordersStmt.all({ from, to, lo, hi: lo + seqs - 1 }) as PeriodOrderRow[]));
    }
    return rows;
  }

  refunds(from: number, to: number): PeriodRefundRow[] {
    return this.refundsStmt.all({ from, to }) as PeriodRefundRow[];
  }
}
