import type { Db } from './db.js';
import { prepareInsert } from './row-statements.js';

export interface AttendeeRow {
  seq: number;
  id: string;
  event_id: string;
  order_id: string;
  ticket_id: string;
  name: string | null;
  email: string | null;
  created_at: number;
  updated_at: number;
}

export type AttendeeChanges = Partial<Pick<AttendeeRow, 'name' | 'email'>>;

export class AttendeesRepo {
  private readonly byId;
  private readonly insertRow;
  private readonly pageStmt;
  private readonly updateStmt;
  private readonly byOrderStmt;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT * FROM attendees WHERE id = ?');
    this.insertRow = prepareInsert<Omit<AttendeeRow, 'seq'>>(db, 'attendees', [
      'id',
      'event_id',
      'order_id',
      'ticket_id',
      'name',
      'email',
      'created_at',
      'updated_at',
    ]);
    this.pageStmt = db.prepare('SELECT * FROM attendees WHERE event_id = ? AND seq > ? ORDER BY seq LIMIT ?');
    // Through the order's tickets: attendees.order_id has no index of its own, and adding one
    // would cost every checkout a write for this rare correction.
    this.byOrderStmt = db.prepare(
      `SELECT a.* FROM tickets t JOIN attendees a ON a.ticket_id = t.id
       WHERE t.order_id = ? ORDER BY a.seq`,
    );
    this.updateStmt = db.prepare(
      'UPDATE attendees SET name = @name, email = @email, updated_at = @updated_at WHERE id = @id',
    );
  }

  find(id: string): AttendeeRow | undefined {
    return this.byId.get(id) as AttendeeRow | undefined;
  }

  insert(row: Omit<AttendeeRow, 'seq'>): void {
    this.insertRow(row);
  }

  forOrder(orderId: string): AttendeeRow[] {
    return this.byOrderStmt.all(orderId) as AttendeeRow[];
  }

  page(eventId: string, afterSeq: number, limit: number): AttendeeRow[] {
    return this.pageStmt.all(eventId, afterSeq, limit) as AttendeeRow[];
  }

  /** Writes the row's name and email as given (the service merges a patch into the current row). */
  update(row: Pick<AttendeeRow, 'id' | 'name' | 'email' | 'updated_at'>): void {
    this.updateStmt.run(row);
  }
}
