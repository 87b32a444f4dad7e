import type { Db } from './db.js';
import { holderTicketMailsWhere } from './holder-mail-sql.js';

/**
 * Whom GET /v2/events/{id}/outdated_passes lists: an order's buyer, for `tickets` of theirs whose
 * newest pass expires before the doors, or the holder of one such ticket transferred to them.
 */
export interface OutdatedHolderRow {
  order_id: string;
  /** The transferred ticket, or null for the order's buyer. */
  ticket_id: string | null;
  name: string | null;
  email: string | null;
  tickets: number;
  /** Ticket mails about the order (or the transferred ticket) the sender gave up on. */
  mails_failed: number;
}

/**
 * What was handed or mailed to an event's ticket holders, and the doors times it was signed
 * under: the reads behind GET /v2/events/{id}/outdated_passes, and the record of doors moves.
 */
export class PassDeliveriesRepo {
  private readonly insertMoveStmt;
  private readonly insertPrintStmt;
  private readonly earliestFromStmt;
  private readonly outdatedStmt;

  constructor(db: Db) {
    this.insertMoveStmt = db.prepare(
      'INSERT INTO event_doors_moves (event_id, from_doors_at, to_doors_at, moved_at) VALUES (?, ?, ?, ?)',
    );
    this.insertPrintStmt = db.prepare('INSERT INTO ticket_prints (ticket_id, printed_at) VALUES (?, ?)');
    this.earliestFromStmt = db
      .prepare('SELECT MIN(from_doors_at) FROM event_doors_moves WHERE event_id = ?')
      .pluck();
    // A ticket's newest pass is the best of what reached its holder: the sale's or transfer's own
    // (issued_at), its newest print, each mail about it not given up (one waiting, or sent without
    // a time, will carry the doors as they are). Each carried the doors in effect when it was
    // handed or sent: a move's from_doors_at until that move was made, today's after the last;
    // only mails addressed to the holder count (holder-mail-sql.ts).
    // `bad`: the spans of time whose doors stood more than a pass's life before today's; listed,
    // a ticket all of whose passes reached its holder in such spans. Worked out here so that only
    // the holders listed leave SQLite. No index on mail_outbox.ref (migration 010 says why): one
    // scan of the outbox, as an order's mail list.
    this.outdatedStmt = db.prepare(
      `WITH bad AS MATERIALIZED (
         SELECT since, until FROM (
           SELECT LAG(moved_at) OVER (ORDER BY moved_at, seq) AS since, moved_at AS until, from_doors_at
             FROM event_doors_moves WHERE event_id = @event)
          WHERE from_doors_at + @life < @doors),
       mails AS MATERIALIZED (
         SELECT ref,
                MAX(status = 'pending'
                    OR (status = 'sent' AND (sent_at IS NULL OR NOT EXISTS (
                          SELECT 1 FROM bad WHERE (since IS NULL OR since <= sent_at) AND sent_at < until))))
                  AS fresh,
                SUM(status = 'failed') AS failed
           FROM mail_outbox
          WHERE ${holderTicketMailsWhere}
          GROUP BY ref),
       handed AS (
         SELECT t.seq, t.order_id, t.attendee_id, t.transferred_from IS NOT NULL AS moved,
                CASE WHEN t.transferred_from IS NULL THEN t.order_id ELSE t.id END AS ref,
                (SELECT MAX(p.printed_at) FROM ticket_prints p WHERE p.ticket_id = t.id) AS printed_at
           FROM tickets t
           JOIN tiers ti ON ti.id = t.tier_id
          WHERE t.event_id = @event AND t.status = 'active' AND ti.paper_pass = 1
            AND EXISTS (SELECT 1 FROM bad WHERE (since IS NULL OR since <= t.issued_at) AND t.issued_at < until)),
       listed AS (
         SELECT ref, order_id, attendee_id, moved, COUNT(*) AS tickets, MIN(seq) AS first
           FROM handed h
          WHERE (printed_at IS NULL
                 OR EXISTS (SELECT 1 FROM bad WHERE (since IS NULL OR since <= printed_at) AND printed_at < until))
            AND NOT EXISTS (SELECT 1 FROM mails m WHERE m.ref = h.ref AND m.fresh)
          GROUP BY ref)
       SELECT l.order_id, CASE WHEN l.moved THEN l.ref END AS ticket_id,
              CASE WHEN l.moved THEN a.name ELSE o.buyer_name END AS name,
              CASE WHEN l.moved THEN a.email ELSE o.buyer_email END AS email,
              l.tickets, COALESCE(m.failed, 0) AS mails_failed
         FROM listed l
         LEFT JOIN orders o ON NOT l.moved AND o.id = l.order_id
         LEFT JOIN attendees a ON l.moved AND a.id = l.attendee_id
         LEFT JOIN mails m ON m.ref = l.ref
        ORDER BY l.first`,
    );
  }

  recordMove(eventId: string, from: number, to: number, at: number): void {
    this.insertMoveStmt.run(eventId, from, to, at);
  }

  recordPrint(ticketId: string, at: number): void {
    this.insertPrintStmt.run(ticketId, at);
  }

  /** The earliest doors time the event ever had on record, or null when it never moved. */
  earliestDoors(eventId: string): number | null {
    return (this.earliestFromStmt.get(eventId) as number | null | undefined) ?? null;
  }

  /**
   * Whose newest paper pass of the event expires before `doorsAt`, a pass living `lifeMs` past
   * the doors it was signed under: buyers (one row an order) and transferred tickets' holders,
   * each in the order of its first such ticket.
   */
  outdatedHolders(eventId: string, doorsAt: number, lifeMs: number): OutdatedHolderRow[] {
    return this.outdatedStmt.all({ event: eventId, doors: doorsAt, life: lifeMs }) as OutdatedHolderRow[];
  }
}
