import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedYearOldStore } from '../../bench/year-old-store.js';
import { ExportsRepo, type RawRow } from '../../src/server/store/exports-repo.js';
import {
  OrdersRepo,
  orderFilterParams,
  type OrderRow,
  type OrderSearch,
  type PaymentMethod,
  wideSlice,
} from '../../src/server/store/orders-repo.js';
import { foldedLikeSql } from '../../src/server/store/search-fold.js';
import { countedSlicing, turnedBetweenSlices, withTurnsCounted } from '../support/loop-slices.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

// A search no event narrows reads the year a slice of seqs at a time and lets the event loop run
// between slices (docs/year-old-store.md): same answers as one statement, in bounded turns.

let t: TestApp;
let orders: number;
const sliceSeqs = 100;
beforeAll(async () => {
  t = await makeTestApp();
  const now = Date.UTC(2026, 10, 30, 12);
  seedYearOldStore(t.app.ctx.db, now, { shows: 4, ticketsPerShow: 700 });
  // Some holders who are not the buyer, so a search can find an order by its holder alone, and
  // names only a fold finds (ß as ss, a Turkish dotted or dotless I as i, a name with no email).
  t.app.ctx.db.exec(`UPDATE attendees SET name = 'Zoë Quill', email = 'zq@example.net' WHERE seq % 97 = 0;
    UPDATE attendees SET name = 'Jörg ßtraße', email = NULL WHERE seq % 89 = 0;
    UPDATE attendees SET name = 'İpek Işık' WHERE seq % 83 = 0;
    UPDATE orders SET buyer_name = 'ZOË İNCE' WHERE seq % 151 = 0`);
  orders = t.app.ctx.db.prepare('SELECT MAX(seq) FROM orders').pluck().get() as number;
});
afterAll(() => t.close());

/** The whole-year statement the list used before slicing (uncorrelated subqueries), as the oracle. */
function oneStatement(
  search: OrderSearch,
  afterSeq: number,
  limit: number,
  newestFirst: boolean,
): OrderRow[] {
  const params = orderFilterParams(search);
  const filters = [
    params.method !== null && 'o.payment_method = @method',
    params.from !== null && 'o.created_at >= @from',
    params.q !== null &&
      `(o.id = @q OR ${foldedLikeSql('o.buyer_name')} OR o.buyer_email LIKE @like ESCAPE '\\'
        OR o.id IN (SELECT order_id FROM tickets WHERE id = @q)
        OR o.id IN (SELECT order_id FROM tickets WHERE wallet_secret = @wallet)
        OR (@tail IS NOT NULL AND (o.id LIKE @tail OR o.id IN (SELECT order_id FROM tickets WHERE id LIKE @tail)))
        OR o.id IN (SELECT order_id FROM attendees WHERE ${foldedLikeSql('name')} OR email LIKE @like ESCAPE '\\'))`,
  ].filter(Boolean);
  const sql = `SELECT * FROM orders o WHERE o.seq ${newestFirst ? '<' : '>'} @after AND ${['1', ...filters].join(' AND ')}
    ORDER BY o.seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT @limit`;
  const after = newestFirst && afterSeq === 0 ? Number.MAX_SAFE_INTEGER : afterSeq;
  return t.app.ctx.db.prepare(sql).all({ ...params, after, limit }) as OrderRow[];
}

/** A repo slicing `sliceSeqs` at a time, and the turns of the loop seen at each of its yields. */
function slicedRepo(): { repo: OrdersRepo; ticksAtYield: number[] } {
  const { slicing, ticksAtYield } = countedSlicing(sliceSeqs);
  return { repo: new OrdersRepo(t.app.ctx.db, slicing), ticksAtYield };
}

const ids = (rows: OrderRow[]) => rows.map((row) => row.seq);

