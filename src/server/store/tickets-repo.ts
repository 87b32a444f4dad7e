import type { Db } from './db.js';
import { prepareInsert, prepareRows } from './row-statements.js';

export type TicketStatus = 'active' | 'transferred' | 'voided';

export interface TicketRow {
  seq: number;
  id: string;
  order_id: string;
  event_id: string;
  tier_id: string;
  attendee_id: string;
  status: TicketStatus;
  scan_count: number;
  /** What this ticket cost on its order: the most a void refunds for it. */
  price_cents: number;
  wallet_secret: string;
  transferred_from: string | null;
  transferred_to: string | null;
  issued_at: number;
  /** The paper pass's iat (unix s), kept so every print gives the same pass; null: issued_at's. */
  pass_iat: number | null;
  voided_at: number | null;
  updated_at: number;
}

export class TicketsRepo {
  private readonly byId;
  private readonly byWalletSecret;
  private readonly byOrder;
  private readonly insertRow;
  private readonly transferStmt;
  private readonly voidStmt;
  private readonly unrefundableStmt;
  private readonly unrefundableCountStmt;

  constructor(db: Db) {
    this.byId = prepareRows<TicketRow>(db, 'SELECT * FROM tickets WHERE id = ?');
    this.byWalletSecret = db.prepare('SELECT * FROM tickets WHERE wallet_secret = ?');
    this.byOrder = db.prepare('SELECT * FROM tickets WHERE order_id = ? ORDER BY seq');
    this.insertRow = prepareInsert<Omit<TicketRow, 'seq'>>(db, 'tickets', [
      'id',
      'order_id',
      'event_id',
      'tier_id',
      'attendee_id',
      'status',
      'scan_count',
      'price_cents',
      'wallet_secret',
      'transferred_from',
      'transferred_to',
      'issued_at',
      'pass_iat',
      'voided_at',
      'updated_at',
    ]);
    // Both status moves are conditional on `active`, so a ticket can leave that state only once
    // even if two requests race (the loser sees changes = 0).
    this.transferStmt = db.prepare(
      "UPDATE tickets SET status = 'transferred', transferred_to = ?, updated_at = ? WHERE id = ? AND status = 'active'",
    );
    this.voidStmt = db.prepare(
      "UPDATE tickets SET status = 'voided', voided_at = ?, updated_at = ?, void_shift_id = ? WHERE id = ? AND status = 'active'",
    );
    const unrefundable = `FROM tickets t JOIN orders o ON o.id = t.order_id
       WHERE t.event_id = ? AND t.status = 'active' AND o.refunded_cents >= o.total_cents`;
    this.unrefundableStmt = db.prepare(`SELECT t.* ${unrefundable} ORDER BY t.seq`);
    this.unrefundableCountStmt = db.prepare(`SELECT COUNT(*) AS n ${unrefundable}`);
  }

  find(id: string): TicketRow | undefined {
    return this.byId.get(id);
  }

  /** For the wallet page, which is reached through the secret alone. */
  findByWalletSecret(secret: string): TicketRow | undefined {
    return this.byWalletSecret.get(secret) as TicketRow | undefined;
  }

  forOrder(orderId: string): TicketRow[] {
    return this.byOrder.all(orderId) as TicketRow[];
  }

  insert(row: Omit<TicketRow, 'seq'>): void {
    this.insertRow(row);
  }

  markTransferred(id: string, toTicketId: string, at: number): boolean {
    return this.transferStmt.run(toTicketId, at, id).changes === 1;
  }

  /**
   * The event's active tickets whose order has no money left to give back: comps, free tiers
   * (and an order refunded in full whose tickets somehow stayed active). A refund cannot void them.
   */
  activeWithNothingToRefund(eventId: string): TicketRow[] {
    return this.unrefundableStmt.all(eventId) as TicketRow[];
  }

  countActiveWithNothingToRefund(eventId: string): number {
    return (this.unrefundableCountStmt.get(eventId) as { n: number }).n;
  }

  /** `shiftId`: the open shift of the till that voided it (column `void_shift_id`). */
  markVoided(id: string, at: number, shiftId: string | null = null): boolean {
    return this.voidStmt.run(at, at, shiftId, id).changes === 1;
  }
}
