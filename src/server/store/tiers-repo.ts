import type { Db } from './db.js';
import { prepareRows } from './row-statements.js';
import { updateColumns } from './update-columns.js';

export type Visibility = 'public' | 'unlisted' | 'access_code';

export interface TierRow {
  seq: number;
  id: string;
  event_id: string;
  name: string;
  price_cents: number;
  currency: string;
  quantity: number;
  sold: number;
  /** Of `sold`, tickets given away by comp orders (migration 013's trigger keeps it). */
  comps: number;
  /** Of `sold`, tickets voided since (also kept by trigger). */
  voided: number;
  sale_starts_at: number | null;
  sale_ends_at: number | null;
  max_per_order: number;
  visibility: Visibility;
  access_code: string | null;
  /** 1 when the tier's tickets have a paper pass; 0 refuses passes at the door. */
  paper_pass: number;
  created_at: number;
  updated_at: number;
}

export type TierChanges = Partial<
  Pick<
    TierRow,
    | 'name'
    | 'price_cents'
    | 'currency'
    | 'quantity'
    | 'sale_starts_at'
    | 'sale_ends_at'
    | 'max_per_order'
    | 'visibility'
    | 'access_code'
    | 'paper_pass'
  >
>;

export class TiersRepo {
  private readonly byId;
  private readonly insertStmt;
  private readonly byEventStmt;
  private readonly pageStmt;
  private readonly deleteStmt;
  private readonly soldForEventStmt;

  constructor(private readonly db: Db) {
    this.byId = prepareRows<TierRow>(db, 'SELECT * FROM tiers WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, sale_starts_at, sale_ends_at,
         max_per_order, visibility, access_code, paper_pass, created_at, updated_at)
       VALUES (@id, @event_id, @name, @price_cents, @currency, @quantity, @sold, @sale_starts_at, @sale_ends_at,
         @max_per_order, @visibility, @access_code, @paper_pass, @created_at, @updated_at)`,
    );
    this.byEventStmt = db.prepare('SELECT * FROM tiers WHERE event_id = ? ORDER BY seq');
    this.pageStmt = db.prepare('SELECT * FROM tiers WHERE event_id = ? AND seq > ? ORDER BY seq LIMIT ?');
    // Guarded by sold = 0 in SQL too, so a sale racing the delete can never lose its tier.
    this.deleteStmt = db.prepare('DELETE FROM tiers WHERE id = ? AND sold = 0');
    this.soldForEventStmt = db.prepare('SELECT COALESCE(SUM(sold), 0) AS sold FROM tiers WHERE event_id = ?');
  }

  find(id: string): TierRow | undefined {
    return this.byId.get(id);
  }

  /** The counters (comps, voided) start at 0 and are the triggers' to keep. */
  insert(row: Omit<TierRow, 'seq' | 'comps' | 'voided'>): void {
    this.insertStmt.run(row);
  }

  update(id: string, changes: TierChanges, now: number): void {
    updateColumns(this.db, 'tiers', id, changes, now);
  }

  /** Returns false when the tier has sales (or vanished), so the caller can refuse. */
  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes === 1;
  }

  forEvent(eventId: string): TierRow[] {
    return this.byEventStmt.all(eventId) as TierRow[];
  }

  page(eventId: string, afterSeq: number, limit: number): TierRow[] {
    return this.pageStmt.all(eventId, afterSeq, limit) as TierRow[];
  }

  soldForEvent(eventId: string): number {
    return (this.soldForEventStmt.get(eventId) as { sold: number }).sold;
  }
}
