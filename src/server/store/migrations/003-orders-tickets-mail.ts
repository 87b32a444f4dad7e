/**
 * Checkout and the ticket lifecycle: orders, tickets, attendees, refunds, payouts, the ticket
 * signing keys' public halves, and the mail outbox (written in the same transaction as the
 * change that sends the mail).
 */
export const sql = `
CREATE TABLE orders (
  seq            INTEGER PRIMARY KEY,
  id             TEXT NOT NULL UNIQUE,
  event_id       TEXT NOT NULL REFERENCES events (id),
  status         TEXT NOT NULL CHECK (status IN ('paid', 'partially_refunded', 'refunded')),
  buyer_name     TEXT,
  buyer_email    TEXT,
  total_cents    INTEGER NOT NULL CHECK (total_cents >= 0),
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  currency       TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'card', 'comp', 'external')),
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents)
);
CREATE INDEX orders_by_event ON orders (event_id, seq);

CREATE TABLE attendees (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  event_id   TEXT NOT NULL REFERENCES events (id),
  order_id   TEXT NOT NULL REFERENCES orders (id),
  ticket_id  TEXT NOT NULL UNIQUE,
  name       TEXT,
  email      TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX attendees_by_event ON attendees (event_id, seq);

CREATE TABLE tickets (
  seq              INTEGER PRIMARY KEY,
  id               TEXT NOT NULL UNIQUE,
  order_id         TEXT NOT NULL REFERENCES orders (id),
  event_id         TEXT NOT NULL REFERENCES events (id),
  tier_id          TEXT NOT NULL REFERENCES tiers (id),
  attendee_id      TEXT NOT NULL REFERENCES attendees (id),
  status           TEXT NOT NULL CHECK (status IN ('active', 'transferred', 'voided')),
  scan_count       INTEGER NOT NULL DEFAULT 0,
  price_cents      INTEGER NOT NULL,
  -- Unguessable secret in wallet_url: the wallet page needs no key.
  wallet_secret    TEXT NOT NULL UNIQUE,
  transferred_from TEXT,
  transferred_to   TEXT,
  issued_at        INTEGER NOT NULL,
  voided_at        INTEGER,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX tickets_by_order ON tickets (order_id, seq);
CREATE INDEX tickets_by_event ON tickets (event_id, seq);

CREATE TABLE refunds (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  order_id     TEXT NOT NULL REFERENCES orders (id),
  ticket_id    TEXT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  reason       TEXT NOT NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX refunds_by_order ON refunds (order_id, seq);

CREATE TABLE payouts (
  seq          INTEGER PRIMARY KEY,
  id           TEXT NOT NULL UNIQUE,
  event_id     TEXT NOT NULL REFERENCES events (id),
  amount_cents INTEGER NOT NULL,
  currency     TEXT NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('pending', 'paid')),
  created_at   INTEGER NOT NULL,
  paid_at      INTEGER
);
CREATE INDEX payouts_by_event ON payouts (event_id, seq);

-- Public halves of the ticket signing keys, kept until every token they signed has expired.
-- The private halves live 0600 in the data dir, never in the store.
CREATE TABLE signing_keys (
  kid        TEXT PRIMARY KEY,
  public_jwk TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  retired_at INTEGER
);

CREATE TABLE mail_outbox (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  to_email        TEXT NOT NULL,
  subject         TEXT NOT NULL,
  text_body       TEXT NOT NULL,
  html_body       TEXT,
  -- JSON array of {filename, cid, content_type, content_base64}
  attachments     TEXT NOT NULL DEFAULT '[]',
  status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error      TEXT,
  created_at      INTEGER NOT NULL,
  sent_at         INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
`;
