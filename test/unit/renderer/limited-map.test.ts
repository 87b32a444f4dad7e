import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../../src/renderer/src/lib/limited-map.js';

/** Work whose calls finish only when the test says so, counting how many run at once. */
function heldWork() {
  const waiting: Array<() => void> = [];
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const work = (n: number) =>
    new Promise<number>((resolve) => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      waiting.push(() => {
        running -= 1;
        resolve(n * 10);
      });
    });
  const settle = async () => {
    // Let finished calls hand over to the next ones before releasing again.
    while (waiting.length > 0) {
      waiting.splice(0).forEach((finish) => finish());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { work, settle, started, most: () => most };
}

describe('mapLimited: one call per item, a few at a time', () => {
  it('never runs more than the limit at once, and answers in the items’ order', async () => {
    const held = heldWork();
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const done = mapLimited(items, 5, held.work);
    await new Promise((r) => setImmediate(r));
    expect(held.started).toHaveLength(5);
    await held.settle();
    const results = await done;
    expect(held.most()).toBe(5);
    expect(results).toEqual(items.map((n) => n * 10));
    expect(held.started).toHaveLength(1000);
  });

  it('starts no more calls after one fails, and says why', async () => {
    const started: number[] = [];
    const work = async (n: number) => {
      started.push(n);
      if (n === 2) throw new Error('order 2 could not be read');
      return n;
    };
    await expect(mapLimited([1, 2, 3, 4, 5, 6], 2, work)).rejects.toThrow('order 2 could not be read');
    expect(started.length).toBeLessThan(6);
  });

  it('answers nothing for no items', async () => {
    expect(await mapLimited([], 4, async (n: number) => n)).toEqual([]);
  });
});
