import type { Db } from './db.js';

export type EndpointStatus = 'enabled' | 'disabled';
export type DisabledReason = 'manual' | 'gone';

export interface WebhookEndpointRow {
  seq: number;
  id: string;
  url: string;
  description: string | null;
  /** JSON array of kinds, or `["*"]`. */
  events: string;
  status: EndpointStatus;
  disabled_reason: DisabledReason | null;
  secret: string;
  previous_secret: string | null;
  previous_expires_at: number | null;
  last_success_at: number | null;
  last_failure_at: number | null;
  /** The last message seq already turned into deliveries for this endpoint. */
  fanout_seq: number;
  created_at: number;
  updated_at: number;
}

export type EndpointChanges = Partial<
  Pick<
    WebhookEndpointRow,
    | 'url'
    | 'description'
    | 'events'
    | 'status'
    | 'disabled_reason'
    | 'secret'
    | 'previous_secret'
    | 'previous_expires_at'
    | 'fanout_seq'
  >
>;

export class WebhookEndpointsRepo {
  private readonly byId;
  private readonly insertStmt;
  private readonly pageStmt;
  private readonly allStmt;
  private readonly deleteStmt;
  private readonly deleteDeliveriesStmt;
  private readonly successStmt;
  private readonly failureStmt;
  private readonly behindStmt;
  private readonly cursorStmt;

  constructor(private readonly db: Db) {
    this.byId = db.prepare('SELECT * FROM webhook_endpoints WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO webhook_endpoints (id, url, description, events, status, disabled_reason, secret,
         previous_secret, previous_expires_at, last_success_at, last_failure_at, fanout_seq, created_at, updated_at)
       VALUES (@id, @url, @description, @events, @status, @disabled_reason, @secret,
         @previous_secret, @previous_expires_at, @last_success_at, @last_failure_at, @fanout_seq, @created_at, @updated_at)`,
    );
    this.pageStmt = db.prepare('SELECT * FROM webhook_endpoints WHERE seq > ? ORDER BY seq LIMIT ?');
    this.allStmt = db.prepare('SELECT * FROM webhook_endpoints ORDER BY seq');
    this.deleteStmt = db.prepare('DELETE FROM webhook_endpoints WHERE id = ?');
    this.deleteDeliveriesStmt = db.prepare('DELETE FROM webhook_deliveries WHERE endpoint_id = ?');
    this.successStmt = db.prepare(
      'UPDATE webhook_endpoints SET last_success_at = MAX(COALESCE(last_success_at, 0), ?) WHERE id = ?',
    );
    this.behindStmt = db.prepare(
      "SELECT id, events, fanout_seq FROM webhook_endpoints WHERE status = 'enabled' AND fanout_seq < ?",
    );
    this.cursorStmt = db.prepare('UPDATE webhook_endpoints SET fanout_seq = ? WHERE id = ?');
    this.failureStmt = db.prepare(
      'UPDATE webhook_endpoints SET last_failure_at = MAX(COALESCE(last_failure_at, 0), ?) WHERE id = ?',
    );
  }

  find(id: string): WebhookEndpointRow | undefined {
    return this.byId.get(id) as WebhookEndpointRow | undefined;
  }

  insert(row: Omit<WebhookEndpointRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  update(id: string, changes: EndpointChanges, now: number): void {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const sets = [...entries.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ');
    this.db
      .prepare(`UPDATE webhook_endpoints SET ${sets} WHERE id = ?`)
      .run(...entries.map(([, v]) => v), now, id);
  }

  /** The endpoint and its delivery log go together; its messages stay for other endpoints. */
  delete(id: string): boolean {
    this.deleteDeliveriesStmt.run(id);
    return this.deleteStmt.run(id).changes === 1;
  }

  page(afterSeq: number, limit: number): WebhookEndpointRow[] {
    return this.pageStmt.all(afterSeq, limit) as WebhookEndpointRow[];
  }

  all(): WebhookEndpointRow[] {
    return this.allStmt.all() as WebhookEndpointRow[];
  }

  /** Enabled endpoints whose deliveries have not caught up with message `seq` yet. */
  behind(seq: number): Pick<WebhookEndpointRow, 'id' | 'events' | 'fanout_seq'>[] {
    return this.behindStmt.all(seq) as Pick<WebhookEndpointRow, 'id' | 'events' | 'fanout_seq'>[];
  }

  setCursor(id: string, seq: number): void {
    this.cursorStmt.run(seq, id);
  }

  recordSuccess(id: string, at: number): void {
    this.successStmt.run(at, id);
  }

  recordFailure(id: string, at: number): void {
    this.failureStmt.run(at, id);
  }
}

/** The `events` column: a JSON array of kinds, or `["*"]`. */
export function parseKinds(events: string): string[] {
  return JSON.parse(events) as string[];
}
