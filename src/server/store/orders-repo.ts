import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from './db.js';
import { prepareInsert } from './row-statements.js';
import { HolderMatches, type OrderSeqs } from './order-holder-matches.js';
import { foldForSearch } from '../../shared/search-fold.js';
import { foldedLikeSql } from './search-fold.js';
import type { Statement } from 'better-sqlite3';

export type OrderStatus = 'paid' | 'partially_refunded' | 'refunded';
export type PaymentMethod = 'cash' | 'card' | 'comp' | 'external';
export type SalesChannel = 'till' | 'kiosk' | 'api';

export interface OrderRow {
  seq: number;
  id: string;
  event_id: string;
  status: OrderStatus;
  buyer_name: string | null;
  buyer_email: string | null;
  total_cents: number;
  refunded_cents: number;
  currency: string;
  payment_method: PaymentMethod;
  /** The API key that placed the order (null before migration 007): a kiosk reads back only its own. */
  api_key_id: string | null;
  /** The open shift of the till that sold it (migration 008); null outside a shift. */
  shift_id: string | null;
  /** Where it was sold (migration 012; domain/sales-channel.ts). */
  channel: SalesChannel;
  /** Why a comp was given (migration 013); null on other orders. */
  comp_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrderSearch {
  eventId?: string;
  paymentMethod?: PaymentMethod;
  /** Placed at or after, in ms (inclusive). */
  createdFrom?: number;
  /** Placed before, in ms (exclusive): a day is [midnight, next midnight). */
  createdBefore?: number;
  /** Free text from the box office search box: names, emails, order or ticket ids, wallet links. */
  q?: string;
  /** Sold through the till while this shift was open (a Z report's orders). */
  shiftId?: string;
}

/** `%` and `_` typed by staff are meant literally, not as LIKE wildcards. */
const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How a search finds an order through its tickets and holders: `event`, that event's alone
 * (through their event indexes: without it a search in tonight's orders read every holder and
 * ticket of the year); `perOrder`, each order's own, looked up by tickets_by_order and then the
 * holder by its ticket (a read of a range of orders costs that range alone); `matched`, the order
 * seqs a pass over the holders found (order-holder-matches.ts), given as `@matched`.
 */
export type HolderLookup = 'event' | 'perOrder' | 'matched';

/** The search box's test of an order: its id, buyer, tickets or holders. */
function searchClause(holders: HolderLookup): string {
  const byId = `o.id = @q
    OR ${foldedLikeSql('o.buyer_name')}
    OR o.buyer_email LIKE @like ESCAPE '\\'
    OR o.id IN (SELECT order_id FROM tickets WHERE id = @q)
    OR o.id IN (SELECT order_id FROM tickets WHERE wallet_secret = @wallet)`;
  if (holders === 'event')
    return `(${byId}
    OR (@tail IS NOT NULL AND (o.id LIKE @tail OR o.id IN (SELECT order_id FROM tickets WHERE event_id = @event AND id LIKE @tail)))
    OR o.id IN (SELECT order_id FROM attendees
                WHERE event_id = @event AND (${foldedLikeSql('name')} OR email LIKE @like ESCAPE '\\')))`;
  if (holders === 'matched')
    return `(${byId}
    OR (@tail IS NOT NULL AND o.id LIKE @tail)
    OR o.seq IN (SELECT value FROM json_each(@matched)))`;
  return `(${byId}
    OR (@tail IS NOT NULL AND (o.id LIKE @tail
        OR EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.id LIKE @tail)))
    OR EXISTS (SELECT 1 FROM tickets t JOIN attendees a ON a.ticket_id = t.id
               WHERE t.order_id = o.id AND (${foldedLikeSql('a.name')} OR a.email LIKE @like ESCAPE '\\')))`;
}

/** Each of the list's filters over orders `o`, by the parameter (orderFilterParams) that sets it. */
const orderFilterClauses = {
  event: 'o.event_id = @event',
  method: 'o.payment_method = @method',
  from: 'o.created_at >= @from',
  before: 'o.created_at < @before',
  shift: 'o.shift_id = @shift',
  q: searchClause('perOrder'),
} as const;

type OrderFilter = keyof typeof orderFilterClauses;

/**
 * Only the filters `params` sets, and a key naming them: a statement for each combination, shared
 * by the list and its CSV export (exports-repo.ts). Each statement names its filters outright, so
 * SQLite can walk the index of the one that narrows most (an event's orders, a shift's), and no
 * switched-off filter is tested on every row.
 */
export function orderFilterSqlFor(
  params: ReturnType<typeof orderFilterParams>,
  holdersMatched = false,
): {
  key: string;
  sql: string;
} {
  const set = (Object.keys(orderFilterClauses) as OrderFilter[]).filter((param) => params[param] !== null);
  const holders: HolderLookup = params.event !== null ? 'event' : holdersMatched ? 'matched' : 'perOrder';
  const clause = (param: OrderFilter) => (param === 'q' ? searchClause(holders) : orderFilterClauses[param]);
  const key = set.join(' ');
  return { key: set.includes('q') ? `${key} ${holders}` : key, sql: set.map(clause).join(' AND ') || '1' };
}

/**
 * A page of the list with `params`'s filters, and the key of its statement. Two directions:
 * oldest first (the API's default) and newest first (a till's recent sales). `inSlice` reads
 * only the orders with seq in [@lo, @hi] (ordersInSlices), by the primary key.
 */
export function orderPageSql(
  params: ReturnType<typeof orderFilterParams>,
  newestFirst: boolean,
  inSlice = false,
  holdersMatched = false,
): { key: string; sql: string } {
  const filter = orderFilterSqlFor(params, holdersMatched);
  const direction = newestFirst ? 'DESC' : 'ASC';
  const range = inSlice ? 'o.seq BETWEEN @lo AND @hi' : newestFirst ? 'o.seq < @after' : 'o.seq > @after';
  return {
    key: `${direction}${inSlice ? ' slice' : ''} ${filter.key}`,
    sql: `SELECT * FROM orders o
          WHERE ${range} AND ${filter.sql}
          ORDER BY o.seq ${direction} LIMIT @limit`,
  };
}

/**
 * How a list read with no event or shift to narrow it is cut up: it reads `seqs` orders at a time
 * and lets the event loop run between them (`yieldToLoop`), so a search over a year of orders
 * never holds a door scan or another till's checkout for longer than one slice. Once a slice has
 * not filled the page, the read goes on `wideSlice` times wider (below).
 */
export interface OrderSlicing {
  seqs: number;
  yieldToLoop: () => Promise<unknown>;
}

/**
 * ~20 ms of a whole-year search a slice, measured under load 4 on 2 cores (85 ms for 20,000)
 * when each order looks up its own holders (the first slice of a search, where a recent buyer is
 * found at once).
 */
export const defaultOrderSlicing: OrderSlicing = {
  seqs: 5_000,
  yieldToLoop: () => nextTurn(),
};

/**
 * After the first slice a search tests only each order's own columns and the order seqs the pass
 * over the holders found (order-holder-matches.ts), and that pass reads a holder's own row only:
 * both cost a fifth of a slice that looks each order's holders up, so their slices are 5× wider
 * for about the same longest turn (docs/year-old-store.md).
 */
export const wideSlice = 5;

export function orderFilterParams(search: OrderSearch): {
  event: string | null;
  method: string | null;
  from: number | null;
  before: number | null;
  shift: string | null;
  q: string | null;
  like: string | null;
  folded: string | null;
  wallet: string | null;
  tail: string | null;
} {
  const q = search.q?.trim() || null;
  return {
    event: search.eventId ?? null,
    method: search.paymentMethod ?? null,
    from: search.createdFrom ?? null,
    before: search.createdBefore ?? null,
    shift: search.shiftId ?? null,
    q,
    like: q === null ? null : likePattern(q),
    // Names are compared folded (shared/search-fold.ts): accents and case as typed do not matter.
    folded: q === null ? null : likePattern(foldForSearch(q)),
    wallet: q === null ? null : walletSecretIn(q),
    tail: q === null ? null : idTailPattern(q),
  };
}

/**
 * The end of an order or ticket id as a person reads it off a printed ticket, a PDF or a phone
 * ("the ticket ends in …"): letters and digits only, so no LIKE wildcard gets in. Five at least,
 * because ids are random and shorter ends would match strangers' orders; case-insensitive, because
 * read-aloud codes lose their case.
 */
function idTailPattern(q: string): string | null {
  return /^[A-Za-z0-9]{5,}$/.test(q) ? `%${q}` : null;
}

/**
 * The ticket secret of a wallet link (`https://…/w/<secret>`, the QR on a phone-only slip and on
 * the sale-done screen) scanned or pasted into the search: the till finds its order by it.
 */
function walletSecretIn(q: string): string | null {
  // A link copied out of a chat or a mail often brings the sentence's full stop or bracket along.
  return /\/w\/([A-Za-z0-9_-]{16,64})\/?[.,;:!?)\]>'"]*$/.exec(q)?.[1] ?? null;
}

