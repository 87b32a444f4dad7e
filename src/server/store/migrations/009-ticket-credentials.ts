/**
 * Ticket credentials (CONTRACT.md "Ticket credentials"): paper passes per tier, the moment a
 * ticket's pass was signed, which form each scan was shown in, and how long each signing key must
 * stay published for the long-lived credentials (passes, wallet strips) it signed.
 */
export const sql = `
-- 0 refuses this tier's passes at every door (paper_not_allowed) and gives its tickets none.
ALTER TABLE tiers ADD COLUMN paper_pass INTEGER NOT NULL DEFAULT 1 CHECK (paper_pass IN (0, 1));

-- The pass's iat (unix s). A pass signed ahead of the sale (with the ticket's id) was signed up
-- to 30 s before issued_at; keeping its iat lets every later print give the very same pass.
-- NULL for tickets issued before passes existed: their pass takes issued_at.
ALTER TABLE tickets ADD COLUMN pass_iat INTEGER;

ALTER TABLE scans ADD COLUMN credential TEXT NOT NULL DEFAULT 'rotating'
  CHECK (credential IN ('rotating', 'paper'));

-- The latest exp (unix s) of a pass or strip code this key signed: a retired key stays in the
-- JWKS and door packs until then (plus skew), not only for the 5 minutes of a rotating code.
ALTER TABLE signing_keys ADD COLUMN long_lived_exp INTEGER;
`;
