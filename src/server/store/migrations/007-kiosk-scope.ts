/**
 * The `kiosk` scope (CONTRACT.md "Scopes (amended)") and "own orders": a kiosk key may read back
 * only the orders it placed, so every order now records the API key that placed it.
 *
 * SQLite cannot change a CHECK constraint in place, so the three tables whose `scope` CHECK lists
 * the scopes are rebuilt with the same columns, rows and constraints plus `kiosk` (the documented
 * create-copy-drop-rename procedure). Nothing references them by foreign key, and their only
 * indexes are the UNIQUE/PRIMARY KEY ones declared inline, which the new tables declare again.
 */
export const sql = `
-- NULL for orders placed before this version (their key is not known).
ALTER TABLE orders ADD COLUMN api_key_id TEXT;

CREATE TABLE api_keys_007 (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  scope       TEXT NOT NULL CHECK (scope IN ('admin', 'box_office', 'scanner', 'kiosk')),
  secret_hash TEXT NOT NULL UNIQUE,
  last4       TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
INSERT INTO api_keys_007 (seq, id, name, scope, secret_hash, last4, created_at, revoked_at)
  SELECT seq, id, name, scope, secret_hash, last4, created_at, revoked_at FROM api_keys;
DROP TABLE api_keys;
ALTER TABLE api_keys_007 RENAME TO api_keys;

CREATE TABLE devices_007 (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  scope        TEXT NOT NULL CHECK (scope IN ('scanner', 'box_office', 'kiosk')),
  event_id     TEXT REFERENCES events (id),
  api_key_id   TEXT UNIQUE,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER,
  revoked_at   INTEGER
);
INSERT INTO devices_007 (seq, id, name, scope, event_id, api_key_id, created_at, last_seen_at, revoked_at)
  SELECT seq, id, name, scope, event_id, api_key_id, created_at, last_seen_at, revoked_at FROM devices;
DROP TABLE devices;
ALTER TABLE devices_007 RENAME TO devices;

CREATE TABLE pairing_tokens_007 (
  token_hash TEXT PRIMARY KEY,
  scope      TEXT NOT NULL CHECK (scope IN ('scanner', 'box_office', 'kiosk')),
  event_id   TEXT REFERENCES events (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER,
  device_id  TEXT
);
INSERT INTO pairing_tokens_007 (token_hash, scope, event_id, created_at, expires_at, used_at, device_id)
  SELECT token_hash, scope, event_id, created_at, expires_at, used_at, device_id FROM pairing_tokens;
DROP TABLE pairing_tokens;
ALTER TABLE pairing_tokens_007 RENAME TO pairing_tokens;
`;
