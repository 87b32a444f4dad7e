import { describe, expect, it } from 'vitest';
import { BackwardStepWatch } from '../../../src/server/clock-step.js';

describe('BackwardStepWatch', () => {
  it('reports a step back once, by how much, and ignores jitter below its tolerance', () => {
    const watch = new BackwardStepWatch(1_000);
    expect(watch.check(10_000)).toBe(0);
    expect(watch.check(12_000)).toBe(0);
    expect(watch.check(11_500)).toBe(0); // 500 ms back: jitter
    expect(watch.check(9_000)).toBe(3_000);
    // Measured from the new time on: going on from there is no further step.
    expect(watch.check(9_500)).toBe(0);
    expect(watch.check(9_600)).toBe(0);
  });
});
