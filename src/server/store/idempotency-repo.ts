import type { Db } from './db.js';

/** A stored answer to an Idempotency-Key: what a retry of the same request is answered with. */
export interface StoredAnswer {
  request_hash: string;
  status_code: number;
  response: string;
}

/** One answer to keep under (scope, key): scope is the API key's id, or `ip:<address>` without one. */
export interface AnswerRecord {
  scope: string;
  key: string;
  requestHash: string;
  statusCode: number;
  response: string;
  at: number;
}

/** The `idempotency_keys` table: answers kept for replay, one per API key and Idempotency-Key. */
export class IdempotencyRepo {
  private readonly findStmt;
  private readonly saveStmt;
  private readonly purgeStmt;

  constructor(db: Db) {
    this.findStmt = db.prepare(
      'SELECT request_hash, status_code, response FROM idempotency_keys WHERE api_key_id = ? AND key = ? AND created_at > ?',
    );
    // An upsert: a key past its 24 h may still have its row until the next purge, and a new
    // request under it must replace that row rather than fail on the primary key.
    this.saveStmt = db.prepare(
      `INSERT INTO idempotency_keys (api_key_id, key, request_hash, status_code, response, created_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (api_key_id, key) DO UPDATE SET request_hash = excluded.request_hash,
         status_code = excluded.status_code, response = excluded.response, created_at = excluded.created_at`,
    );
    this.purgeStmt = db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?');
  }

  /** The answer kept under (scope, key) if it was saved after `since`. */
  find(scope: string, key: string, since: number): StoredAnswer | undefined {
    return this.findStmt.get(scope, key, since) as StoredAnswer | undefined;
  }

  save(record: AnswerRecord): void {
    this.saveStmt.run(
      record.scope,
      record.key,
      record.requestHash,
      record.statusCode,
      record.response,
      record.at,
    );
  }

  /** Deletes answers saved at or before `before`; returns how many. */
  purge(before: number): number {
    return this.purgeStmt.run(before).changes;
  }
}
