/**
 * Every change of an event's doors time, kept so the server can tell which paper passes its
 * holders have are out of date (GET /v2/events/{id}/outdated_passes): a pass expires a day after
 * the doors it was signed under, and what a holder was handed (the sale's answer, a print) or
 * mailed (a mail is composed when it is sent) carried the doors in effect then.
 *
 * Nothing to fill in: moves made before this migration are unknown, so what was handed out before
 * it counts as signed under the doors as they are now.
 */
export const sql = `
CREATE TABLE event_doors_moves (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  from_doors_at INTEGER NOT NULL,
  to_doors_at INTEGER NOT NULL,
  moved_at INTEGER NOT NULL
);
CREATE INDEX event_doors_moves_by_event ON event_doors_moves (event_id, moved_at);
`;
