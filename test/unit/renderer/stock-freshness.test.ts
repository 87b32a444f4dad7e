import { describe, expect, it } from 'vitest';
import { stockFreshWords } from '../../../src/renderer/src/lib/stock-freshness.js';

describe('stockFreshWords', () => {
  const readAt = Date.UTC(2026, 11, 24, 19, 0, 0);
  const after = (ms: number) => stockFreshWords(readAt, readAt + ms);

  it('says nothing before the first read', () => {
    expect(stockFreshWords(undefined, readAt)).toBeNull();
  });

  it('says how long ago the counts were read while the 15 s refresh keeps up', () => {
    expect(after(2_000)).toBe('Counts read just now.');
    expect(after(20_000)).toBe('Counts read 20 s ago.');
  });

  it('warns once three refreshes were missed (offline, or a sale being paid)', () => {
    expect(after(50_000)).toBe(
      'Counts read 50 s ago: other tills may have sold since. The sale is checked when completed.',
    );
    expect(after(185_000)).toBe(
      'Counts read 3 min ago: other tills may have sold since. The sale is checked when completed.',
    );
  });
});
