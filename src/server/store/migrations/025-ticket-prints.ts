/**
 * Every reprint of a ticket's paper slip at the box office (POST /v2/tickets/{id}/reprint): the
 * slip carries a pass signed under the doors in effect when it was printed, so a reprint after a
 * postponement puts its holder right (GET /v2/events/{id}/outdated_passes stops listing them).
 *
 * Nothing to fill in: reprints made before this migration were never recorded.
 */
export const sql = `
CREATE TABLE ticket_prints (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id TEXT NOT NULL,
  printed_at INTEGER NOT NULL
);
CREATE INDEX ticket_prints_by_ticket ON ticket_prints (ticket_id, printed_at);
`;
