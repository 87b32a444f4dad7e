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
      15,
    );
    expect(chart.points).toBe('0,50 0,37.5 100,0');
    expect(chart.maxCents).toBe(4000);
    expect(chart.firstAt).toBe(Date.parse('2026-12-24T20:00:00Z'));
  });

  it('draws nothing without sales, and one bucket as a rise across the box', () => {
    expect(salesChart([], 100, 50, 15)).toEqual({ points: '', maxCents: 0, firstAt: null, endAt: null });
    expect(salesChart([{ at: '2026-12-24T20:00:00Z', cents: 500 }], 100, 50, 15).points).toBe('0,50 100,0');
  });

  it('keeps a refund dip inside the box', () => {
    const chart = salesChart(
      [
        { at: '2026-12-24T20:00:00Z', cents: 2000 },
        { at: '2026-12-24T20:05:00Z', cents: -500 },
      ],
      100,
      40,
      15,
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
      15,
    );
    expect(chartSpanWords(chart, 'Europe/Berlin', 'America/New_York')).toBe(
      '1 Dec, 10:00 CET – 24 Dec, 20:00 CET',
    );
    expect(chartSpanWords(chart, 'Europe/Berlin', 'Europe/Berlin')).toBe('1 Dec, 10:00 – 24 Dec, 20:00');
    expect(chartSpanWords(salesChart([], 100, 50, 15), 'Europe/Berlin')).toBe('');
  });

  it('ends the span where the last bucket ends, and names the day once when sales ran within one', () => {
    // Sales from 15:12 to 15:29 fall in the 15:00 and 15:15 buckets: they ran until 15:30.
    const chart = salesChart(
      [
        { at: '2026-12-02T15:00:00Z', cents: 12500 },
        { at: '2026-12-02T15:15:00Z', cents: 8750 },
      ],
      100,
      50,
      15,
    );
    expect(chart.endAt).toBe(Date.parse('2026-12-02T15:30:00Z'));
    expect(chartSpanWords(chart, 'Europe/London', 'Europe/London')).toBe('2 Dec, 15:00 – 15:30');
    // On a till elsewhere each time still names the zone.
    expect(chartSpanWords(chart, 'Europe/Berlin', 'America/New_York')).toBe('2 Dec, 16:00 CET – 16:30 CET');
    // A single bucket spans its own width, not an instant.
    const one = salesChart([{ at: '2026-12-02T15:15:00Z', cents: 500 }], 100, 50, 60);
    expect(chartSpanWords(one, 'UTC', 'UTC')).toBe('2 Dec, 15:15 – 16:15');
  });

  it("gives the end's day when the last bucket ends on the next day", () => {
    const chart = salesChart([{ at: '2026-12-02T23:45:00Z', cents: 500 }], 100, 50, 15);
    expect(chartSpanWords(chart, 'UTC', 'UTC')).toBe('2 Dec, 23:45 – 3 Dec, 00:00');
  });
});
