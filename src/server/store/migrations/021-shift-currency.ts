/**
 * A shift keeps the currency its drawer was opened in (domain/shifts.ts `open`), the one its
 * `shift.opened` audit row names: the Shift resource can then say it (the box office words a past
 * shift's count in it, not in the till's currency of today), and a shift report reads the column
 * instead of looking the audit row up twice.
 *
 * Existing shifts take it from their `shift.opened` row (by the `audit_events_by_object` index);
 * one whose row names none keeps NULL, and the report's rules for a shift with no opened currency
 * apply as before. Z reports kept before this migration are left as they were closed: their
 * `shift` has no `currency`.
 */
export const sql = `
ALTER TABLE shifts ADD COLUMN currency TEXT;

UPDATE shifts SET currency = (
  SELECT json_extract(a.data, '$.currency') FROM audit_events a
  WHERE a.object_id = shifts.id AND a.action = 'shift.opened' ORDER BY a.seq LIMIT 1);
`;
