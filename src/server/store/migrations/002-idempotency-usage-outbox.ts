/**
 * Cross-cutting tables: replayable idempotent answers, the REST-call meter, and the webhook
 * outbox that every change writes to in its own transaction.
 */
export const sql = `
CREATE TABLE idempotency_keys (
  api_key_id   TEXT NOT NULL,
  key          TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status_code  INTEGER NOT NULL,
  response     TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (api_key_id, key)
);
CREATE INDEX idempotency_by_age ON idempotency_keys (created_at);

CREATE TABLE usage_counters (
  period     TEXT PRIMARY KEY,
  rest_calls INTEGER NOT NULL
);

CREATE TABLE webhook_messages (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  type       TEXT NOT NULL,
  payload    TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
`;
