import type { Db } from '../store/db.js';
import type { EventsRepo } from '../store/events-repo.js';
import { watchRowChanges } from '../store/row-changes.js';
import type { TiersRepo } from '../store/tiers-repo.js';

/** Far more tiers and events than a venue has; past it the maps start again rather than grow. */
const maxEntries = 10_000;

/**
 * What a ticket's paper pass depends on beyond the ticket itself: whether its tier allows paper
 * and when its event's doors open. Asked on every GET of a ticket, every pass scanned and every
 * order answered, so kept in memory; SQL triggers (watchRowChanges, on `tiers.paper_pass` and
 * `events.doors_at` only) drop an entry whenever its row changes, whichever code path changes it.
 */
export class CredentialFacts {
  private readonly paper = new Map<string, boolean>();
  private readonly doors = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly events: EventsRepo,
    private readonly tiers: TiersRepo,
  ) {
    watchRowChanges(db, 'tiers', (id) => this.paper.delete(id));
    watchRowChanges(db, 'events', (id) => this.doors.delete(id));
  }

  /** Whether the tier's tickets have (and doors take) paper passes; false for an unknown tier. */
  allowsPaper(tierId: string): boolean {
    const known = this.paper.get(tierId);
    if (known !== undefined) return known;
    const tier = this.tiers.find(tierId);
    const allowed = tier !== undefined && tier.paper_pass === 1;
    if (tier) this.remember(this.paper, tierId, allowed);
    return allowed;
  }

  /** The event's doors_at (epoch ms), undefined for an unknown event. */
  doorsAt(eventId: string): number | undefined {
    const known = this.doors.get(eventId);
    if (known !== undefined) return known;
    const doorsAt = this.events.find(eventId)?.doors_at;
    if (doorsAt !== undefined) this.remember(this.doors, eventId, doorsAt);
    return doorsAt;
  }

  /**
   * A value read inside a transaction may not be committed yet, and a rollback tells no trigger;
   * so only values read outside one are kept (the sale path reads them before its transaction).
   */
  private remember<T>(map: Map<string, T>, id: string, value: T): void {
    if (this.db.inTransaction) return;
    if (map.size >= maxEntries) map.clear();
    map.set(id, value);
  }
}
