import type { Db } from './db.js';

/**
 * Taking stock is one conditional UPDATE, never a read followed by a write: the row's own
 * `sold + n <= quantity` decides, so no interleaving of checkouts can sell past quantity.
 */
export class StockRepo {
  private readonly takeStmt;

  constructor(db: Db) {
    this.takeStmt = db.prepare(
      'UPDATE tiers SET sold = sold + ?, updated_at = ? WHERE id = ? AND sold + ? <= quantity',
    );
  }

  /** True when `count` units were taken; false (and nothing changed) when fewer are left. */
  take(tierId: string, count: number, at: number): boolean {
    return this.takeStmt.run(count, at, tierId, count).changes === 1;
  }
}
