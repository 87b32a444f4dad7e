/**
 * The venue's clock becomes a setting (`venue_timezone`, domain/settings.ts). Unset, it is what
 * the cash-up screens read before: the zone the events all share, else the server machine's.
 * An older store keeps what its events say, fixed: the zone most of them are in (ties: the zone
 * of the latest made), so a venue whose touring show streams from Berlin stays on its London
 * clock rather than falling back to the server's. A store with no zoned events sets nothing.
 */
export const sql = `
INSERT OR IGNORE INTO settings (key, value)
  SELECT 'venue_timezone', timezone FROM events WHERE timezone IS NOT NULL
  GROUP BY timezone ORDER BY count(*) DESC, max(seq) DESC LIMIT 1;
`;
