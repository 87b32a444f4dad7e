/**
 * Less written per checkout, every answer the same (issue 18: no bench figure worse than 5 %).
 * - The audit trail keeps only the indexes a query reads (store/audit-repo.ts): `by_object` and
 *   `by_order` find an object's or an order's history; every other page (the actor and `since`
 *   filters) reads in `seq` order, the primary key. The key, device, staff and time indexes of
 *   migration 012 were read by no statement (EXPLAIN QUERY PLAN, test/store/lean-checkout-writes
 *   .test.ts) yet cost every change made through the API up to four index entries.
 * - `tiers_comps` (013) looked up the ticket's order for every ticket sold to see whether it was a
 *   comp. A comp's tickets are free (domain/checkout.ts `unitPrice`), so a ticket with a price is
 *   no comp and now skips the lookup; SQLite evaluates a WHEN's terms left to right and stops at
 *   the first false one. Free tickets of other orders still look, and are not counted.
 * Migration 016's report indexes stay as they are: each column is one the report sums or groups
 * by, and without the raw `issued_at` / `created_at` beside their minute SQLite no longer reads
 * the index alone (EXPLAIN: USING INDEX, not USING COVERING INDEX).
 */
export const sql = `
DROP INDEX audit_events_by_key;
DROP INDEX audit_events_by_device;
DROP INDEX audit_events_by_staff;
DROP INDEX audit_events_by_time;

DROP TRIGGER tiers_comps;
CREATE TRIGGER tiers_comps AFTER INSERT ON tickets
  WHEN NEW.price_cents = 0 AND NEW.transferred_from IS NULL
   AND (SELECT payment_method FROM orders WHERE id = NEW.order_id) = 'comp' BEGIN
  UPDATE tiers SET comps = comps + 1 WHERE id = NEW.tier_id;
END;
`;
