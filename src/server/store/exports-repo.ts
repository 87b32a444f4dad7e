import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import { HolderMatches } from './order-holder-matches.js';
import {
  defaultOrderSlicing,
  orderFilterParams,
  orderFilterSqlFor,
  wideSlice,
  type OrderSearch,
  type OrderSlicing,
} from './orders-repo.js';
import type { ScanFilter } from './scans-repo.js';

/** A row as SQLite returns it in raw mode: the columns in SELECT order, `seq` first. */
export type RawRow = readonly unknown[];

/**
 * Rows of one export, in chunks of at most `chunkRows`, by seq up to the highest seq when the
 * export started (rows written during a download belong to the next one).
 *
 * Each chunk is one `.all()` of a keyset query, read whole before it is handed on: an open
 * better-sqlite3 iterator would make the connection busy, and every other request (a sale, a
 * scan) would be refused until the download ended. So no statement stays open between chunks,
 * and a chunk is taken only when the response wants more (http/csv.ts), which keeps memory to
 * one chunk however large the export. (`.all()` rather than an `.iterate()` read to its end:
 * one call into SQLite per chunk instead of one per row.)
 */
function* chunks(
  statement: Statement,
  params: Record<string, unknown>,
  until: number,
  chunkRows: number,
): Generator<RawRow[]> {
  let after = 0;
  for (;;) {
    const rows = statement.all({ ...params, after, until, limit: chunkRows }) as RawRow[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunkRows) return;
    after = rows[rows.length - 1]![0] as number;
  }
}

export const orderExportColumns = [
  'seq',
  'id',
  'created_at',
  'event_id',
  'status,channel,payment_method',
  'buyer_name',
  'buyer_email',
  'currency',
  'total_cents',
  'refunded_cents',
  'shift_id',
] as const;

export const attendeeExportColumns = [
  'seq',
  'id',
  'event_id',
  'order_id',
  'ticket_id',
  'name',
  'email',
  'tier_name',
  'ticket_status',
  'admitted',
  'created_at',
] as const;

export const scanExportColumns = [
  'seq',
  'id',
  'scanned_at',
  'event_id',
  'ticket_id',
  'result',
  'reason',
  'direction',
  'credential',
  'source',
  'conflict',
  'note',
  'device_id',
  'api_key_id',
  'staff_id',
] as const;

const keyset = (alias: string) => `${alias}.seq > @after AND ${alias}.seq <= @until`;

/** The CSV exports' reads (domain/exports.ts), with the same filters as their lists. */
export class ExportsRepo {
  /** A statement for each combination of the list's filters used so far (orderFilterSqlFor). */
  private readonly ordersStmts = new Map<string, Statement>();
  private readonly db: Db;
  private readonly attendeesStmt;
  private readonly scansStmt;
  private readonly lastSeq;
  private readonly holders;

  constructor(
    db: Db,
    private readonly slicing: OrderSlicing = defaultOrderSlicing,
  ) {
    this.db = db;
    this.holders = new HolderMatches(db);
    this.attendeesStmt = db
      .prepare(
        `SELECT a.seq, a.id, a.event_id, a.order_id, a.ticket_id, a.name, a.email, r.name AS tier_name,
           t.status AS ticket_status, (t.scan_count > 0) AS admitted, a.created_at
         FROM attendees a JOIN tickets t ON t.id = a.ticket_id JOIN tiers r ON r.id = t.tier_id
         WHERE a.event_id = @event AND ${keyset('a')} ORDER BY a.seq LIMIT @limit`,
      )
      .raw(true);
    this.scansStmt = db
      .prepare(
        `SELECT s.seq, s.id, s.scanned_at, s.event_id, s.ticket_id, s.result, s.reason, s.direction,
           s.credential, s.source, s.conflict, s.note, s.device_id, s.api_key_id, s.staff_id
         FROM scans s
         WHERE ${keyset('s')}
           AND (@event IS NULL OR s.event_id = @event) AND (@device IS NULL OR s.device_id = @device)
           AND (@ticket IS NULL OR s.ticket_id = @ticket) AND (@result IS NULL OR s.result = @result)
         ORDER BY s.seq LIMIT @limit`,
      )
      .raw(true);
    const max = (table: string) => db.prepare(`SELECT COALESCE(MAX(seq), 0) AS n FROM ${table}`).pluck();
    this.lastSeq = { orders: max('orders'), attendees: max('attendees'), scans: max('scans') };
  }

