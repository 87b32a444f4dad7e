import type { Db } from './db.js';
import type { EventStatus } from './events-repo.js';
import { prepareRows } from './row-statements.js';

/** What the door needs to know about a ticket, with its event's status in the same read. */
/** A ticket as a whole-order check-in sees it. */
export type OrderTicketRow = Pick<ScanTicketRow, 'id' | 'status' | 'inside' | 'transferred_from'>;

export interface ScanTicketRow {
  id: string;
  order_id: string;
  event_id: string;
  tier_id: string;
  attendee_id: string;
  status: 'active' | 'transferred' | 'voided';
  scan_count: number;
  inside: number;
  price_cents: number;
  wallet_secret: string;
  transferred_from: string | null;
  transferred_to: string | null;
  issued_at: number;
  /** A transferred ticket's row is never written again, so this is when it was replaced. */
  updated_at: number;
  event_status: EventStatus;
  /** The event's capacity (null: no limit) and how many are inside it, read with the ticket. */
  event_capacity: number | null;
  event_inside: number;
  /** The holder's name, read in the same query (a door answer names them): null only if missing. */
  attendee_event_id: string | null;
  attendee_order_id: string | null;
  attendee_ticket_id: string | null;
  attendee_name: string | null;
  attendee_created_at: number | null;
}

/** An order's active tickets and how many of them are inside now. */
export interface OrderAdmissionsRow {
  tickets_active: number;
  tickets_admitted: number;
}

/**
 * The scanning side of the tickets table: admission state only (`scan_count`, `inside`). The
 * sales code owns everything else about a ticket; these statements never touch it.
 */
export class ScanTicketsRepo {
  private readonly findStmt;
  private readonly admitStmt;
  private readonly exitStmt;
  private readonly orderStmt;
  private readonly admissionsStmt;
  private readonly occupancyStmt;

  constructor(db: Db) {
    this.findStmt = prepareRows<ScanTicketRow>(
      db,
      `SELECT t.id, t.order_id, t.event_id, t.tier_id, t.attendee_id, t.status, t.scan_count, t.inside, t.price_cents,
         t.wallet_secret, t.transferred_from, t.transferred_to, t.issued_at, t.updated_at, e.status AS event_status,
         e.capacity AS event_capacity, e.inside AS event_inside,
         a.event_id AS attendee_event_id, a.order_id AS attendee_order_id,
         a.ticket_id AS attendee_ticket_id, a.name AS attendee_name, a.created_at AS attendee_created_at
       FROM tickets t JOIN events e ON e.id = t.event_id LEFT JOIN attendees a ON a.id = t.attendee_id
       WHERE t.id = ?`,
    );
    // The one guard against double admission: the row changes only while the holder is outside.
    this.admitStmt = db.prepare(
      `UPDATE tickets SET scan_count = scan_count + 1, inside = 1, updated_at = ?
       WHERE id = ? AND status = 'active' AND inside = 0`,
    );
    this.exitStmt = db.prepare('UPDATE tickets SET inside = 0, updated_at = ? WHERE id = ? AND inside = 1');
    this.orderStmt = db.prepare(
      'SELECT id, status, inside, transferred_from FROM tickets WHERE order_id = ? ORDER BY seq',
    );
    this.admissionsStmt = db.prepare('SELECT tickets_active, tickets_admitted FROM orders WHERE id = ?');
    this.occupancyStmt = db.prepare('SELECT capacity, inside FROM events WHERE id = ?');
  }

  /** The order's tickets, in the order they were sold (a transfer's new ticket where it was made). */
  ofOrder(orderId: string): OrderTicketRow[] {
    return this.orderStmt.all(orderId) as OrderTicketRow[];
  }

  /**
   * The order's counts (kept by triggers, migration 014): one row however many tickets the
   * order has.
   */
  admissions(orderId: string): OrderAdmissionsRow | undefined {
    return this.admissionsStmt.get(orderId) as OrderAdmissionsRow | undefined;
  }

  /** The event's capacity and the people inside it now (kept by a trigger, migration 011). */
  occupancy(eventId: string): { capacity: number | null; inside: number } | undefined {
    return this.occupancyStmt.get(eventId) as { capacity: number | null; inside: number } | undefined;
  }

  find(id: string): ScanTicketRow | undefined {
    return this.findStmt.get(id);
  }

  /** True when this call admitted the holder; false when someone else got there first. */
  admit(id: string, at: number): boolean {
    return this.admitStmt.run(at, id).changes === 1;
  }

  exit(id: string, at: number): boolean {
    return this.exitStmt.run(at, id).changes === 1;
  }
}
