import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrdersRepo, orderFilterParams, orderPageSql } from '../../src/server/store/orders-repo.js';
import { foldForSearch } from '../../src/shared/search-fold.js';
import { checkout, makeSaleTestApp, type Sale } from '../support/sales-fixtures.js';
import type { TestApp } from '../support/test-app.js';

// The box office's order search on a store of a year of shows (docs/year-old-store.md): what it
// reads must not grow with the year when the list is narrowed to tonight, and a name in plain
// ASCII must not cost a call into JS per row.

let t: TestApp;
let sale: Sale;
beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp({ outbox: false }));
});
afterEach(() => t.close());

const plan = (
  search: Parameters<typeof orderFilterParams>[0],
  inSlice = false,
  holdersMatched = false,
): string => {
  const params = orderFilterParams(search);
  const rows = t.app.ctx.db
    .prepare(`EXPLAIN QUERY PLAN ${orderPageSql(params, true, inSlice, holdersMatched).sql}`)
    .all({ ...params, after: Number.MAX_SAFE_INTEGER, lo: 1, hi: 2, limit: 50, matched: '[]' }) as {
    detail: string;
  }[];
  return rows.map((row) => row.detail).join('\n');
};

describe("searching one event's orders", () => {
  it("looks through that event's holders and tickets only, by their event indexes", () => {
    // A name of five letters or more is also tried as the end of a ticket id (idTailPattern).
    const details = plan({ eventId: sale.eventId, q: 'Lovelace' });
    expect(details).toContain('SEARCH o USING INDEX orders_by_event');
    expect(details).toContain('SEARCH attendees USING INDEX attendees_by_event');
    expect(details).toContain('SEARCH tickets USING INDEX tickets_by_event');
    expect(details).not.toMatch(/SCAN (attendees|tickets|o\b)/);
  });
});

describe('searching the whole year', () => {
  it("reads a slice's orders by the primary key, and each one's tickets and holders by their indexes", () => {
    const details = plan({ q: 'Lovelace', paymentMethod: 'card' }, true);
    expect(details).toMatch(/SEARCH o USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    expect(details).toContain('SEARCH t USING INDEX tickets_by_order (order_id=?)');
    expect(details).toContain('SEARCH a USING INDEX sqlite_autoindex_attendees_2 (ticket_id=?)');
    expect(details).not.toMatch(/SCAN (attendees|tickets|a|t|o)\b/);
  });

  it('after the pass over the holders, reads a slice by the primary key and no order looks up its holders', () => {
    const details = plan({ q: 'Lovelace', paymentMethod: 'card' }, true, true);
    expect(details).toMatch(/SEARCH o USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    expect(details).not.toMatch(/attendees|tickets_by_order|SCAN (tickets|o)\b/);
  });
});

describe('searching by name', () => {
  it('folds in JS only the names that are not plain ASCII, and still finds both kinds', async () => {
    const names = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'José Fernández'];
    for (const [i, name] of names.entries()) {
      const res = await checkout(t, sale, { buyer: { name, email: `buyer${i}@example.com` } });
      expect(res.statusCode).toBe(200);
    }
    const { db } = t.app.ctx;
    let folds = 0;
    // The same fold, counted: registered again, it replaces the store's for this connection.
    db.function('search_fold', { deterministic: true }, (text: unknown) => {
      folds++;
      return typeof text === 'string' ? foldForSearch(text) : text;
    });
    const repo = new OrdersRepo(db);
    const found = (q: string) => repo.page({ q }, 0, 50, true).map((order) => order.buyer_name);

    expect(found('fernandez')).toEqual(['José Fernández']);
    expect(found('HOPPER')).toEqual(['Grace Hopper']);
    // Each search reads 5 orders, and an order's holder only when its buyer did not match: the
    // accented buyer is folded in both searches, its holder in the second only (3; 20 folding all).
    expect(folds).toBe(3);
  });
});
