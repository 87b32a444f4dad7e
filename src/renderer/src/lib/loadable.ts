/** A value fetched from the server, with the states every screen must show honestly. */
export type Loadable<T> =
  | { state: 'idle'; data: null; error: null }
  | { state: 'loading'; data: T | null; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'error'; data: T | null; error: string };

export const idle = <T>(): Loadable<T> => ({ state: 'idle', data: null, error: null });
/** Keeps what was shown while it reloads, so a refresh does not blank the screen. */
export const loading = <T>(previous?: Loadable<T>): Loadable<T> => ({
  state: 'loading',
  data: previous?.data ?? null,
  error: null,
});
export const ready = <T>(data: T): Loadable<T> => ({ state: 'ready', data, error: null });
export const failed = <T>(error: string, previous?: Loadable<T>): Loadable<T> => ({
  state: 'error',
  data: previous?.data ?? null,
  error,
});

/** Replaces the item with the same id, or appends it (lists are oldest first). */
export function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((x) => x.id === item.id);
  if (at === -1) return [...list, item];
  const next = [...list];
  next[at] = item;
  return next;
}

export function removeById<T extends { id: string }>(list: readonly T[], id: string): T[] {
  return list.filter((x) => x.id !== id);
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Walks a cursor list for at most `maxPages` pages; `stoppedShort` when the list went on past them
 * (a screen that reads only so much says so: "1,000 or more", "the chart may be low").
 */
export async function fetchPages<T>(
  page: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages: number,
): Promise<{ items: T[]; stoppedShort: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i++) {
    const result = await page(cursor);
    items.push(...result.data);
    if (!result.has_more || result.next_cursor === null) return { items, stoppedShort: false };
    cursor = result.next_cursor;
  }
  return { items, stoppedShort: true };
}

/** Walks a cursor list to its end, bounded so a runaway cursor cannot loop forever. */
export async function fetchAllPages<T>(
  page: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages = 50,
): Promise<T[]> {
  return (await fetchPages(page, maxPages)).items;
}
