import { describe, expect, it } from 'vitest';
import type { SalesReport } from '../../../src/renderer/src/api/types.js';
import { periodRange, takingsParts } from '../../../src/renderer/src/lib/takings.js';

describe('takings', () => {
  it('asks for whole months on the till’s calendar', () => {
    // 00:30 on 1 March in Berlin is still February in UTC.
    const now = Date.parse('2027-02-28T23:30:00Z');
    expect(periodRange('this_month', now, 'Europe/Berlin')).toEqual({
      from: '2027-02-28T23:00:00.000Z',
      to: '2027-03-31T22:00:00.000Z',
    });
    expect(periodRange('last_month', now, 'UTC')).toEqual({
      from: '2027-01-01T00:00:00.000Z',
      to: '2027-02-01T00:00:00.000Z',
    });
    expect(periodRange('last_12_months', now, 'UTC')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2027-03-01T00:00:00.000Z',
    });
  });

  it('lays out totals per currency, then months and events in words staff read', () => {
    const sums = {
      orders: 1200,
      gross_cents: 3_000_000,
      refunds: 2,
      refunds_cents: 5000,
      net_cents: 2_995_000,
    };
    const report = {
      object: 'sales_report',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      timezone: 'UTC',
      generated_at: '2026-11-30T00:00:00.000Z',
      totals: [{ currency: 'usd', ...sums }],
      months: [{ month: '2026-11', currency: 'usd', ...sums }],
      events: [
        {
          event_id: 'evt_1',
          title: 'Rained Off',
          doors_at: '2026-11-14T19:00:00.000Z',
          status: 'cancelled',
          currency: 'usd',
          ...sums,
        },
      ],
    } as SalesReport;
    const parts = takingsParts(report);
    expect(parts.figures.map((f) => [f.label, f.value])).toEqual([
      ['Taken (USD)', '$30,000.00'],
      ['Refunded (USD)', '$50.00'],
      ['Net (USD)', '$29,950.00'],
      ['Orders (USD)', '1,200'],
    ]);
    expect(parts.tables[0]!.rows).toEqual([['November 2026', '1,200', '$30,000.00', '$50.00', '$29,950.00']]);
    expect(parts.tables[1]!.rows).toEqual([
      ['Rained Off (cancelled)', '14 Nov 2026', '1,200', '$30,000.00', '$50.00', '$29,950.00'],
    ]);
  });
});
