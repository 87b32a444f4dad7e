import type { Db } from './db.js';
import type { PaymentMethod } from './orders-repo.js';

export interface MethodTotalRow {
  payment_method: PaymentMethod;
  currency: string;
  count: number;
  amount_cents: number;
}

export interface TierTotalRow {
  tier_id: string;
  tier_name: string | null;
  event_id: string;
  currency: string;
  tickets: number;
  amount_cents: number;
  comp_tickets: number;
}

/** A refund line: by the refunded order's payment method, with what of it left the drawer. */
export interface RefundTotalRow extends MethodTotalRow {
  /** Paid back in cash (the refund's `method`; before migration 013, the order's method). */
  cash_out_cents: number;
}

export interface CountAmountRow {
  count: number;
  amount_cents: number;
}

/** A count and amount in one currency (tickets voided in a shift, by their order's currency). */
export interface CurrencyCountAmountRow extends CountAmountRow {
  currency: string;
}

/** An order a till settled after its shift had closed (its answer was lost: a late sale). */
export interface LateOrderRow {
  id: string;
  payment_method: PaymentMethod;
  currency: string;
  total_cents: number;
}

/** The names a shift's ids stand for, and the drawer's currency as the shift and its close name it. */
export interface ShiftLabelsRow {
  till_name: string | null;
  device_name: string | null;
  opened_by_name: string | null;
  closed_by_name: string | null;
  /**
   * The shift's opened currency (else its `shift.closed` audit row's): a shift that sold nothing
   * has no other.
   */
  audit_currency: string | null;
}

/** The sums a shift's X and Z reports are made of; each reads one shift's rows by index. */
export class ShiftReportRepo {
  private readonly salesStmt;
  private readonly refundsStmt;
  private readonly tiersStmt;
  private readonly voidsStmt;
  private readonly firstCurrencyStmt;
  private readonly labelsStmt;
  private readonly lateStmt;

  constructor(db: Db) {
    this.salesStmt = db.prepare(
      `SELECT payment_method, currency, COUNT(*) AS count, SUM(total_cents) AS amount_cents
       FROM orders WHERE shift_id = ? GROUP BY payment_method, currency`,
    );
    // Lines by the payment method of the order refunded; the drawer by how the money went back
    // (a card order refunded in cash comes out of the drawer, a cash order refunded by card does not).
    this.refundsStmt = db.prepare(
      `SELECT o.payment_method AS payment_method, o.currency AS currency, COUNT(*) AS count,
         SUM(r.amount_cents) AS amount_cents,
         SUM(CASE WHEN COALESCE(r.method, o.payment_method) = 'cash' THEN r.amount_cents ELSE 0 END)
           AS cash_out_cents
       FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE r.shift_id = ? GROUP BY o.payment_method, o.currency`,
    );
    // Units sold: a transfer's new ticket (transferred_from set) is the same unit again.
    this.tiersStmt = db.prepare(
      `SELECT t.tier_id AS tier_id, tr.name AS tier_name, t.event_id AS event_id, o.currency AS currency,
         COUNT(*) AS tickets, SUM(t.price_cents) AS amount_cents,
         SUM(o.payment_method = 'comp') AS comp_tickets
       FROM orders o JOIN tickets t ON t.order_id = o.id LEFT JOIN tiers tr ON tr.id = t.tier_id
       WHERE o.shift_id = ? AND t.transferred_from IS NULL
       GROUP BY t.tier_id, o.currency ORDER BY MIN(t.seq)`,
    );
    this.voidsStmt = db.prepare(
      `SELECT o.currency AS currency, COUNT(*) AS count, SUM(t.price_cents) AS amount_cents
       FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.void_shift_id = ? GROUP BY o.currency ORDER BY MIN(t.seq)`,
    );
    // The opened currency is the shift's own (migration 021), no longer looked up in the audit trail.
    this.firstCurrencyStmt = db
      .prepare(
        `SELECT COALESCE(
           (SELECT s.currency FROM shifts s
            WHERE s.id = @id
              AND (s.opening_float_cents > 0
                OR EXISTS (SELECT 1 FROM orders WHERE shift_id = @id AND currency = s.currency)
                OR EXISTS (SELECT 1 FROM refunds r JOIN orders o ON o.id = r.order_id
                           WHERE r.shift_id = @id AND o.currency = s.currency))),
           (SELECT currency FROM orders WHERE shift_id = @id ORDER BY seq LIMIT 1),
           (SELECT o.currency FROM refunds r JOIN orders o ON o.id = r.order_id
            WHERE r.shift_id = @id ORDER BY r.seq LIMIT 1))`,
      )
      .pluck();
    // Read with a closed shift's report only; by index (orders_by_shift), the shift's orders alone.
    this.lateStmt = db.prepare(
      `SELECT id, payment_method, currency, total_cents FROM orders
       WHERE shift_id = ? AND created_at > ? ORDER BY seq`,
    );
    this.labelsStmt = db.prepare(
      `SELECT k.name AS till_name, d.name AS device_name, so.name AS opened_by_name,
         sc.name AS closed_by_name,
         COALESCE(s.currency,
           (SELECT json_extract(a.data, '$.currency') FROM audit_events a
            WHERE a.object_id = s.id AND a.action = 'shift.closed'
              AND json_extract(a.data, '$.currency') IS NOT NULL
            ORDER BY a.seq LIMIT 1)) AS audit_currency
       FROM shifts s LEFT JOIN api_keys k ON k.id = s.api_key_id LEFT JOIN devices d ON d.id = s.device_id
         LEFT JOIN staff so ON so.id = s.opened_by LEFT JOIN staff sc ON sc.id = s.closed_by
       WHERE s.id = ?`,
    );
  }

  sales(shiftId: string): MethodTotalRow[] {
    return this.salesStmt.all(shiftId) as MethodTotalRow[];
  }

  refunds(shiftId: string): RefundTotalRow[] {
    return this.refundsStmt.all(shiftId) as RefundTotalRow[];
  }

  tiers(shiftId: string): TierTotalRow[] {
    return this.tiersStmt.all(shiftId) as TierTotalRow[];
  }

  /** Tickets voided in the shift, one row per currency (amounts in two are never added). */
  voids(shiftId: string): CurrencyCountAmountRow[] {
    return this.voidsStmt.all(shiftId) as CurrencyCountAmountRow[];
  }

  /**
   * The currency the drawer is counted in: the one named when the shift opened (its float's), when
   * the drawer holds money in it (a float, or cash taken or paid back in it); else that of its
   * first sale (or refund). A dollar drawer whose first sale was for a euro show, or that sold only
   * euro tickets on a $100.00 float, is still counted in dollars.
   */
  currency(shiftId: string): string | null {
    return (this.firstCurrencyStmt.get({ id: shiftId }) as string | undefined) ?? null;
  }

  /** The shift's orders recorded after `closedAt` (its close): late sales (domain/late-sales.ts). */
  lateOrders(shiftId: string, closedAt: number): LateOrderRow[] {
    return this.lateStmt.all(shiftId, closedAt) as LateOrderRow[];
  }

  labels(shiftId: string): ShiftLabelsRow {
    return (
      (this.labelsStmt.get(shiftId) as ShiftLabelsRow | undefined) ?? {
        till_name: null,
        device_name: null,
        opened_by_name: null,
        closed_by_name: null,
        audit_currency: null,
      }
    );
  }
}
