import { describe, expect, it } from 'vitest';
import type { EventReport } from '../../../src/renderer/src/api/types.js';
import { eventReportParts } from '../../../src/renderer/src/lib/event-report.js';

const money = { gross_cents: 5_000, refunds_cents: 3_000, net_cents: 2_000 };

function report(outside: EventReport['refunds_outside_shifts']): EventReport {
  return {
    object: 'event_report',
    event_id: 'evt_1',
    currency: 'usd',
    generated_at: '2026-12-24T23:00:00.000Z',
    totals: { orders: 2, sold: 2, comps: 0, voided: 0, refunds: 2, ...money },
    tiers: [],
    payment_methods: [],
    channels: [],
    refunds_outside_shifts: outside,
    admissions: { admitted: 0, inside_now: 0, not_yet_arrived: 2 },
    sales_over_time: { interval_minutes: 15, buckets: [] },
  };
}

const labels = (r: EventReport) => eventReportParts(r).figures.map((f) => f.label);

describe('eventReportParts: money outside the till shifts', () => {
  it('says how much cash went back with no shift open, which no Z report counts', () => {
    const figure = eventReportParts(
      report({ refunds: 3, refunds_cents: 4_500, cash_refunds: 2, cash_cents: 3_000 }),
    ).figures.find((f) => f.label === 'Cash refunded outside any till shift');
    expect(figure).toEqual({
      label: 'Cash refunded outside any till shift',
      value: '$30.00 (2) · in no Z report',
      tone: 'over-short-over',
    });
  });

  it('shows nothing when every cash refund was made in a shift (card refunds outside are no drawer’s)', () => {
    expect(
      labels(report({ refunds: 1, refunds_cents: 1_000, cash_refunds: 0, cash_cents: 0 })),
    ).not.toContain('Cash refunded outside any till shift');
  });
});

describe('eventReportParts: admissions', () => {
  it('counts admitted out of the tickets that can still get in, voided ones left out', () => {
    const r = report({ refunds: 0, refunds_cents: 0, cash_refunds: 0, cash_cents: 0 });
    const withVoids: EventReport = {
      ...r,
      totals: { ...r.totals, sold: 14, comps: 1, voided: 5 },
      admissions: { admitted: 3, inside_now: 3, not_yet_arrived: 7 },
    };
    const figures = eventReportParts(withVoids).figures;
    expect(figures.find((f) => f.label === 'Admitted')?.value).toBe('3 of 10');
    expect(figures.find((f) => f.label === 'Not yet arrived')?.value).toBe('7');
  });
});
