import { describe, expect, it } from 'vitest';
import { soldApart } from '../../../src/renderer/src/lib/tier-counts.js';

describe('soldApart', () => {
  it('names comps and voided apart from sold, and nothing when there are none', () => {
    expect(soldApart({ comps: 0, voided: 0 })).toBeNull();
    expect(soldApart({ comps: 1, voided: 0 })).toBe('1 comp');
    expect(soldApart({ comps: 3, voided: 2 })).toBe('3 comps · 2 voided');
    expect(soldApart({ comps: 0, voided: 1 })).toBe('1 voided');
    expect(soldApart({ comps: 3_418, voided: 1_049 })).toBe('3,418 comps · 1,049 voided');
  });
});
