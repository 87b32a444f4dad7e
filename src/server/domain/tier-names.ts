import type { Db } from '../store/db.js';
import { watchRowChanges } from '../store/row-changes.js';

/**
 * Tier names by id, kept in memory for door answers (every validate names the ticket's tier; a
 * venue has a handful of tiers). An entry is dropped by a SQL trigger whenever that tier's name
 * changes or the tier is deleted (store/row-changes.ts), and nothing read inside a transaction is
 * kept, so a rename rolled back is never answered. Measured against joining `tiers` into the
 * door's ticket lookup: the join cost ~2.5 µs (~9 %) of lookup and view; this costs a Map read.
 */
export class TierNames {
  private readonly names = new Map<string, string>();
  private readonly byId;

  constructor(private readonly db: Db) {
    this.byId = db.prepare('SELECT name FROM tiers WHERE id = ?').pluck();
    watchRowChanges(db, 'tiers', (id) => this.names.delete(id));
  }

  /** Null only if the tier is gone (a tier with sales cannot be deleted). */
  name(id: string): string | null {
    const known = this.names.get(id);
    if (known !== undefined) return known;
    const name = this.byId.get(id) as string | undefined;
    if (name === undefined) return null;
    if (!this.db.inTransaction) this.names.set(id, name);
    return name;
  }
}
