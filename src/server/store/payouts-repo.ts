import type { Db } from './db.js';

export type PayoutStatus = 'pending' | 'paid' | 'cancelled';

export interface PayoutRow {
  seq: number;
  id: string;
  event_id: string;
  amount_cents: number;
  currency: string;
  status: PayoutStatus;
  created_at: number;
  paid_at: number | null;
  cancelled_at: number | null;
}

export class PayoutsRepo {
  private readonly byId;
  private readonly insertStmt;
  private readonly markPaidStmt;
  private readonly cancelStmt;
  private readonly pageStmt;
  private readonly totalForEventStmt;
  private readonly pendingForEventStmt;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT * FROM payouts WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO payouts (id, event_id, amount_cents, currency, status, created_at, paid_at, cancelled_at)
       VALUES (@id, @event_id, @amount_cents, @currency, @status, @created_at, @paid_at, @cancelled_at)`,
    );
    this.markPaidStmt = db.prepare(
      "UPDATE payouts SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending'",
    );
    this.cancelStmt = db.prepare(
      "UPDATE payouts SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND status = 'pending'",
    );
    this.pageStmt = db.prepare(
      'SELECT * FROM payouts WHERE seq > @after AND (@event IS NULL OR event_id = @event) ORDER BY seq LIMIT @limit',
    );
    this.totalForEventStmt = db.prepare(
      "SELECT COALESCE(SUM(amount_cents), 0) AS total FROM payouts WHERE event_id = ? AND status <> 'cancelled'",
    );
    this.pendingForEventStmt = db.prepare(
      "SELECT COALESCE(SUM(amount_cents), 0) AS total FROM payouts WHERE event_id = ? AND status = 'pending'",
    );
  }

  find(id: string): PayoutRow | undefined {
    return this.byId.get(id) as PayoutRow | undefined;
  }

  insert(row: Omit<PayoutRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  /** False when the payout was not pending (already paid, or cancelled). */
  markPaid(id: string, at: number): boolean {
    return this.markPaidStmt.run(at, id).changes === 1;
  }

  /** False when the payout was not pending (already cancelled, or paid). */
  cancel(id: string, at: number): boolean {
    return this.cancelStmt.run(at, id).changes === 1;
  }

  page(eventId: string | undefined, afterSeq: number, limit: number): PayoutRow[] {
    return this.pageStmt.all({
      after: afterSeq,
      event: eventId ?? null,
      limit,
    }) as PayoutRow[];
  }

  /** Everything already settled for the event, pending or paid; a cancelled payout settles nothing. */
  totalForEvent(eventId: string): number {
    return (this.totalForEventStmt.get(eventId) as { total: number }).total;
  }

  /** What the event's payouts not yet paid (nor cancelled) come to. */
  pendingForEvent(eventId: string): number {
    return (this.pendingForEventStmt.get(eventId) as { total: number }).total;
  }
}
