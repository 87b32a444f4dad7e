import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';
import { foldedLikeSql } from './search-fold.js';

/**
 * The orders a whole-year search finds through their holders (name, email) or their tickets (an
 * id's end read off a ticket), found by one pass over the holders in seq order instead of each
 * order looking up its own holders by ticket (docs/year-old-store.md: that lookup was most of a
 * search that finds nothing). A holder carries its order and its ticket's id: checkout and a
 * transfer write a ticket and its holder together, in the same order (domain/tickets.ts), so the
 * holder's `ticket_id` is the id the search tries as a ticket's end. Only a matching holder
 * looks its order's seq up, through the orders' unique id.
 */
const holderPassSql = `SELECT o.seq FROM attendees a JOIN orders o ON o.id = a.order_id
  WHERE a.seq BETWEEN @lo AND @hi
    AND (${foldedLikeSql('a.name')} OR a.email LIKE @like ESCAPE '\\'
         OR (@tail IS NOT NULL AND a.ticket_id LIKE @tail))`;

/** The parameters of a search (orders-repo.ts orderFilterParams) the holder pass reads. */
interface HolderSearch {
  like: string | null;
  folded: string | null;
  tail: string | null;
}

/**
 * A slice of a whole-year read: the widest gap it may hold the event loop for is one slice.
 * `holders` per slice of the pass below; `yieldToLoop` between slices.
 */
export interface HolderPassSlicing {
  holders: number;
  yieldToLoop: () => Promise<unknown>;
}

/** The holder pass over a store, its statement prepared once. */
export class HolderMatches {
  private readonly pass: Statement;
  private readonly lastSeq: Statement;

  constructor(db: Db) {
    this.pass = db.prepare(holderPassSql).pluck();
    this.lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM attendees').pluck();
  }

  /** The seqs of orders with a holder or ticket `search` matches, read `slicing.holders` holders at a time. */
  async orderSeqs(search: HolderSearch, slicing: HolderPassSlicing): Promise<OrderSeqs> {
    const last = this.lastSeq.get() as number;
    const seqs = new Set<number>();
    for (let lo = 1; lo <= last; lo += slicing.holders) {
      if (lo > 1) await slicing.yieldToLoop();
      const hi = lo + slicing.holders - 1;
      for (const seq of this.pass.all({ ...search, lo, hi }) as number[]) seqs.add(seq);
    }
    return new OrderSeqs(seqs);
  }
}

/** Matched order seqs, handed to a statement a slice at a time as `@matched` (a JSON array). */
export class OrderSeqs {
  private readonly sorted: number[];

  constructor(seqs: Set<number>) {
    this.sorted = [...seqs].sort((a, b) => a - b);
  }

  /** The JSON array of those in [lo, hi]: usually a few, so each slice's statement reads few. */
  within(lo: number, hi: number): string {
    const from = this.firstAtLeast(lo);
    return JSON.stringify(this.sorted.slice(from, this.firstAtLeast(hi + 1)));
  }

  private firstAtLeast(seq: number): number {
    let [lo, hi] = [0, this.sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