  orders(search: OrderSearch, chunkRows: number): Generator<RawRow[]> {
    const params = orderFilterParams(search);
    return chunks(this.ordersStatement(params, false), params, this.until('orders'), chunkRows);
  }

  /**
   * The same rows as `orders`, but a search no event or shift narrows (the Orders screen's whole
   * year) is read as the list reads it (OrdersRepo.pageInSlices): one pass over the holders for
   * the orders they match, then the orders a wide slice of seqs at a time, the event loop running
   * between slices. As one statement a chunk of such a search read the year until it had found
   * `chunkRows` orders: all of it, in one turn, when the search found fewer.
   */
  async *ordersInSlices(search: OrderSearch, chunkRows: number): AsyncGenerator<RawRow[]> {
    const params = orderFilterParams(search);
    if (params.q === null || params.event !== null || params.shift !== null) {
      yield* this.orders(search, chunkRows);
      return;
    }
    const until = this.until('orders');
    const seqs = this.slicing.seqs * wideSlice;
    const { yieldToLoop } = this.slicing;
    const matched = await this.holders.orderSeqs(params, { holders: seqs, yieldToLoop });
    const statement = this.ordersStatement(params, true);
    let chunk: RawRow[] = [];
    for (let lo = 1; lo <= until; lo += seqs) {
      await yieldToLoop();
      const hi = Math.min(lo + seqs - 1, until);
      let after = lo - 1;
      for (;;) {
        const rows = statement.all({
          ...params,
          matched: matched.within(lo, hi),
          after,
          until: hi,
          limit: chunkRows - chunk.length,
        }) as RawRow[];
        chunk.push(...rows);
        if (chunk.length < chunkRows) break;
        yield chunk;
        chunk = [];
        after = rows[rows.length - 1]![0] as number;
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  /** The export's statement for `params`'s filters (orderFilterSqlFor), prepared once per combination. */
  private ordersStatement(params: ReturnType<typeof orderFilterParams>, holdersMatched: boolean): Statement {
    const filter = orderFilterSqlFor(params, holdersMatched);
    let statement = this.ordersStmts.get(filter.key);
    if (!statement) {
      statement = this.db
        .prepare(
          // Fewer strings to make per row (orderExportColumns): event_id is read as NULL when
          // the filter fixes it (the export writes the filter's value), and status, channel
          // and payment_method, plain words by the schema's CHECKs, come as one cell's text.
          `SELECT o.seq, o.id, o.created_at, ${params.event === null ? 'o.event_id' : 'NULL'},
             o.status || ',' || o.channel || ',' || o.payment_method,
             o.buyer_name, o.buyer_email, o.currency, o.total_cents, o.refunded_cents, o.shift_id
           FROM orders o WHERE ${keyset('o')} AND ${filter.sql} ORDER BY o.seq LIMIT @limit`,
        )
        .raw(true);
      this.ordersStmts.set(filter.key, statement);
    }
    return statement;
  }

  attendees(eventId: string, chunkRows: number): Generator<RawRow[]> {
    return chunks(this.attendeesStmt, { event: eventId }, this.until('attendees'), chunkRows);
  }

  scans(filter: ScanFilter, chunkRows: number): Generator<RawRow[]> {
    const params = {
      event: filter.event_id ?? null,
      device: filter.device_id ?? null,
      ticket: filter.ticket_id ?? null,
      result: filter.result ?? null,
    };
    return chunks(this.scansStmt, params, this.until('scans'), chunkRows);
  }

  private until(table: 'orders' | 'attendees' | 'scans'): number {
    return this.lastSeq[table].get() as number;
  }
}
