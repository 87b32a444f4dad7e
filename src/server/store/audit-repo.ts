import type { Db } from './db.js';
import { prepareInsert } from './row-statements.js';

export interface AuditRow {
  seq: number;
  id: string;
  action: string;
  object_type: string;
  object_id: string;
  /** The order the change belongs to (the order, its tickets, refunds, attendees), or null. */
  order_id: string | null;
  api_key_id: string | null;
  device_id: string | null;
  staff_id: string | null;
  at: number;
  /** A JSON object. */
  data: string;
}

export interface AuditSearch {
  /** The object itself, or, for an order id, everything that belongs to the order. */
  objectId?: string;
  /** An API key, device or staff id. */
  actor?: string;
  /** Epoch ms, inclusive. */
  since?: number;
}

/**
 * `audit_events`: only INSERT and SELECT here. The table's triggers (migration 012) refuse
 * UPDATE and DELETE, so the trail cannot be rewritten through any other code either.
 */
export class AuditRepo {
  private readonly insertRow;
  private readonly pageStmt;

  constructor(db: Db) {
    this.insertRow = prepareInsert<Omit<AuditRow, 'seq'>>(db, 'audit_events', [
      'id',
      'action',
      'object_type',
      'object_id',
      'order_id',
      'api_key_id',
      'device_id',
      'staff_id',
      'at',
      'data',
    ]);
    // One statement for every combination: a NULL parameter switches its filter off. Each
    // filter has an index (object, order, each actor column, time) for SQLite to pick.
    this.pageStmt = db.prepare(
      `SELECT * FROM audit_events
       WHERE seq > @after
         AND (@object IS NULL OR object_id = @object OR order_id = @object)
         AND (@actor IS NULL OR api_key_id = @actor OR device_id = @actor OR staff_id = @actor)
         AND (@since IS NULL OR at >= @since)
       ORDER BY seq LIMIT @limit`,
    );
  }

  insert(row: Omit<AuditRow, 'seq'>): void {
    this.insertRow(row);
  }

  page(search: AuditSearch, afterSeq: number, limit: number): AuditRow[] {
    return this.pageStmt.all({
      after: afterSeq,
      object: search.objectId ?? null,
      actor: search.actor ?? null,
      since: search.since ?? null,
      limit,
    }) as AuditRow[];
  }
}
