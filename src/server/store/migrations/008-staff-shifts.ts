/**
 * Staff, their sessions at a till, and shifts (CONTRACT.md "Staff, shifts, reports, audit").
 *
 * - `staff.pin_hash` is scrypt of the PIN with one salt for the whole store (`staff_pin_salt` in
 *   `settings`, made here). Sign-in is by PIN alone, so the PIN must name one person: with a
 *   shared salt the hash can be looked up and the partial UNIQUE index refuses a second active
 *   member with the same PIN, atomically. A per-member salt would make every sign-in try every
 *   member's hash, and a 4-digit PIN falls to a stolen store in minutes either way (docs/api.md
 *   "Staff").
 * - `staff_sessions` keep only a SHA-256 of the token (it is random, 190 bits), the till's key it
 *   was made on, and when it ends (12 h, or sign-out).
 * - `shifts`: at most one open per till key (partial UNIQUE index); `z_report` keeps the Z report
 *   as JSON, computed in the closing transaction.
 * - `shift_id` on orders and refunds, `void_shift_id` on tickets: the open shift of the till that
 *   made the sale, refund or void, set in the same transaction.
 */
export const sql = `
CREATE TABLE staff (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  role       TEXT NOT NULL CHECK (role IN ('manager', 'seller', 'door')),
  pin_hash   TEXT NOT NULL,
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX staff_active_pin ON staff (pin_hash) WHERE active = 1;

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id   TEXT NOT NULL REFERENCES staff (id),
  api_key_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  ended_at   INTEGER
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

CREATE TABLE shifts (
  seq                 INTEGER PRIMARY KEY,
  id                  TEXT NOT NULL UNIQUE,
  api_key_id          TEXT NOT NULL,
  device_id           TEXT,
  opened_by           TEXT NOT NULL REFERENCES staff (id),
  opening_float_cents INTEGER NOT NULL CHECK (opening_float_cents >= 0),
  opened_at           INTEGER NOT NULL,
  closed_at           INTEGER,
  closed_by           TEXT REFERENCES staff (id),
  counted_cash_cents  INTEGER CHECK (counted_cash_cents IS NULL OR counted_cash_cents >= 0),
  z_report            TEXT
);
CREATE UNIQUE INDEX shifts_one_open_per_key ON shifts (api_key_id) WHERE closed_at IS NULL;

ALTER TABLE orders ADD COLUMN shift_id TEXT;
CREATE INDEX orders_by_shift ON orders (shift_id, seq) WHERE shift_id IS NOT NULL;
ALTER TABLE refunds ADD COLUMN shift_id TEXT;
CREATE INDEX refunds_by_shift ON refunds (shift_id, seq) WHERE shift_id IS NOT NULL;
ALTER TABLE tickets ADD COLUMN void_shift_id TEXT;
CREATE INDEX tickets_by_void_shift ON tickets (void_shift_id) WHERE void_shift_id IS NOT NULL;

INSERT INTO settings (key, value) VALUES ('staff_pin_salt', lower(hex(randomblob(16))));
`;
