import { createHash } from 'node:crypto';
import { invalidField } from '../errors.js';

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

const foreign = () => invalidField('cursor', 'The cursor is not one this server handed out for this list.');

/**
 * One list as a client pages it: its name and the filters that select its rows. A cursor is a
 * row's insertion sequence number plus a check of (list, filters, number), so a cursor from
 * another list (orders on events, one event's tiers on another's), with other filters or with its
 * number edited is refused rather than read as a position somewhere else. The check is a plain
 * hash, not a secret: cursors stay valid across restarts, and a client that forges one only
 * reaches rows it may already list.
 */
export class ListCursor {
  private readonly scope: string;

  /** `filters`: every input that changes which rows the list holds or their order; undefined ones are dropped. */
  constructor(list: string, filters: Record<string, unknown> = {}) {
    const defined = Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    this.scope = JSON.stringify([list, defined]);
  }

  private check(seq: number): string {
    return createHash('sha256')
      .update(`marquee-cursor\n${this.scope}\n${seq}`)
      .digest('base64url')
      .slice(0, 12);
  }

  encode(seq: number): string {
    return Buffer.from(`c${seq}.${this.check(seq)}`, 'utf8').toString('base64url');
  }

  /** The sequence number to continue after; 0 (the start) without a cursor. */
  decode(cursor: string | undefined): number {
    if (cursor === undefined) return 0;
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    // Unbound cursors from before cursors named their list: a walk begun before an upgrade ends.
    const legacy = /^s(\d{1,15})$/.exec(text);
    if (legacy) return Number(legacy[1]);
    const match = /^c(\d{1,15})\.([A-Za-z0-9_-]{12})$/.exec(text);
    if (!match || match[2] !== this.check(Number(match[1]))) throw foreign();
    return Number(match[1]);
  }
}

/** Expects `limit + 1` rows fetched oldest first after the cursor; the extra one means "more". */
export function toPage<Row extends { seq: number }, T>(
  rows: Row[],
  limit: number,
  view: (row: Row) => T,
  list: ListCursor,
): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    object: 'list',
    data: kept.map(view),
    has_more: hasMore,
    next_cursor: hasMore && last ? list.encode(last.seq) : null,
  };
}
