/**
 * An order's admissions on its own row (issue 18): every door answer carries the ticket's order
 * (`{id, tickets, admitted}`), and counting them from `tickets` cost each scan a read of the
 * whole order: a 20,000-ticket comp order took validate from ~1,875 to ~48 req/s.
 * - `tickets_active`: the order's tickets with status `active` (the ones that can still get in);
 * - `tickets_admitted`: those of them inside now.
 * Kept by triggers like `events.inside` (011) and `tiers.voided` (013), so no write path (sale,
 * transfer, void, refund, scan in or out, check-in, offline sync) can forget them. A transfer
 * inserts the new ticket (+1) and marks the old one `transferred` (-1): the count is unchanged.
 * Tickets are never deleted nor moved between orders; the last two triggers keep the counts
 * right even so. Additive columns only: an older store upgrades in place, counts backfilled.
 */
export const sql = `
ALTER TABLE orders ADD COLUMN tickets_active INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN tickets_admitted INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET
  tickets_active = (SELECT COUNT(*) FROM tickets t WHERE t.order_id = orders.id AND t.status = 'active'),
  tickets_admitted = (SELECT COUNT(*) FROM tickets t
                      WHERE t.order_id = orders.id AND t.status = 'active' AND t.inside = 1);

CREATE TRIGGER orders_admissions_insert AFTER INSERT ON tickets WHEN NEW.status = 'active' BEGIN
  UPDATE orders SET tickets_active = tickets_active + 1, tickets_admitted = tickets_admitted + (NEW.inside = 1)
  WHERE id = NEW.order_id;
END;

-- A scan in or out changes inside; a void or transfer changes status. Only a change of what is
-- counted touches the order row.
CREATE TRIGGER orders_admissions_update AFTER UPDATE OF status, inside ON tickets
  WHEN NEW.order_id = OLD.order_id
   AND ((NEW.status = 'active') <> (OLD.status = 'active')
        OR (NEW.status = 'active' AND NEW.inside = 1) <> (OLD.status = 'active' AND OLD.inside = 1)) BEGIN
  UPDATE orders SET
    tickets_active = tickets_active + (NEW.status = 'active') - (OLD.status = 'active'),
    tickets_admitted = tickets_admitted + (NEW.status = 'active' AND NEW.inside = 1)
                                        - (OLD.status = 'active' AND OLD.inside = 1)
  WHERE id = NEW.order_id;
END;

CREATE TRIGGER orders_admissions_move AFTER UPDATE OF order_id ON tickets
  WHEN NEW.order_id <> OLD.order_id BEGIN
  UPDATE orders SET
    tickets_active = tickets_active - (OLD.status = 'active'),
    tickets_admitted = tickets_admitted - (OLD.status = 'active' AND OLD.inside = 1)
  WHERE id = OLD.order_id;
  UPDATE orders SET
    tickets_active = tickets_active + (NEW.status = 'active'),
    tickets_admitted = tickets_admitted + (NEW.status = 'active' AND NEW.inside = 1)
  WHERE id = NEW.order_id;
END;

CREATE TRIGGER orders_admissions_delete AFTER DELETE ON tickets WHEN OLD.status = 'active' BEGIN
  UPDATE orders SET
    tickets_active = tickets_active - 1,
    tickets_admitted = tickets_admitted - (OLD.inside = 1)
  WHERE id = OLD.order_id;
END;
`;
