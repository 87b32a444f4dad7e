/**
 * At the door (CONTRACT.md "At the door"): events get a capacity and a count of who is inside,
 * and scans can record a manual
 * check-in (a steward admitting by name or order, `credential = 'manual'`) with the steward's
 * reason and who made it.
 *
 * SQLite cannot widen a CHECK constraint in place, so `scans` is rebuilt with the same columns,
 * rows, `seq` values and indexes (the documented create-copy-drop-rename procedure), plus:
 * - `credential` may be `manual`;
 * - `note`: the steward's reason for a manual check-in (or an admission past capacity);
 * - `api_key_id`, `staff_id`: who acted, beside `device_id` (the audit trail's actor).
 * Dropping the old table drops its trigger, so the door feed's trigger is declared again.
 */
export const sql = `
-- NULL: no limit. Doors and the monitor warn at 90 % inside and alarm at 100 %.
ALTER TABLE events ADD COLUMN capacity INTEGER CHECK (capacity IS NULL OR capacity >= 1);

-- People inside now (tickets with inside = 1, whatever their status since: a holder is inside
-- until an exit scan), kept by a trigger so a door's capacity check reads one row instead of
-- counting up to 100,000 tickets per scan.
ALTER TABLE events ADD COLUMN inside INTEGER NOT NULL DEFAULT 0;
UPDATE events SET inside = (SELECT COUNT(*) FROM tickets t WHERE t.event_id = events.id AND t.inside = 1);
CREATE TRIGGER events_inside AFTER UPDATE OF inside ON tickets WHEN NEW.inside <> OLD.inside BEGIN
  UPDATE events SET inside = inside + NEW.inside - OLD.inside WHERE id = NEW.event_id;
END;

CREATE TABLE scans_011 (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  event_id   TEXT,
  ticket_id  TEXT,
  device_id  TEXT,
  result     TEXT NOT NULL CHECK (result IN ('admitted', 'rejected')),
  reason     TEXT,
  direction  TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  scanned_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('online', 'sync')),
  conflict   INTEGER NOT NULL DEFAULT 0,
  sync_key   TEXT,
  credential TEXT NOT NULL DEFAULT 'rotating' CHECK (credential IN ('rotating', 'paper', 'manual')),
  note       TEXT,
  api_key_id TEXT,
  staff_id   TEXT
);
INSERT INTO scans_011 (seq, id, event_id, ticket_id, device_id, result, reason, direction, scanned_at,
    created_at, source, conflict, sync_key, credential)
  SELECT seq, id, event_id, ticket_id, device_id, result, reason, direction, scanned_at,
    created_at, source, conflict, sync_key, credential FROM scans;
DROP TABLE scans;
ALTER TABLE scans_011 RENAME TO scans;
CREATE UNIQUE INDEX scans_by_sync_key ON scans (sync_key) WHERE sync_key IS NOT NULL;
CREATE INDEX scans_by_event ON scans (event_id, seq);
CREATE INDEX scans_by_device ON scans (device_id, seq);
CREATE INDEX scans_by_ticket ON scans (ticket_id, seq);
CREATE TRIGGER door_feed_scan AFTER INSERT ON scans BEGIN
  INSERT INTO door_feed (event_id, kind, ticket_id, scan_id, created_at)
  VALUES (NEW.event_id, 'scan', NEW.ticket_id, NEW.id, NEW.created_at);
END;
`;
