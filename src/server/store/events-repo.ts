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

export class EventsRepo {
  private readonly byId;
  private readonly insertStmt;
  private readonly pageStmt;
  private readonly publishedPageStmt;
  private readonly currentStmt;

  constructor(private readonly db: Db) {
    this.byId = prepareRows<EventRow>(db, 'SELECT * FROM events WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, timezone, capacity, created_at, updated_at)
       VALUES (@id, @title, @venue, @doors_at, @on_sale_at, @status, @currency, @timezone, @capacity, @created_at, @updated_at)`,
    );
    this.currentStmt = prepareRows<EventRow>(
      db,
      `SELECT * FROM events WHERE status = 'published' AND doors_at BETWEEN ? AND ?
       ORDER BY abs(doors_at - ?), seq LIMIT 1`,
    );
    this.pageStmt = db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
    this.publishedPageStmt = db.prepare(
      "SELECT * FROM events WHERE seq > ? AND status = 'published' ORDER BY seq LIMIT ?",
    );
  }

  /** The published event whose doors open nearest to `at`, within the window; none: undefined. */
  current(at: number, window: { beforeMs: number; afterMs: number }): EventRow | undefined {
    return this.currentStmt.get(at - window.beforeMs, at + window.afterMs, at);
  }

  find(id: string): EventRow | undefined {
    return this.byId.get(id);
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
}
