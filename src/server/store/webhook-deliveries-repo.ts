import type { Db } from './db.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryRow {
  seq: number;
  id: string;
  endpoint_id: string;
  message_id: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  failures: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_response_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
}

/** What the dispatcher needs to send one delivery: the row plus its message's stored body. */
export interface DueDelivery {
  seq: number;
  id: string;
  message_id: string;
  failures: number;
  payload: string;
}

export interface EndpointCounts {
  queued: number;
  failing: number;
  failed: number;
  oldest_pending_at: number | null;
}

export interface PageQuery {
  status?: DeliveryStatus;
  newestFirst: boolean;
  /** Exclusive bound on seq: after it (oldest first) or before it (newest first); 0 = none. */
  cursorSeq: number;
  limit: number;
}

export class WebhookDeliveriesRepo {
  private readonly insertStmt;
  private readonly byId;
  private readonly dueStmt;
  private readonly earliestStmt;
  private readonly deliveredStmt;
  private readonly failedStmt;
  private readonly offlineStmt;
  private readonly goneStmt;
  private readonly retryStmt;
  private readonly retryFailedStmt;
  private readonly countsStmt;
  private readonly failedSinceStmt;
  private readonly pullBackStmt;
  private readonly pageStmts = new Map<string, ReturnType<Db['prepare']>>();

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, message_id, type, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
    );
    this.byId = db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?');
    // Oldest due first, walking the due index (no sort, no scan past what is due). A first
    // attempt is due at its creation time, which the fan-out keeps non-decreasing, and ties go
    // by seq: so an endpoint's messages are first attempted in write order.
    this.dueStmt = db.prepare(
      `SELECT d.seq, d.id, d.message_id, d.failures, m.payload
         FROM webhook_deliveries d INDEXED BY webhook_deliveries_due
         JOIN webhook_messages m ON m.id = d.message_id
        WHERE d.endpoint_id = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
        ORDER BY d.next_attempt_at, d.seq LIMIT ?`,
    );
    this.earliestStmt = db.prepare(
      `SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries
        WHERE endpoint_id = ? AND status = 'pending'`,
    );
    this.deliveredStmt = db.prepare(
      `UPDATE webhook_deliveries
          SET status = 'delivered', attempts = attempts + 1, last_attempt_at = @at,
              last_response_code = @code, last_error = NULL, delivered_at = @at, next_attempt_at = NULL
        WHERE id = @id AND status = 'pending'`,
    );
    this.failedStmt = db.prepare(
      `UPDATE webhook_deliveries
          SET status = @status, attempts = attempts + 1, failures = failures + 1, last_attempt_at = @at,
              last_response_code = @code, last_error = @error, next_attempt_at = @next
        WHERE id = @id AND status = 'pending'`,
    );
    // Offline: nothing is used up; only what happened is noted, for the log.
    this.offlineStmt = db.prepare(
      `UPDATE webhook_deliveries SET last_attempt_at = @at, last_error = @error
        WHERE id = @id AND status = 'pending'`,
    );
    // 410 disables the endpoint; the delivery waits, due at once, for it to be enabled again.
    this.goneStmt = db.prepare(
      `UPDATE webhook_deliveries
          SET attempts = attempts + 1, last_attempt_at = @at, last_response_code = @code,
              last_error = @error, next_attempt_at = @at
        WHERE id = @id AND status = 'pending'`,
    );
    this.retryStmt = db.prepare(
      `UPDATE webhook_deliveries
          SET status = 'pending', failures = 0, next_attempt_at = ?, delivered_at = NULL
        WHERE id = ?`,
    );
    this.retryFailedStmt = db.prepare(
      `UPDATE webhook_deliveries SET status = 'pending', failures = 0, next_attempt_at = ?
        WHERE endpoint_id = ? AND status = 'failed'`,
    );
    // A wait that started "in the future" (its last attempt, or its message when never tried, is
    // later than now) was scheduled from a clock since stepped back: it keeps its length, from
    // now, and that attempt's time becomes now (so a second pass finds nothing to move). Walks
    // the due index from now on, so when nothing was scheduled ahead it touches nothing.
    this.pullBackStmt = db.prepare(
      `UPDATE webhook_deliveries INDEXED BY webhook_deliveries_due
          SET next_attempt_at = MIN(next_attempt_at,
                @now + MAX(0, next_attempt_at - COALESCE(last_attempt_at, next_attempt_at))),
              last_attempt_at = MIN(last_attempt_at, @now)
        WHERE endpoint_id = @endpoint AND status = 'pending' AND next_attempt_at > @now
          AND (last_attempt_at IS NULL OR last_attempt_at > @now)`,
    );
    // Walks the due index to the endpoint's failed ones (few: they wait for a person) and reads
    // when each was given up.
    this.failedSinceStmt = db
      .prepare(
        `SELECT COUNT(*) FROM webhook_deliveries
          WHERE endpoint_id = ? AND status = 'failed' AND last_attempt_at >= ?`,
      )
      .pluck();
    this.countsStmt = db.prepare(
      `SELECT
         (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = @id AND status = 'pending') AS queued,
         (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = @id AND status = 'pending' AND failures > 0) AS failing,
         (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = @id AND status = 'failed') AS failed,
         (SELECT MIN(created_at) FROM webhook_deliveries WHERE endpoint_id = @id AND status = 'pending') AS oldest_pending_at`,
    );
  }

  insert(id: string, endpointId: string, messageId: string, type: string, dueAt: number, at: number): void {
    this.insertStmt.run(id, endpointId, messageId, type, dueAt, at);
  }

  find(id: string): WebhookDeliveryRow | undefined {
    return this.byId.get(id) as WebhookDeliveryRow | undefined;
  }

  due(endpointId: string, now: number, limit: number): DueDelivery[] {
    return this.dueStmt.all(endpointId, now, limit) as DueDelivery[];
  }

  earliestPending(endpointId: string): number | null {
    return (this.earliestStmt.get(endpointId) as { at: number | null }).at;
  }

  markDelivered(id: string, at: number, code: number): void {
    this.deliveredStmt.run({ id, at, code });
  }

  /** `next` null with status 'failed' ends the schedule. */
  markFailed(id: string, at: number, code: number | null, error: string, next: number | null): void {
    this.failedStmt.run({
      id,
      at,
      code,
      error,
      next,
      status: next === null ? 'failed' : 'pending',
    });
  }

  markOffline(id: string, at: number, error: string): void {
    this.offlineStmt.run({ id, at, error });
  }

  markGone(id: string, at: number, code: number, error: string): void {
    this.goneStmt.run({ id, at, code, error });
  }

  retry(id: string, now: number): void {
    this.retryStmt.run(now, id);
  }

  retryFailed(endpointId: string, now: number): number {
    return this.retryFailedStmt.run(now, endpointId).changes;
  }

  /**
   * After the clock was stepped back: pending deliveries of this endpoint whose wait was
   * scheduled from the wrong time are due at most their intended wait from now (a first attempt:
   * now). Answers how many moved.
   */
  pullBackFromFuture(endpointId: string, now: number): number {
    return this.pullBackStmt.run({ endpoint: endpointId, now }).changes;
  }

  counts(endpointId: string): EndpointCounts {
    return this.countsStmt.get({ id: endpointId }) as EndpointCounts;
  }

  /** The endpoint's deliveries given up on at `since` (ms) or later. */
  failedSince(endpointId: string, since: number): number {
    return this.failedSinceStmt.get(endpointId, since) as number;
  }

  page(endpointId: string, query: PageQuery): WebhookDeliveryRow[] {
    const key = `${query.status ? 's' : ''}${query.newestFirst ? 'd' : 'a'}`;
    let stmt = this.pageStmts.get(key);
    if (!stmt) {
      const status = query.status ? 'AND status = @status' : '';
      const bound = query.newestFirst ? 'AND (@cursor = 0 OR seq < @cursor)' : 'AND seq > @cursor';
      const order = query.newestFirst ? 'DESC' : 'ASC';
      stmt = this.db.prepare(
        `SELECT * FROM webhook_deliveries INDEXED BY webhook_deliveries_by_endpoint
          WHERE endpoint_id = @endpoint ${status} ${bound}
          ORDER BY seq ${order} LIMIT @limit`,
      );
      this.pageStmts.set(key, stmt);
    }
    return stmt.all({
      endpoint: endpointId,
      cursor: query.cursorSeq,
      limit: query.limit,
      ...(query.status ? { status: query.status } : {}),
    }) as WebhookDeliveryRow[];
  }
}
