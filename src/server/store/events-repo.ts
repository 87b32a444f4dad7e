import type { Db } from './db.js';
import { prepareRows } from './row-statements.js';
import { updateColumns } from './update-columns.js';

export type EventStatus = 'draft' | 'published' | 'cancelled';

export interface EventRow {
  seq: number;
  id: string;
  title: string;
  venue: string;
  doors_at: number;
  on_sale_at: number;
  status: EventStatus;
  currency: string;
  /** IANA zone attendees read times in; null for events made before zones (the server's zone). */
  timezone: string | null;
  /** Most people inside at once; null: no limit (CONTRACT.md "At the door"). */
  capacity: number | null;
  created_at: number;
  updated_at: number;
}

export type EventChanges = Partial<
  Pick<
    EventRow,
    'title' | 'venue' | 'doors_at' | 'on_sale_at' | 'currency' | 'timezone' | 'capacity' | 'status'
  >
>;

/** An address that holds active tickets of an event (EventsRepo.ticketHolders). */
export interface TicketHolder {
  email: string;
  tickets: number;
}

export class EventsRepo {
  private readonly byId;
  private readonly insertStmt;
  private readonly pageStmt;
  private readonly publishedPageStmt;
  private readonly currentStmt;
  private readonly nearestCurrencyStmt;
  private readonly zonesStmt;

  private readonly holdersStmt;

  constructor(private readonly db: Db) {
    // A buyer holds their order's active tickets except those transferred to someone (a transfer's
    // new ticket has transferred_from set); an attendee with an address holds their own ticket.
    // Grouped by lower(address) so one person gets one mail whatever case each form used.
    this.holdersStmt = db.prepare(
      `SELECT MIN(email) AS email, COUNT(DISTINCT ticket_id) AS tickets FROM (
         SELECT o.buyer_email AS email, t.id AS ticket_id
           FROM tickets t JOIN orders o ON o.id = t.order_id
          WHERE t.event_id = @event AND t.status = 'active' AND t.transferred_from IS NULL
         UNION ALL
         SELECT a.email, t.id
           FROM tickets t JOIN attendees a ON a.id = t.attendee_id
          WHERE t.event_id = @event AND t.status = 'active')
        WHERE email IS NOT NULL AND trim(email) <> ''
        GROUP BY lower(trim(email))
        ORDER BY MIN(email)`,
    );
    this.byId = prepareRows<EventRow>(db, 'SELECT * FROM events WHERE id = ?');
    this.zonesStmt = prepareRows<Pick<EventRow, 'timezone'>>(db, 'SELECT DISTINCT timezone FROM events');
    this.insertStmt = db.prepare(
      `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, timezone, capacity, created_at, updated_at)
       VALUES (@id, @title, @venue, @doors_at, @on_sale_at, @status, @currency, @timezone, @capacity, @created_at, @updated_at)`,
    );
    this.currentStmt = prepareRows<EventRow>(
      db,
      `SELECT * FROM events WHERE status = 'published' AND doors_at BETWEEN ? AND ?
       ORDER BY abs(doors_at - ?), seq LIMIT 1`,
    );
    this.nearestCurrencyStmt = db.prepare(
      'SELECT currency FROM events ORDER BY abs(doors_at - ?), seq LIMIT 1',
    );
    this.pageStmt = db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
    this.publishedPageStmt = db.prepare(
      "SELECT * FROM events WHERE seq > ? AND status = 'published' ORDER BY seq LIMIT ?",
    );
  }

  /** The published event whose doors open nearest to `at`, within the window; none: undefined. */
  /** The currency of the event whose doors are nearest `at`, any status; undefined with none. */
  nearestCurrency(at: number): string | undefined {
    return (this.nearestCurrencyStmt.get(at) as { currency: string } | undefined)?.currency;
  }

  current(at: number, window: { beforeMs: number; afterMs: number }): EventRow | undefined {
    return this.currentStmt.get(at - window.beforeMs, at + window.afterMs, at);
  }

  find(id: string): EventRow | undefined {
    return this.byId.get(id);
  }

  /** Each `timezone` the events have (null: made before zones), once: the venue's clock, read whole. */
  timeZones(): Pick<EventRow, 'timezone'>[] {
    return this.zonesStmt.all();
  }

  insert(row: Omit<EventRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  update(id: string, changes: EventChanges, now: number): void {
    updateColumns(this.db, 'events', id, changes, now);
  }

  page(afterSeq: number, limit: number, publishedOnly = false): EventRow[] {
    return (publishedOnly ? this.publishedPageStmt : this.pageStmt).all(afterSeq, limit) as EventRow[];
  }

  /** Everyone holding an active ticket of the event, one row per address, with how many they hold. */
  ticketHolders(eventId: string): TicketHolder[] {
    return this.holdersStmt.all({ event: eventId }) as TicketHolder[];
  }
}
