import type { Db } from './db.js';

export interface RefundRow {
  seq: number;
  id: string;
  order_id: string;
  /** Set when the refund came from voiding that ticket. */
  ticket_id: string | null;
  amount_cents: number;
  reason: string;
  /** How the money went back (migration 013); null before it and when nobody said. */
  method: 'cash' | 'card' | 'other' | null;
  /** The refunder's own words. */
  note: string | null;
  created_at: number;
  /** The open shift of the till that made the refund (migration 008). */
  shift_id: string | null;
}

export class RefundsRepo {
  private readonly insertStmt;
  private readonly byOrder;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO refunds (id, order_id, ticket_id, amount_cents, reason, method, note, created_at, shift_id)
       VALUES (@id, @order_id, @ticket_id, @amount_cents, @reason, @method, @note, @created_at, @shift_id)`,
    );
    this.byOrder = db.prepare('SELECT * FROM refunds WHERE order_id = ? ORDER BY seq');
  }

  insert(row: Omit<RefundRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  forOrder(orderId: string): RefundRow[] {
    return this.byOrder.all(orderId) as RefundRow[];
  }
}
