/**
 * The audit trail and sales channels (CONTRACT.md "Staff, shifts, reports, audit").
 *
 * `audit_events`: one row per change made through the API, written by the action runner in the
 * change's own transaction (domain/action-runner.ts). Append-only: the triggers below refuse any
 * UPDATE or DELETE, so neither a bug nor retention can rewrite history. `order_id` names the
 * order a change belongs to (the order itself, its tickets, refunds, attendees), so an order's
 * whole history is one indexed lookup. `data` is a small JSON object (never a secret).
 *
 * `orders.channel`: where a sale was made, for the event report: `till` (a box office key or a
 * paired till), `kiosk`, or `api` (an admin key: an integration, unless the desktop box office
 * says `till`, docs/api.md "Sales channels"). Orders made before this migration are classified
 * by the scope of the key that placed them.
 */
export const sql = `
CREATE TABLE audit_events (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  action      TEXT NOT NULL,
  object_type TEXT NOT NULL,
  object_id   TEXT NOT NULL,
  order_id    TEXT,
  api_key_id  TEXT,
  device_id   TEXT,
  staff_id    TEXT,
  at          INTEGER NOT NULL,
  data        TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_by_object ON audit_events (object_id, seq);
CREATE INDEX audit_events_by_order ON audit_events (order_id, seq) WHERE order_id IS NOT NULL;
CREATE INDEX audit_events_by_key ON audit_events (api_key_id, seq) WHERE api_key_id IS NOT NULL;
CREATE INDEX audit_events_by_device ON audit_events (device_id, seq) WHERE device_id IS NOT NULL;
CREATE INDEX audit_events_by_staff ON audit_events (staff_id, seq) WHERE staff_id IS NOT NULL;
CREATE INDEX audit_events_by_time ON audit_events (at, seq);
CREATE TRIGGER audit_events_never_updated BEFORE UPDATE ON audit_events BEGIN
  SELECT RAISE(ABORT, 'audit_events are append-only: a row is never updated');
END;
CREATE TRIGGER audit_events_never_deleted BEFORE DELETE ON audit_events BEGIN
  SELECT RAISE(ABORT, 'audit_events are append-only: a row is never deleted');
END;

ALTER TABLE orders ADD COLUMN channel TEXT NOT NULL DEFAULT 'api'
  CHECK (channel IN ('till', 'kiosk', 'api'));
UPDATE orders SET channel = CASE (SELECT scope FROM api_keys WHERE api_keys.id = orders.api_key_id)
  WHEN 'kiosk' THEN 'kiosk' WHEN 'box_office' THEN 'till' ELSE 'api' END;
`;
