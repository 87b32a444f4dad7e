/**
 * An order's admission counters (014) count the buyer's group only: a ticket that reached the order
 * by a transfer (`transferred_from` set) belongs to its recipient, who comes on their own. Counted
 * with the order, "admit the other N" at the door let the buyer's party in on the friend's ticket
 * and the friend was then turned away as already scanned (domain/check-ins.ts leaves those tickets
 * out of a whole-order check-in to match).
 * The four triggers are declared again with the same shape, each side counted only when its row is
 * the buyer's (`transferred_from IS NULL`), and the counts recomputed from the tickets.
 */
export const sql = `
DROP TRIGGER orders_admissions_insert;
DROP TRIGGER orders_admissions_update;
DROP TRIGGER orders_admissions_move;
DROP TRIGGER orders_admissions_delete;

UPDATE orders SET
  tickets_active = (SELECT COUNT(*) FROM tickets t
                    WHERE t.order_id = orders.id AND t.status = 'active' AND t.transferred_from IS NULL),
  tickets_admitted = (SELECT COUNT(*) FROM tickets t
                      WHERE t.order_id = orders.id AND t.status = 'active' AND t.inside = 1
                        AND t.transferred_from IS NULL);

CREATE TRIGGER orders_admissions_insert AFTER INSERT ON tickets
  WHEN NEW.status = 'active' AND NEW.transferred_from IS NULL BEGIN
  UPDATE orders SET tickets_active = tickets_active + 1, tickets_admitted = tickets_admitted + (NEW.inside = 1)
  WHERE id = NEW.order_id;
END;

CREATE TRIGGER orders_admissions_update AFTER UPDATE OF status, inside, transferred_from ON tickets
  WHEN NEW.order_id = OLD.order_id
   AND ((NEW.status = 'active' AND NEW.transferred_from IS NULL)
          <> (OLD.status = 'active' AND OLD.transferred_from IS NULL)
        OR (NEW.status = 'active' AND NEW.inside = 1 AND NEW.transferred_from IS NULL)
          <> (OLD.status = 'active' AND OLD.inside = 1 AND OLD.transferred_from IS NULL)) BEGIN
  UPDATE orders SET
    tickets_active = tickets_active + (NEW.status = 'active' AND NEW.transferred_from IS NULL)
                                    - (OLD.status = 'active' AND OLD.transferred_from IS NULL),
    tickets_admitted = tickets_admitted
      + (NEW.status = 'active' AND NEW.inside = 1 AND NEW.transferred_from IS NULL)
      - (OLD.status = 'active' AND OLD.inside = 1 AND OLD.transferred_from IS NULL)
  WHERE id = NEW.order_id;
END;

CREATE TRIGGER orders_admissions_move AFTER UPDATE OF order_id ON tickets
  WHEN NEW.order_id <> OLD.order_id BEGIN
  UPDATE orders SET
    tickets_active = tickets_active - (OLD.status = 'active' AND OLD.transferred_from IS NULL),
    tickets_admitted = tickets_admitted - (OLD.status = 'active' AND OLD.inside = 1 AND OLD.transferred_from IS NULL)
  WHERE id = OLD.order_id;
  UPDATE orders SET
    tickets_active = tickets_active + (NEW.status = 'active' AND NEW.transferred_from IS NULL),
    tickets_admitted = tickets_admitted + (NEW.status = 'active' AND NEW.inside = 1 AND NEW.transferred_from IS NULL)
  WHERE id = NEW.order_id;
END;

CREATE TRIGGER orders_admissions_delete AFTER DELETE ON tickets
  WHEN OLD.status = 'active' AND OLD.transferred_from IS NULL BEGIN
  UPDATE orders SET
    tickets_active = tickets_active - 1,
    tickets_admitted = tickets_admitted - (OLD.inside = 1)
  WHERE id = OLD.order_id;
END;
`;