describe('a whole-year order search in slices', () => {
  it('answers as the one statement did, over filters, both directions and every cursor', async () => {
    const { db } = t.app.ctx;
    const oldest = db.prepare('SELECT id, created_at FROM orders ORDER BY seq LIMIT 1').get() as {
      id: string;
      created_at: number;
    };
    const ticket = db.prepare('SELECT id, wallet_secret FROM tickets WHERE seq = 500').get() as {
      id: string;
      wallet_secret: string;
    };
    const middle = db.prepare('SELECT created_at FROM orders WHERE seq = ?').get(Math.floor(orders / 2)) as {
      created_at: number;
    };
    const queries = [
      undefined,
      'smith',
      'GARCIA',
      'müller',
      'zoe quill',
      'zq@example',
      'nobody has this name',
      'zoe',
      'ZOË',
      'strasse',
      'ßtraße',
      'JÖRG STRASSE',
      'ipek isik',
      'İpek',
      'ince',
      oldest.id,
      ticket.id,
      ticket.id.slice(-6).toLowerCase(),
      `https://box.example/w/${ticket.wallet_secret}).`,
      '50%_off',
    ];
    const methods: (PaymentMethod | undefined)[] = [undefined, 'card', 'comp'];
    const froms = [undefined, oldest.created_at, middle.created_at];
    const { repo } = slicedRepo();
    let compared = 0;
    for (const q of queries)
      for (const paymentMethod of methods)
        for (const createdFrom of froms)
          for (const newestFirst of [true, false]) {
            const search: OrderSearch = { q, paymentMethod, createdFrom };
            const limit = 1 + (compared % 37);
            let cursor = 0;
            for (let page = 0; page < 4; page++) {
              const want = oneStatement(search, cursor, limit, newestFirst);
              const got = await repo.pageInSlices(search, cursor, limit, newestFirst);
              expect(got, JSON.stringify({ search, cursor, limit, newestFirst })).toEqual(want);
              compared++;
              if (want.length < limit) break;
              cursor = want[want.length - 1]!.seq;
            }
          }
    expect(compared).toBeGreaterThan(216);
  });

  it('reads a year that holds one match in one slice, a pass over the holders and wide slices, the loop running between them', async () => {
    const { db } = t.app.ctx;
    const oldestId = db.prepare('SELECT id FROM orders ORDER BY seq LIMIT 1').pluck().get() as string;
    const holders = db.prepare('SELECT MAX(seq) FROM attendees').pluck().get() as number;
    const { repo, ticksAtYield } = slicedRepo();
    const rows = await withTurnsCounted(() => repo.pageInSlices({ q: oldestId }, 0, 21, true));
    expect(ids(rows)).toEqual([1]);
    expect(orders).toBeGreaterThan(10 * sliceSeqs);
    // The first slice looks up each order's holders; after it the holders are read once, and the
    // orders' own columns, each in slices wideSlice times wider.
    const wide = sliceSeqs * wideSlice;
    const slices = 1 + Math.ceil(holders / wide) + Math.ceil((orders - sliceSeqs) / wide);
    expect(ticksAtYield.length + 1).toBe(slices);
    expect(turnedBetweenSlices(ticksAtYield)).toBe(true);
  });

  it('pages across the first slice into the wide ones with the same rows and cursors as the one statement', async () => {
    const { repo } = slicedRepo();
    // Holders seq % 89: about one order in fifty, so a page of 3 reaches past the first slice.
    const search = { q: 'STRASSE' };
    const first = await repo.pageInSlices(search, 0, 3, true);
    expect(first).toEqual(oneStatement(search, 0, 3, true));
    expect(first[0]!.seq).toBeGreaterThan(orders - sliceSeqs);
    expect(first[2]!.seq).toBeLessThanOrEqual(orders - sliceSeqs);
    const cursor = first[2]!.seq;
    expect(await repo.pageInSlices(search, cursor, 3, true)).toEqual(oneStatement(search, cursor, 3, true));
  });

  it("stops after the first slice when a recent buyer's orders fill the page", async () => {
    const { repo, ticksAtYield } = slicedRepo();
    const rows = await repo.pageInSlices({ q: 'smith' }, 0, 3, true);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.seq).toBeGreaterThan(orders - sliceSeqs);
    expect(ticksAtYield).toEqual([]);
  });
});

describe("a whole-year search's CSV export in slices", () => {
  const rowsOf = async (chunks: AsyncIterable<RawRow[]> | Iterable<RawRow[]>) => {
    const sizes: number[] = [];
    const rows: RawRow[] = [];
    for await (const chunk of chunks) {
      sizes.push(chunk.length);
      rows.push(...chunk);
    }
    return { sizes, rows };
  };

  it('holds the same rows in the same order as one statement per chunk, in chunks of the same size', async () => {
    const { slicing } = countedSlicing(sliceSeqs);
    const repo = new ExportsRepo(t.app.ctx.db, slicing);
    for (const q of ['smith', 'zoe', 'ßtraße', 'İPEK', 'ince', 'zq@example', 'nobody has this name'])
      for (const chunkRows of [7, 1000]) {
        const want = await rowsOf(repo.orders({ q }, chunkRows));
        const got = await rowsOf(repo.ordersInSlices({ q }, chunkRows));
        if (q !== 'nobody has this name') expect(want.rows.length, q).toBeGreaterThan(0);
        expect(got.rows, q).toEqual(want.rows);
        expect(got.sizes, q).toEqual(want.sizes);
      }
  });

  it('lets the event loop run between slices when no event or shift narrows it', async () => {
    const { slicing, ticksAtYield } = countedSlicing(sliceSeqs);
    const repo = new ExportsRepo(t.app.ctx.db, slicing);
    const { rows } = await withTurnsCounted(() =>
      rowsOf(repo.ordersInSlices({ q: 'nobody has this name' }, 1000)),
    );
    expect(rows).toEqual([]);
    expect(ticksAtYield.length).toBeGreaterThan(orders / (sliceSeqs * wideSlice));
    expect(turnedBetweenSlices(ticksAtYield)).toBe(true);
  });
});
