/**
 * Webhook endpoints and one delivery row per (message, endpoint). Messages themselves stay in
 * webhook_messages (002), written in each change's transaction; deliveries are derived from them
 * in write order, per endpoint, up to the endpoint's fanout_seq.
 */
export const sql = `
CREATE TABLE webhook_endpoints (
  seq                 INTEGER PRIMARY KEY,
  id                  TEXT NOT NULL UNIQUE,
  url                 TEXT NOT NULL,
  description         TEXT,
  -- JSON array of kinds, or ["*"]
  events              TEXT NOT NULL,
  status              TEXT NOT NULL CHECK (status IN ('enabled', 'disabled')),
  -- Why it is disabled: 'manual' (PATCH) or 'gone' (the receiver answered 410).
  disabled_reason     TEXT,
  -- Kept in clear: HMAC signing needs the key itself. The data dir is the trust boundary.
  secret              TEXT NOT NULL,
  -- After rotate_secret the old secret keeps signing (beside the new one) until it expires.
  previous_secret     TEXT,
  previous_expires_at INTEGER,
  last_success_at     INTEGER,
  last_failure_at     INTEGER,
  -- The last webhook_messages.seq turned into deliveries for this endpoint (see fan-out.ts).
  fanout_seq          INTEGER NOT NULL DEFAULT 0,
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL
);

CREATE TABLE webhook_deliveries (
  seq                INTEGER PRIMARY KEY,
  id                 TEXT NOT NULL UNIQUE,
  endpoint_id        TEXT NOT NULL,
  -- No foreign key: the message is written just before, in the same transaction, and the
  -- check would be one more lookup on every checkout.
  message_id         TEXT NOT NULL,
  type               TEXT NOT NULL,
  status             TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  -- Every attempt that reached the receiver or failed for a reason other than being offline.
  attempts           INTEGER NOT NULL DEFAULT 0,
  -- Counted failures since creation or the last manual retry: the position in the schedule.
  failures           INTEGER NOT NULL DEFAULT 0,
  next_attempt_at    INTEGER,
  last_attempt_at    INTEGER,
  last_response_code INTEGER,
  last_error         TEXT,
  delivered_at       INTEGER,
  created_at         INTEGER NOT NULL
);
-- The log pages by endpoint; the dispatcher, the counts and retry_failed go by
-- (endpoint, status, due time).
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, seq);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, status, next_attempt_at);
`;
