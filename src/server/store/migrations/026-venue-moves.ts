/**
 * Every change of an event's venue, kept so the server can tell which buyers were never told the
 * show moved (GET /v2/events/{id}/outdated_venue): a confirmation mail names the venue in effect
 * when it is sent (composed then), so an order mailed since the change knows the new one.
 *
 * Nothing to fill in: venue changes made before this migration are unknown, so nobody is listed
 * for them.
 */
export const sql = `
CREATE TABLE event_venue_moves (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  from_venue TEXT NOT NULL,
  to_venue TEXT NOT NULL,
  moved_at INTEGER NOT NULL
);
CREATE INDEX event_venue_moves_by_event ON event_venue_moves (event_id, moved_at);
`;
