/**
 * A pending payout can be cancelled (domain/payouts.ts): an event cancelled and refunded after its
 * payout was settled owes the organiser less than that payout, and marking it paid would hand over
 * money already given back to buyers. A cancelled payout keeps its row and amount for the record
 * and no longer counts as settled, so the next payout settles what is really owed.
 *
 * SQLite cannot widen a CHECK constraint in place, so `payouts` is rebuilt with the same columns,
 * rows, `seq` values and index (the create-copy-drop-rename procedure of 011), plus `cancelled_at`.
 * No other table references payouts, so the rebuild touches nothing else.
 */
export const sql = `
CREATE TABLE payouts_019 (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  event_id     TEXT NOT NULL REFERENCES events (id),
  amount_cents INTEGER NOT NULL,
  currency     TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled')),
  created_at   INTEGER NOT NULL,
  paid_at      INTEGER,
  cancelled_at INTEGER
);
INSERT INTO payouts_019 (seq, id, event_id, amount_cents, currency, status, created_at, paid_at)
  SELECT seq, id, event_id, amount_cents, currency, status, created_at, paid_at FROM payouts;
DROP TABLE payouts;
ALTER TABLE payouts_019 RENAME TO payouts;
CREATE INDEX payouts_by_event ON payouts (event_id, seq);
`;
