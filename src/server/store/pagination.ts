import { invalidField } from '../errors.js';

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Cursors are opaque to clients; inside they are the row's insertion sequence number. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^s(\d{1,15})$/.exec(text);
  if (!match) throw invalidField('cursor', 'The cursor is not one this server handed out.');
  return Number(match[1]);
}

export const encodeCursor = (seq: number): string => Buffer.from(`s${seq}`, 'utf8').toString('base64url');

/** Expects `limit + 1` rows fetched oldest first after the cursor; the extra one means "more". */
export function toPage<Row extends { seq: number }, T>(
  rows: Row[],
  limit: number,
  view: (row: Row) => T,
): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    object: 'list',
    data: kept.map(view),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last.seq) : null,
  };
}
