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
 * The door's guest-list reads over one event: attendee names for the in-memory search
 * (domain/attendee-names.ts), tickets by id or by the start of an order id. Never reads an email.
 */
export class DoorLookupRepo {
  private readonly byTicketStmt;
  private readonly namesSinceStmt;
  private readonly byOrderStmt;
  private readonly countsStmt;
  private readonly lastScanStmt;

  constructor(db: Db) {
    this.byTicketStmt = db
      .prepare(
        `SELECT t.id, t.order_id, a.name, t.tier_id, t.status, t.inside, t.scan_count
         FROM tickets t LEFT JOIN attendees a ON a.id = t.attendee_id WHERE t.id = ?`,
      )
      .raw();
    // attendees_by_event (event_id, seq): only the attendees added since the last read.
    this.namesSinceStmt = db
      .prepare('SELECT seq, ticket_id, name FROM attendees WHERE event_id = ? AND seq > ? ORDER BY seq')
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
      `SELECT COUNT(*) AS admitted, COALESCE(SUM(credential = 'manual'), 0) AS manual,
              COALESCE(SUM(credential = 'rotating'), 0) AS rotating,
              COALESCE(SUM(credential = 'paper'), 0) AS paper
       FROM scans WHERE event_id = ? AND result = 'admitted' AND direction = 'in'`,
    );
    this.lastScanStmt = db.prepare('SELECT id FROM scans WHERE event_id = ? ORDER BY seq DESC LIMIT 1');
  }

  byTicket(ticketId: string): LookupRow | undefined {
    return this.byTicketStmt.get(ticketId) as LookupRow | undefined;
  }

  /** [seq, ticket_id, name] of the event's attendees added after `afterSeq`, oldest first. */
  namesSince(eventId: string, afterSeq: number): [number, string, string | null][] {
    return this.namesSinceStmt.all(eventId, afterSeq) as [number, string, string | null][];
  }

  byOrderPrefix(eventId: string, prefix: string, limit: number): LookupRow[] {
    // Every id character sorts below U+FFFF, so [prefix, prefix + U+FFFF) is "starts with prefix".
    return this.byOrderStmt.all(prefix, `${prefix}\uffff`, eventId, limit) as LookupRow[];
  }

  /** Admissions at the event's doors so far, by what the guest showed (or a manual check-in). */
  admissions(eventId: string): { admitted: number; manual: number; rotating: number; paper: number } {
    return this.countsStmt.get(eventId) as {
      admitted: number;
      manual: number;
      rotating: number;
      paper: number;
    };
  }

  /** The event's newest scan record (any result), or null before its first. */
  lastScanId(eventId: string): string | null {
    return (this.lastScanStmt.get(eventId) as { id: string } | undefined)?.id ?? null;
  }
}