export class OrdersRepo {
  private readonly byId;
  private readonly insertRow;
  private readonly refundStmt;
  private readonly db: Db;
  /** The list's statements by direction and filters used so far (orderFilterSqlFor). */
  private readonly pageStmts = new Map<string, Statement>();
  private readonly netForEventStmt;
  private readonly refundableStmt;
  private readonly refundableTotalStmt;
  private readonly buyerStmt;
  private readonly lastSeqStmt;
  private readonly holders;

  constructor(
    db: Db,
    private readonly slicing: OrderSlicing = defaultOrderSlicing,
  ) {
    this.db = db;
    this.holders = new HolderMatches(db);
    this.lastSeqStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM orders').pluck();
    this.byId = db.prepare('SELECT * FROM orders WHERE id = ?');
    this.insertRow = prepareInsert<Omit<OrderRow, 'seq'>>(db, 'orders', [
      'id',
      'event_id',
      'status',
      'buyer_name',
      'buyer_email',
      'total_cents',
      'refunded_cents',
      'currency',
      'payment_method',
      'api_key_id',
      'shift_id',
      'channel',
      'comp_reason',
      'created_at',
      'updated_at',
    ]);
    // Guarded in SQL as well as by the table CHECK: two refunds can never together exceed the total.
    this.refundStmt = db.prepare(
      `UPDATE orders SET refunded_cents = refunded_cents + @amount,
         status = CASE WHEN refunded_cents + @amount >= total_cents THEN 'refunded' ELSE 'partially_refunded' END,
         updated_at = @at
       WHERE id = @id AND refunded_cents + @amount <= total_cents`,
    );
    this.refundableStmt = db.prepare(
      'SELECT * FROM orders WHERE event_id = ? AND refunded_cents < total_cents ORDER BY seq',
    );
    this.refundableTotalStmt = db.prepare(
      `SELECT COUNT(*) AS orders, COALESCE(SUM(total_cents - refunded_cents), 0) AS amount
       FROM orders WHERE event_id = ? AND refunded_cents < total_cents`,
    );
    this.buyerStmt = db.prepare(
      'UPDATE orders SET buyer_name = @name, buyer_email = @email, updated_at = @at WHERE id = @id',
    );
    this.netForEventStmt = db.prepare(
      'SELECT COALESCE(SUM(total_cents - refunded_cents), 0) AS net FROM orders WHERE event_id = ?',
    );
  }

