/**
 * The till, from a venue review (issue 19 item 6):
 * - a refund says how the money went back (`method`: cash, card or other) and why (`note`, the
 *   refunder's words); both NULL on refunds made before this version and on ticket voids;
 * - a comp says why it was given (`comp_reason`); NULL on every order that is not a comp and on
 *   comps made before this version.
 * - tiers count their comps and voided tickets apart from `sold` (`comps`: tickets first minted
 *   by a comp order, a transfer's new ticket not counted again; `voided`), kept by triggers like
 *   `events.inside` so a tier read stays one row however many tickets it has.
 * Additive columns only: an older store upgrades in place.
 */
export const sql = `
ALTER TABLE refunds ADD COLUMN method TEXT CHECK (method IS NULL OR method IN ('cash', 'card', 'other'));
ALTER TABLE refunds ADD COLUMN note TEXT;
ALTER TABLE orders ADD COLUMN comp_reason TEXT;

ALTER TABLE tiers ADD COLUMN comps INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tiers ADD COLUMN voided INTEGER NOT NULL DEFAULT 0;
UPDATE tiers SET
  comps = (SELECT COUNT(*) FROM tickets k JOIN orders o ON o.id = k.order_id
           WHERE k.tier_id = tiers.id AND o.payment_method = 'comp' AND k.transferred_from IS NULL),
  voided = (SELECT COUNT(*) FROM tickets k WHERE k.tier_id = tiers.id AND k.status = 'voided');
CREATE TRIGGER tiers_comps AFTER INSERT ON tickets
  WHEN NEW.transferred_from IS NULL
   AND (SELECT payment_method FROM orders WHERE id = NEW.order_id) = 'comp' BEGIN
  UPDATE tiers SET comps = comps + 1 WHERE id = NEW.tier_id;
END;
CREATE TRIGGER tiers_voided AFTER UPDATE OF status ON tickets
  WHEN NEW.status = 'voided' AND OLD.status <> 'voided' BEGIN
  UPDATE tiers SET voided = voided + 1 WHERE id = NEW.tier_id;
END;
`;
