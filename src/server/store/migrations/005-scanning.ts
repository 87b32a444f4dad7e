/**
 * Door scanning: who is inside, paired door devices, one-time pairing tokens, every scan attempt,
 * and the door feed: one ordered log of scans and ticket changes whose sequence number is both
 * the SSE event id of /v2/scans/stream and the cursor of /v2/scan/door_pack?since=.
 */
export const sql = `
-- 1 while the holder is in the venue: an entry scan sets it, an exit scan clears it, so a
-- re-entry venue admits again after an exit (scan_count counts admissions).
ALTER TABLE tickets ADD COLUMN inside INTEGER NOT NULL DEFAULT 0;

CREATE TABLE devices (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  name         TEXT NOT NULL,
  scope        TEXT NOT NULL CHECK (scope IN ('scanner', 'box_office')),
  event_id     TEXT REFERENCES events (id),
  -- Set right after the key is made, in the same transaction as the device row.
  api_key_id   TEXT UNIQUE,
  created_at   INTEGER NOT NULL,
  -- Flushed from memory every few seconds: a scan must not cost a write just to say "alive".
  last_seen_at INTEGER,
  revoked_at   INTEGER
);

-- Only the SHA-256 of a pairing token is kept; the token itself is shown once, in the QR.
CREATE TABLE pairing_tokens (
  token_hash TEXT PRIMARY KEY,
  scope      TEXT NOT NULL CHECK (scope IN ('scanner', 'box_office')),
  event_id   TEXT REFERENCES events (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER,
  device_id  TEXT
);

CREATE TABLE scans (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  event_id   TEXT,
  -- NULL when the token named no ticket we could trust or find.
  ticket_id  TEXT,
  device_id  TEXT,
  result     TEXT NOT NULL CHECK (result IN ('admitted', 'rejected')),
  reason     TEXT,
  direction  TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  scanned_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('online', 'sync')),
  conflict   INTEGER NOT NULL DEFAULT 0,
  -- SHA-256 of device, token and scanned_at for uploaded offline scans, so a retried upload
  -- finds its first answer instead of scanning twice. NULL for online scans.
  sync_key   TEXT
);
-- Partial, so the online scans (the hot path) write no entry to it.
CREATE UNIQUE INDEX scans_by_sync_key ON scans (sync_key) WHERE sync_key IS NOT NULL;
CREATE INDEX scans_by_event ON scans (event_id, seq);
CREATE INDEX scans_by_device ON scans (device_id, seq);
CREATE INDEX scans_by_ticket ON scans (ticket_id, seq);

CREATE TABLE door_feed (
  seq        INTEGER PRIMARY KEY,
  event_id   TEXT,
  kind       TEXT NOT NULL CHECK (kind IN ('scan', 'ticket')),
  ticket_id  TEXT,
  scan_id    TEXT,
  -- For kind 'ticket': 'sold' when minted, else the status it moved to.
  change     TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX door_feed_by_event ON door_feed (event_id, seq);

-- Triggers rather than calls from the services: a ticket minted, voided or transferred by any
-- code path reaches the doors, and the feed row commits or rolls back with the change itself.
CREATE TRIGGER door_feed_ticket_sold AFTER INSERT ON tickets BEGIN
  INSERT INTO door_feed (event_id, kind, ticket_id, change, created_at)
  VALUES (NEW.event_id, 'ticket', NEW.id, 'sold', NEW.issued_at);
END;
CREATE TRIGGER door_feed_ticket_status AFTER UPDATE OF status ON tickets
WHEN NEW.status IS NOT OLD.status BEGIN
  INSERT INTO door_feed (event_id, kind, ticket_id, change, created_at)
  VALUES (NEW.event_id, 'ticket', NEW.id, NEW.status, NEW.updated_at);
END;
CREATE TRIGGER door_feed_scan AFTER INSERT ON scans BEGIN
  INSERT INTO door_feed (event_id, kind, ticket_id, scan_id, created_at)
  VALUES (NEW.event_id, 'scan', NEW.ticket_id, NEW.id, NEW.created_at);
END;
`;
