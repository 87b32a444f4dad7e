/** Foundation: API keys, settings, events and their ticket tiers. Times are ms since epoch. */
export const sql = `
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE api_keys (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  name        TEXT NOT NULL,
  scope       TEXT NOT NULL CHECK (scope IN ('admin', 'box_office', 'scanner')),
  secret_hash TEXT NOT NULL UNIQUE,
  last4       TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);

CREATE TABLE events (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  title      TEXT NOT NULL,
  venue      TEXT NOT NULL,
  doors_at   INTEGER NOT NULL,
  on_sale_at INTEGER NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('draft', 'published', 'cancelled')),
  currency   TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE tiers (
  seq            INTEGER PRIMARY KEY,
  id             TEXT NOT NULL UNIQUE,
  event_id       TEXT NOT NULL REFERENCES events (id),
  name           TEXT NOT NULL,
  price_cents    INTEGER NOT NULL CHECK (price_cents BETWEEN 0 AND 100000000),
  currency       TEXT NOT NULL,
  quantity       INTEGER NOT NULL,
  sold           INTEGER NOT NULL DEFAULT 0,
  sale_starts_at INTEGER,
  sale_ends_at   INTEGER,
  max_per_order  INTEGER NOT NULL CHECK (max_per_order BETWEEN 1 AND 100),
  visibility     TEXT NOT NULL CHECK (visibility IN ('public', 'unlisted', 'access_code')),
  access_code    TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  -- The last line of defence against overselling: no code path can commit sold > quantity.
  CHECK (sold >= 0 AND sold <= quantity)
);
CREATE INDEX tiers_by_event ON tiers (event_id, seq);
`;
