import type { Db } from './db.js';

/** One change of an event's doors time (migration 24). */
export interface DoorsMove {
  from_doors_at: number;
  to_doors_at: number;
  moved_at: number;
}

/** An active ticket of a tier that prints, with whom it reached. */
export interface PaperTicketRow {
  id: string;
  order_id: string;
  issued_at: number;
  /** Its latest reprint at the box office, or null when only the sale's slip was handed. */
  last_printed_at: number | null;
  /** Set on a ticket its holder got by a transfer: mailed on its own, not with the order. */
  transferred_from: string | null;
  buyer_name: string | null;
  buyer_email: string | null;
  holder_name: string | null;
  holder_email: string | null;
}

/** A ticket mail about the event's orders or transferred tickets. */
export interface TicketMailRow {
  kind: 'order_confirmation' | 'ticket_transfer';
  ref: string;
  status: 'pending' | 'sent' | 'failed';
  sent_at: number | null;
}

/**
 * What was handed or mailed to an event's ticket holders, and the doors times it was signed
 * under: the reads behind GET /v2/events/{id}/outdated_passes, and the record of doors moves.
 */
export class PassDeliveriesRepo {
  private readonly insertMoveStmt;
  private readonly insertPrintStmt;
  private readonly movesStmt;
  private readonly earliestFromStmt;
  private readonly ticketsStmt;
  private readonly mailsStmt;

  constructor(db: Db) {
    this.insertMoveStmt = db.prepare(
      'INSERT INTO event_doors_moves (event_id, from_doors_at, to_doors_at, moved_at) VALUES (?, ?, ?, ?)',
    );
    this.insertPrintStmt = db.prepare('INSERT INTO ticket_prints (ticket_id, printed_at) VALUES (?, ?)');
    this.movesStmt = db.prepare(
      'SELECT from_doors_at, to_doors_at, moved_at FROM event_doors_moves WHERE event_id = ? ORDER BY moved_at, seq',
    );
    this.earliestFromStmt = db
      .prepare('SELECT MIN(from_doors_at) FROM event_doors_moves WHERE event_id = ?')
      .pluck();
    this.ticketsStmt = db.prepare(
      `SELECT t.id, t.order_id, t.issued_at, t.transferred_from, o.buyer_name, o.buyer_email,
              a.name AS holder_name, a.email AS holder_email,
              (SELECT MAX(p.printed_at) FROM ticket_prints p WHERE p.ticket_id = t.id) AS last_printed_at
         FROM tickets t
         JOIN tiers ti ON ti.id = t.tier_id
         JOIN orders o ON o.id = t.order_id
         LEFT JOIN attendees a ON a.id = t.attendee_id
        WHERE t.event_id = ? AND t.status = 'active' AND ti.paper_pass = 1
        ORDER BY t.seq`,
    );
    // No index on ref (migration 010 says why): one scan of the outbox, as an order's mail list.
    this.mailsStmt = db.prepare(
      `SELECT kind, ref, status, sent_at FROM mail_outbox
        WHERE ((kind = 'order_confirmation' AND ref IN (SELECT id FROM orders WHERE event_id = @event))
            OR (kind = 'ticket_transfer'
                AND ref IN (SELECT id FROM tickets WHERE event_id = @event AND transferred_from IS NOT NULL)))`,
    );
  }

  recordMove(eventId: string, from: number, to: number, at: number): void {
    this.insertMoveStmt.run(eventId, from, to, at);
  }

  recordPrint(ticketId: string, at: number): void {
    this.insertPrintStmt.run(ticketId, at);
  }

  moves(eventId: string): DoorsMove[] {
    return this.movesStmt.all(eventId) as DoorsMove[];
  }

  /** The earliest doors time the event ever had on record, or null when it never moved. */
  earliestDoors(eventId: string): number | null {
    return (this.earliestFromStmt.get(eventId) as number | null | undefined) ?? null;
  }

  paperTickets(eventId: string): PaperTicketRow[] {
    return this.ticketsStmt.all(eventId) as PaperTicketRow[];
  }

  ticketMails(eventId: string): TicketMailRow[] {
    return this.mailsStmt.all({ event: eventId }) as TicketMailRow[];
  }
}
