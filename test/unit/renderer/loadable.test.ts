import { describe, expect, it } from 'vitest';
import {
  failed,
  fetchAllPages,
  loading,
  ready,
  removeById,
  upsertById,
} from '../../../src/renderer/src/lib/loadable.js';

describe('loadable', () => {
  it('keeps what was shown while reloading and after a failure', () => {
    const shown = ready([1, 2]);
    expect(loading(shown)).toEqual({ state: 'loading', data: [1, 2], error: null });
    expect(failed('down', shown)).toEqual({ state: 'error', data: [1, 2], error: 'down' });
  });

  it('replaces in place or appends, and removes by id', () => {
    const list = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    expect(upsertById(list, { id: 'a', n: 9 })).toEqual([
      { id: 'a', n: 9 },
      { id: 'b', n: 2 },
    ]);
    expect(upsertById(list, { id: 'c', n: 3 }).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(removeById(list, 'a')).toEqual([{ id: 'b', n: 2 }]);
  });
});

describe('fetchAllPages', () => {
  it('follows the cursor to the last page', async () => {
    const pages: Record<string, { data: number[]; has_more: boolean; next_cursor: string | null }> = {
      start: { data: [1, 2], has_more: true, next_cursor: 'c2' },
      c2: { data: [3], has_more: false, next_cursor: null },
    };
    const seen: (string | undefined)[] = [];
    const all = await fetchAllPages(async (cursor) => {
      seen.push(cursor);
      return pages[cursor ?? 'start']!;
    });
    expect(all).toEqual([1, 2, 3]);
    expect(seen).toEqual([undefined, 'c2']);
  });

  it('stops after maxPages even when the server keeps saying has_more', async () => {
    let calls = 0;
    const all = await fetchAllPages(async () => {
      calls++;
      return { data: [calls], has_more: true, next_cursor: `c${calls}` };
    }, 3);
    expect(all).toEqual([1, 2, 3]);
    expect(calls).toBe(3);
  });
});