  find(id: string): OrderRow | undefined {
    return this.byId.get(id) as OrderRow | undefined;
  }

  insert(row: Omit<OrderRow, 'seq'>): void {
    this.insertRow(row);
  }

  /** Adds a refund to the order; false when it would exceed what was paid (nothing changes). */
  addRefund(id: string, amount: number, at: number): boolean {
    return this.refundStmt.run({ id, amount, at }).changes === 1;
  }

  /** Writes the order's buyer as given (the service merges a correction into the current row). */
  setBuyer(id: string, name: string | null, email: string | null, at: number): void {
    this.buyerStmt.run({ id, name, email, at });
  }

  /** After the cursor's row in the list's order, in one statement: `afterSeq` 0 starts a list either way. */
  page(search: OrderSearch, afterSeq: number, limit: number, newestFirst = false): OrderRow[] {
    const params = orderFilterParams(search);
    return this.statement(orderPageSql(params, newestFirst)).all({
      after: newestFirst && afterSeq === 0 ? Number.MAX_SAFE_INTEGER : afterSeq,
      ...params,
      limit,
    }) as OrderRow[];
  }

  /**
   * The same rows as `page`, but a list no event or shift narrows is read a slice of seqs at a time
   * from the cursor on, yielding to the event loop between slices and stopping once `limit` rows
   * are found: a search for a recent buyer ends in the first slice. If that slice does not fill
   * the page, a search first finds the orders its holders and tickets match in one pass over the
   * holders, then reads on in wider slices that test each order's own columns and those matches:
   * one that finds nothing reads the year in short turns. Orders placed meanwhile have higher
   * seqs: a newest-first walk never reaches them, an oldest-first one stops at the newest seq
   * there was when it began.
   */
  async pageInSlices(
    search: OrderSearch,
    afterSeq: number,
    limit: number,
    newestFirst = false,
  ): Promise<OrderRow[]> {
    if (search.eventId !== undefined || search.shiftId !== undefined)
      return this.page(search, afterSeq, limit, newestFirst);
    const params = orderFilterParams(search);
    let statement = this.statement(orderPageSql(params, newestFirst, true));
    let matched: OrderSeqs | null = null;
    const { yieldToLoop } = this.slicing;
    let seqs = this.slicing.seqs;
    const last = this.lastSeqStmt.get() as number;
    const rows: OrderRow[] = [];
    let lo = newestFirst ? 0 : afterSeq + 1;
    let hi = newestFirst ? Math.min(afterSeq === 0 ? last : afterSeq - 1, last) : 0;
    for (;;) {
      if (newestFirst) lo = Math.max(1, hi - seqs + 1);
      else hi = lo + seqs - 1;
      if (newestFirst ? hi < 1 : lo > last) return rows;
      const more = statement.all({
        ...params,
        matched: matched?.within(lo, hi),
        lo,
        hi,
        limit: limit - rows.length,
      });
      rows.push(...(more as OrderRow[]));
      if (rows.length >= limit) return rows;
      if (newestFirst) hi = lo - 1;
      else lo = hi + 1;
      if (newestFirst ? hi < 1 : lo > last) return rows;
      await yieldToLoop();
      if (seqs === this.slicing.seqs) {
        seqs *= wideSlice;
        if (params.q !== null) {
          matched = await this.holders.orderSeqs(params, { holders: seqs, yieldToLoop });
          statement = this.statement(orderPageSql(params, newestFirst, true, true));
          await yieldToLoop();
        }
      }
    }
  }

  private statement({ key, sql }: { key: string; sql: string }): Statement {
    let statement = this.pageStmts.get(key);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.pageStmts.set(key, statement);
    }
    return statement;
  }

  /** The event's orders with money still paid (comps and refunded ones have none). */
  refundable(eventId: string): OrderRow[] {
    return this.refundableStmt.all(eventId) as OrderRow[];
  }

  refundableTotal(eventId: string): { orders: number; amount: number } {
    return this.refundableTotalStmt.get(eventId) as { orders: number; amount: number };
  }

  /** Paid minus refunded over all the event's orders. */
  netForEvent(eventId: string): number {
    return (this.netForEventStmt.get(eventId) as { net: number }).net;
  }
}
