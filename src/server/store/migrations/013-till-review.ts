/**
 * The till, from a venue review (issue 19 item 6):
 * - a refund says how the money went back (`method`: cash, card or other) and why (`note`, the
 *   refunder's words); both NULL on refunds made before this version and on ticket voids;
 * - a comp says why it was given (`comp_reason`); NULL on every order that is not a comp and on
 *   comps made before this version.
 * Additive columns only: an older store upgrades in place.
 */
export const sql = `
ALTER TABLE refunds ADD COLUMN method TEXT CHECK (method IS NULL OR method IN ('cash', 'card', 'other'));
ALTER TABLE refunds ADD COLUMN note TEXT;
ALTER TABLE orders ADD COLUMN comp_reason TEXT;
`;
