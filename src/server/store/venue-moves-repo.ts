import type { Db } from './db.js';
import { holderTicketMailsWhere } from './holder-mail-sql.js';

/** One change of an event's venue (migration 26). */
export interface VenueMove {
  from_venue: string;
  to_venue: string;
  moved_at: number;
}

/** An order of the event sold before a venue change, not refunded, with a ticket its buyer holds. */
export interface VenueOrderRow {
  order_id: string;
  buyer_name: string | null;
  buyer_email: string | null;
  /** Active tickets the buyer still holds (not transferred away): what the confirmation carries. */
  tickets: number;
  /** When it was sold: the sale's own answer (a print, the kiosk's screen) named the venue then. */
  created_at: number;
}

/** A ticket of the event handed on before a venue change, still active, held by whom it went to. */
export interface VenueTicketRow {
  ticket_id: string;
  order_id: string;
  holder_name: string | null;
  holder_email: string | null;
  /** When it was handed on: the transfer's own answer named the venue then. */
  issued_at: number;
}

/**
 * A ticket mail of the event, with its delivery state: an order confirmation (checkout's or a
 * resend; `ref` the order) or a transferred ticket's own mail (`ref` the ticket).
 */
export interface TicketMailRow {
  ref: string;
  status: 'pending' | 'sent' | 'failed';
  sent_at: number | null;
}

/**
 * The record of an event's venue changes and the reads behind GET /v2/events/{id}/outdated_venue:
 * which orders were sold and tickets handed on before the latest change, and which of their
 * ticket mails went since.
 */
export class VenueMovesRepo {
  private readonly insertStmt;
  private readonly latestStmt;
  private readonly allStmt;
  private readonly ordersStmt;
  private readonly ticketsStmt;
  private readonly mailsStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO event_venue_moves (event_id, from_venue, to_venue, moved_at) VALUES (?, ?, ?, ?)',
    );
    this.latestStmt = db.prepare(
      `SELECT from_venue, to_venue, moved_at FROM event_venue_moves WHERE event_id = ?
        ORDER BY moved_at DESC, seq DESC LIMIT 1`,
    );
    this.allStmt = db.prepare(
      `SELECT from_venue, to_venue, moved_at FROM event_venue_moves WHERE event_id = ?
        ORDER BY moved_at, seq`,
    );
    this.ordersStmt = db.prepare(
      `SELECT o.id AS order_id, o.buyer_name, o.buyer_email, o.created_at,
              (SELECT COUNT(*) FROM tickets t
                WHERE t.order_id = o.id AND t.status = 'active' AND t.transferred_from IS NULL) AS tickets
         FROM orders o
        WHERE o.event_id = @event AND o.status != 'refunded' AND o.created_at < @before
        ORDER BY o.seq`,
    );
    // A transfer makes a new ticket (transferred_from the old one), issued when it was handed on.
    this.ticketsStmt = db.prepare(
      `SELECT t.id AS ticket_id, t.order_id, a.name AS holder_name, a.email AS holder_email, t.issued_at
         FROM tickets t
         JOIN orders o ON o.id = t.order_id
         LEFT JOIN attendees a ON a.id = t.attendee_id
        WHERE t.event_id = @event AND t.status = 'active' AND t.transferred_from IS NOT NULL
          AND o.status != 'refunded' AND t.issued_at < @before
        ORDER BY t.seq`,
    );
    // No index on ref (migration 010 says why): one scan of the outbox, as an order's mail list.
    this.mailsStmt = db.prepare(
      `SELECT ref, status, sent_at FROM mail_outbox WHERE ${holderTicketMailsWhere}`,
    );
  }

  record(eventId: string, from: string, to: string, at: number): void {
    this.insertStmt.run(eventId, from, to, at);
  }

  /** The event's latest venue change, or null when none was recorded. */
  latest(eventId: string): VenueMove | null {
    return (this.latestStmt.get(eventId) as VenueMove | undefined) ?? null;
  }

  /** Every change of the event's venue on record, oldest first. */
  all(eventId: string): VenueMove[] {
    return this.allStmt.all(eventId) as VenueMove[];
  }

  /** Orders sold before `before`, not refunded, whose buyer holds at least one active ticket. */
  ordersSoldBefore(eventId: string, before: number): VenueOrderRow[] {
    const rows = this.ordersStmt.all({ event: eventId, before }) as VenueOrderRow[];
    return rows.filter((row) => row.tickets > 0);
  }

  /** Tickets transferred before `before`, still active, of orders not refunded, with their holder. */
  ticketsHandedOnBefore(eventId: string, before: number): VenueTicketRow[] {
    return this.ticketsStmt.all({ event: eventId, before }) as VenueTicketRow[];
  }

  /**
   * The event's order confirmations and transferred tickets' own mails addressed to the buyer or
   * holder (holder-mail-sql.ts), whatever their state.
   */
  ticketMails(eventId: string): TicketMailRow[] {
    return this.mailsStmt.all({ event: eventId }) as TicketMailRow[];
  }
}
