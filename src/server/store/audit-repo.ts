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
 * A page of the trail. With an object, it is reached through the object and order indexes
 * (migration 012; EXPLAIN QUERY PLAN: MULTI-INDEX OR): an object's or order's history is a few
 * rows, found directly, where one statement for every filter (`@object IS NULL OR object_id =
 * @object …`) cannot use an index (an OR with a term no index serves is a scan) and read the whole
 * trail after the cursor for them. Without one it reads by seq, which finds the first `limit`
 * rows of a busy key or a recent `since` soon; the other filters stay in both statements, a NULL
 * parameter switching one off.
 */
export function auditPageSql(withObject: boolean, newestFirst = false): string {
  return `SELECT * FROM audit_events
    WHERE ${withObject ? '(object_id = @object OR order_id = @object)' : '@object IS NULL'}
      AND ${newestFirst ? 'seq < @after' : 'seq > @after'}
      AND (@actor IS NULL OR api_key_id = @actor OR device_id = @actor OR staff_id = @actor)
      AND (@since IS NULL OR at >= @since)
    ORDER BY seq ${newestFirst ? 'DESC' : ''} LIMIT @limit`;
}

/**
 * `audit_events`: only INSERT and SELECT here. The table's triggers (migration 012) refuse
 * UPDATE and DELETE, so the trail cannot be rewritten through any other code either.
 */
export class AuditRepo {
  private readonly insertRow;
  /** One statement per (object filter, direction): [oldest first, newest first]. */
  private readonly bySeq;
  private readonly byObject;

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
    this.bySeq = [false, true].map((newest) => db.prepare(auditPageSql(false, newest)));
    this.byObject = [false, true].map((newest) => db.prepare(auditPageSql(true, newest)));
  }

  insert(row: Omit<AuditRow, 'seq'>): void {
    this.insertRow(row);
  }

  /** After the cursor's row in the list's order: `afterSeq` 0 starts a list either way. */
  page(search: AuditSearch, afterSeq: number, limit: number, newestFirst = false): AuditRow[] {
    const statement = (search.objectId === undefined ? this.bySeq : this.byObject)[newestFirst ? 1 : 0]!;
    return statement.all({
      after: newestFirst && afterSeq === 0 ? Number.MAX_SAFE_INTEGER : afterSeq,
      object: search.objectId ?? null,
      actor: search.actor ?? null,
      since: search.since ?? null,
      limit,
    }) as AuditRow[];
  }
}
