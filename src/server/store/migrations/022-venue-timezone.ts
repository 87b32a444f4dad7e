/**
 * The venue's clock becomes a setting (`venue_timezone`, domain/settings.ts). Until now the
 * cash-up screens read it from the events: the zone they all share, else the server machine's.
 * An older store keeps what its events say: the zone most of them are in (ties: the zone of the
 * latest made), so a venue whose touring show streams from Berlin stays on its London clock.
 * A store with no zoned events sets nothing, and the setting stays the server's zone until a
 * manager picks one.
 */
export const sql = `
INSERT OR IGNORE INTO settings (key, value)
  SELECT 'venue_timezone', timezone FROM events WHERE timezone IS NOT NULL
  GROUP BY timezone ORDER BY count(*) DESC, max(seq) DESC LIMIT 1;
`;
