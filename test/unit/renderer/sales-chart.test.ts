import { describe, expect, it } from 'vitest';
import { chartSpanWords, salesChart } from '../../../src/renderer/src/lib/sales-chart.js';

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

  it("says when sales ran on the event's clock, with the day, naming the zone on a till elsewhere", () => {
    // A Berlin show's pre-sale, read on a till in New York.
    const chart = salesChart(
      [
        { at: '2026-12-01T09:00:00Z', cents: 2500 },
        { at: '2026-12-24T18:45:00Z', cents: 2500 },
      ],
      100,
      50,
    );
    expect(chartSpanWords(chart, 'Europe/Berlin', 'America/New_York')).toBe(
      '1 Dec, 10:00 CET – 24 Dec, 19:45 CET',
    );
    expect(chartSpanWords(chart, 'Europe/Berlin', 'Europe/Berlin')).toBe('1 Dec, 10:00 – 24 Dec, 19:45');
    expect(chartSpanWords(salesChart([], 100, 50), 'Europe/Berlin')).toBe('');
  });
});
