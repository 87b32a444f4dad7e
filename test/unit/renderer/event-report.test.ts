import { describe, expect, it } from 'vitest';
import type { EventReport } from '../../../src/renderer/src/api/types.js';
import { eventReportParts } from '../../../src/renderer/src/lib/event-report.js';

const money = { gross_cents: 5_000, refunds_cents: 3_000, net_cents: 2_000 };

function report(
  outside: EventReport['refunds_outside_shifts'],
  taken: EventReport['sales_outside_shifts'] = { cash_orders: 0, cash_cents: 0 },
): EventReport {
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
    sales_outside_shifts: taken,
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

describe('eventReportParts: cash taken outside the till shifts', () => {
  it('says how much cash was taken with no shift open, which no Z report counts, and nothing when none was', () => {
    const none = { refunds: 0, refunds_cents: 0, cash_refunds: 0, cash_cents: 0 };
    const figure = eventReportParts(report(none, { cash_orders: 2, cash_cents: 7_500 })).figures.find(
      (f) => f.label === 'Cash taken outside any till shift',
    );
    expect(figure).toEqual({
      label: 'Cash taken outside any till shift',
      value: '$75.00 (2) · in no Z report',
      tone: 'over-short-over',
    });
    expect(labels(report(none))).not.toContain('Cash taken outside any till shift');
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

describe('eventReportParts: a big night’s counts', () => {
  it('writes five-digit counts with separators, as the money beside them', () => {
    const r = report({ refunds: 0, refunds_cents: 0, cash_refunds: 0, cash_cents: 0 });
    const bigNight: EventReport = {
      ...r,
      totals: { ...r.totals, sold: 15_737, comps: 3_986, voided: 150, refunds: 1_371 },
      tiers: [
        {
          tier_id: 'tkt_1',
          name: 'Floor',
          price_cents: 4_500,
          sold: 2_708,
          comps: 3_418,
          voided: 49,
          ...money,
        },
      ],
      payment_methods: [{ payment_method: 'card', orders: 3_945, ...money }],
      admissions: { admitted: 13_327, inside_now: 13_327, not_yet_arrived: 6_246 },
    };
    const parts = eventReportParts(bigNight);
    const value = (label: string) => parts.figures.find((f) => f.label === label)?.value;
    expect(value('Tickets sold')).toBe('15,737');
    expect(value('Comps')).toBe('3,986');
    expect(value('Admitted')).toBe('13,327 of 19,573');
    expect(value('Inside now')).toBe('13,327');
    expect(value('Not yet arrived')).toBe('6,246');
    expect(value('Refunds')).toBe('$30.00 (1,371)');
    expect(parts.breakdowns[0]!.rows[0]!.slice(0, 4)).toEqual(['Floor', '2,708', '3,418', '49']);
    expect(parts.breakdowns[1]!.rows[0]![1]).toBe('3,945');
  });
});
