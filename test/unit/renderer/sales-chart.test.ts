import { describe, expect, it } from 'vitest';
import { salesChart } from '../../../src/renderer/src/lib/sales-chart.js';

describe('the sales-over-time chart', () => {
  it('draws the running total from zero, scaled into the box, in time order', () => {
    const chart = salesChart(
      [
        { at: '2026-12-24T20:10:00Z', cents: 3000 },
        { at: '2026-12-24T20:00:00Z', cents: 1000 },
      ],
      100,
      50,
    );
    expect(chart.points).toBe('0,50 0,37.5 100,0');
    expect(chart.maxCents).toBe(4000);
    expect(chart.firstAt).toBe(Date.parse('2026-12-24T20:00:00Z'));
  });

  it('draws nothing without sales, and one bucket as a rise across the box', () => {
    expect(salesChart([], 100, 50)).toEqual({ points: '', maxCents: 0, firstAt: null, lastAt: null });
    expect(salesChart([{ at: '2026-12-24T20:00:00Z', cents: 500 }], 100, 50).points).toBe('0,50 100,0');
  });

  it('keeps a refund dip inside the box', () => {
    const chart = salesChart(
      [
        { at: '2026-12-24T20:00:00Z', cents: 2000 },
        { at: '2026-12-24T20:05:00Z', cents: -500 },
      ],
      100,
      40,
    );
    expect(chart.points).toBe('0,40 0,0 100,10');
    expect(chart.maxCents).toBe(2000);
  });
});
