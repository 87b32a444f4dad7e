import { describe, expect, it } from 'vitest';
import { InsideTracker } from '../../../src/renderer/src/lib/inside-count.js';

type Move = { ticket_id: string | null; result: 'admitted' | 'rejected'; direction: 'in' | 'out' };
const inn = (ticket_id: string | null): Move => ({ ticket_id, result: 'admitted', direction: 'in' });
const out = (ticket_id: string): Move => ({ ticket_id, result: 'admitted', direction: 'out' });

describe('InsideTracker', () => {
  it('is admitted minus exited, per ticket', () => {
    const inside = new InsideTracker();
    expect([inn('a'), inn('b'), inn('c'), out('b')].map((m) => inside.apply(m))).toEqual([1, 1, 1, -1]);
    expect(inside.count).toBe(2);
    expect(inside.has('b')).toBe(false);
  });

  it('does not count an exit of someone who was not inside (the server answers admitted to it)', () => {
    const inside = new InsideTracker();
    expect(inside.apply(out('ghost'))).toBe(0);
    expect(inside.count).toBe(0);
  });

  it('ignores refusals, scans with no ticket, and a replayed entry', () => {
    const inside = new InsideTracker();
    inside.apply(inn('a'));
    expect(inside.apply({ ticket_id: 'a', result: 'rejected', direction: 'in' })).toBe(0);
    expect(inside.apply(inn(null))).toBe(0);
    expect(inside.apply(inn('a'))).toBe(0);
    expect(inside.count).toBe(1);
  });

  it('re-entry after an exit counts again', () => {
    const inside = new InsideTracker();
    inside.apply(inn('a'));
    inside.apply(out('a'));
    expect(inside.apply(inn('a'))).toBe(1);
    expect(inside.count).toBe(1);
  });
});
