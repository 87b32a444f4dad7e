import type { Db } from './db.js';

/** [ticket_id, order_id, attendee name, tier_id, status, inside, scan_count] */
export type LookupRow = [
  string,
  string,
  string | null,
  string,
  'active' | 'transferred' | 'voided',
  number,
  number,
];

/**
 * The door's guest-list search over one event: by part of the attendee name (ASCII case folded,
 * as SQLite's lower() folds) or by the start of an order id. Never reads an email.
 */
export class DoorLookupRepo {
  private readonly byNameStmt;
  private readonly byOrderStmt;
  private readonly countsStmt;

  constructor(db: Db) {
    this.byNameStmt = db
      .prepare(
        `SELECT t.id, t.order_id, a.name, t.tier_id, t.status, t.inside, t.scan_count
         FROM attendees a JOIN tickets t ON t.id = a.ticket_id
         WHERE a.event_id = ? AND instr(lower(a.name), ?) > 0
         ORDER BY a.seq LIMIT ?`,
      )
      .raw();
    // A range on tickets_by_order (order_id, seq): an id prefix reads only the matching orders.
    this.byOrderStmt = db
      .prepare(
        `SELECT t.id, t.order_id, a.name, t.tier_id, t.status, t.inside, t.scan_count
         FROM tickets t LEFT JOIN attendees a ON a.id = t.attendee_id
         WHERE t.order_id >= ? AND t.order_id < ? AND t.event_id = ?
         ORDER BY t.order_id, t.seq LIMIT ?`,
      )
      .raw();
    this.countsStmt = db.prepare(
      `SELECT COUNT(*) AS admitted, COALESCE(SUM(credential = 'manual'), 0) AS manual
       FROM scans WHERE event_id = ? AND result = 'admitted' AND direction = 'in'`,
    );
  }

  byName(eventId: string, needle: string, limit: number): LookupRow[] {
    return this.byNameStmt.all(eventId, needle.toLowerCase(), limit) as LookupRow[];
  }

  byOrderPrefix(eventId: string, prefix: string, limit: number): LookupRow[] {
    // Every id character sorts below U+FFFF, so [prefix, prefix + U+FFFF) is "starts with prefix".
    return this.byOrderStmt.all(prefix, `${prefix}\uffff`, eventId, limit) as LookupRow[];
  }

  /** Admissions at the event's doors so far, and how many of them were manual check-ins. */
  admissions(eventId: string): { admitted: number; manual: number } {
    return this.countsStmt.get(eventId) as { admitted: number; manual: number };
  }
}
