import { describe, expect, it } from 'vitest';
import type { ShiftReport, ShiftView } from '../../../src/renderer/src/api/types.js';
import {
  businessDayWords,
  shiftPeriodWords,
  shiftReportParts,
  tierRowLabel,
  type ReportEvent,
} from '../../../src/renderer/src/lib/shift-report.js';

const shift = { id: 'shf_1', opened_at: '2026-12-31T19:02:00.000Z', closed_at: null } as ShiftView;

const tierRow = (tier_name: string, event_id: string, sales_cents: number) => ({
  tier_id: `tkt_${tier_name}_${event_id}`,
  tier_name,
  event_id,
  currency: 'usd',
  tickets: 2,
  comp_tickets: 0,
  sales_cents,
});

const report = (by_tier: ShiftReport['by_tier']): ShiftReport => ({
  kind: 'x',
  shift,
  generated_at: '2026-12-31T21:00:00.000Z',
  currency: 'usd',
  opening_float_cents: 10_000,
  cash_sales_cents: 0,
  cash_refunds_cents: 0,
  expected_cash_cents: 10_000,
  counted_cash_cents: null,
  over_short_cents: null,
  order_count: by_tier.length,
  by_payment_method: [],
  by_tier,
  refunds: { count: 0, amount_cents: 0 },
  voids: { count: 0, amount_cents: 0 },
  comps: { order_count: 0, ticket_count: 0 },
});

const events: Record<string, ReportEvent> = {
  evt_jazz: { title: 'Late Night Jazz', status: 'published' },
  evt_folk: { title: 'Folk Matinee', status: 'published' },
  evt_storm: { title: 'Open Air Opera', status: 'cancelled' },
};
const eventOf = (id: string) => events[id];
const tierNames = (r: ShiftReport, of = eventOf) =>
  shiftReportParts(r, 'usd', of)
    .breakdowns.find((b) => b.title === 'By tier')!
    .rows.map((row) => row[0]);

describe('the shift report’s tier rows', () => {
  it('name only the tier when the shift sold for one event', () => {
    const one = report([
      tierRow('General admission', 'evt_jazz', 5000),
      tierRow('Balcony', 'evt_jazz', 8000),
    ]);
    expect(tierNames(one)).toEqual(['General admission', 'Balcony']);
  });

  it('name the event too when the shift sold for two, so two "General admission" rows tell apart', () => {
    const two = report([
      tierRow('General admission', 'evt_jazz', 5000),
      tierRow('General admission', 'evt_folk', 3000),
    ]);
    expect(tierNames(two)).toEqual([
      'General admission · Late Night Jazz',
      'General admission · Folk Matinee',
    ]);
  });

  it('give an event the till cannot name by its id', () => {
    expect(tierRowLabel({ tier_name: 'Standing', event_id: 'evt_gone' }, true, eventOf)).toBe(
      'Standing · evt_gone',
    );
    const two = report([tierRow('Standing', 'evt_gone', 1000), tierRow('Balcony', 'evt_jazz', 2000)]);
    // Before the events have loaded, every event is given by its id.
    expect(tierNames(two, () => undefined)).toEqual(['Standing · evt_gone', 'Balcony · evt_jazz']);
  });

  it('say which event was cancelled, naming it even when it is the shift’s only one', () => {
    const one = report([tierRow('Lawn', 'evt_storm', 4000), tierRow('Terrace', 'evt_storm', 6000)]);
    expect(tierNames(one)).toEqual([
      'Lawn · Open Air Opera (cancelled)',
      'Terrace · Open Air Opera (cancelled)',
    ]);
    const two = report([tierRow('Lawn', 'evt_storm', 4000), tierRow('General admission', 'evt_jazz', 5000)]);
    expect(tierNames(two)).toEqual([
      'Lawn · Open Air Opera (cancelled)',
      'General admission · Late Night Jazz',
    ]);
  });

  it('say nothing of an event the till has not loaded: its state is not known', () => {
    const one = report([tierRow('Lawn', 'evt_storm', 4000)]);
    expect(tierNames(one, () => undefined)).toEqual(['Lawn']);
  });
});

describe('when the shift ran, on the venue’s clock', () => {
  // A Berlin club's night the clocks go forward: opened 18:00 CET, counted 03:30 CEST.
  const night: ShiftReport = {
    ...report([tierRow('General admission', 'evt_club', 2500)]),
    kind: 'z',
    shift: { ...shift, opened_at: '2027-03-27T17:00:00.000Z', closed_at: '2027-03-28T01:30:00.000Z' },
  };
  const club = (id: string): ReportEvent | undefined =>
    id === 'evt_club' ? { title: 'Club night', status: 'published' } : undefined;

  it("reads the times on the venue's clock, named on a till in another, and counts the night for the day it opened", () => {
    const parts = shiftReportParts(night, 'eur', club, { venue: 'Europe/Berlin', till: 'America/New_York' });
    expect(parts.businessDay).toBe('Business day Sat, 27 Mar 2027');
    expect(parts.period).toBe('Sat, 27 Mar, 18:00 CET – Sun, 28 Mar, 03:30 CEST');
    // On a till in Berlin the names go: the clock on the wall says the same.
    expect(
      shiftReportParts(night, 'eur', club, { venue: 'Europe/Berlin', till: 'Europe/Berlin' }).period,
    ).toBe('Sat, 27 Mar, 18:00 – Sun, 28 Mar, 03:30');
  });

  it('keeps a Berlin venue’s night on its own day when the shift sold only for a New York touring show', () => {
    // Opened at 00:30 Berlin time on Sunday (18:30 on Saturday in New York), selling the tour only.
    const tour: ShiftReport = {
      ...report([tierRow('Stalls', 'evt_tour', 4000)]),
      shift: { ...shift, opened_at: '2027-03-27T23:30:00.000Z', closed_at: null },
    };
    // The tour's own zone, as the till's events say it: not the clock its night is counted on.
    const tourOf = () => ({
      title: 'Touring show',
      status: 'published' as const,
      timezone: 'America/New_York',
    });
    const parts = shiftReportParts(tour, 'eur', tourOf, { venue: 'Europe/Berlin', till: 'UTC' });
    expect(parts.businessDay).toBe('Business day Sun, 28 Mar 2027');
  });

  it("reads a shift that sold nothing on the venue's clock too", () => {
    // A New York evening: opened 20:00 on Christmas Eve, 01:00 UTC on Christmas Day.
    const quiet: ShiftReport = {
      ...night,
      by_tier: [],
      shift: { ...shift, opened_at: '2026-12-25T01:00:00.000Z', closed_at: '2026-12-25T06:15:00.000Z' },
    };
    const parts = shiftReportParts(quiet, 'usd', club, {
      venue: 'America/New_York',
      till: 'America/New_York',
    });
    expect(parts.businessDay).toBe('Business day Thu, 24 Dec 2026');
    expect(parts.period).toBe('Thu, 24 Dec, 20:00 – Fri, 25 Dec, 01:15');
  });

  it('gives a shift closed on the day it opened by its times alone, the business day saying the day', () => {
    const afternoon: ShiftReport = {
      ...night,
      shift: { ...shift, opened_at: '2026-12-02T15:13:00.000Z', closed_at: '2026-12-02T15:31:00.000Z' },
    };
    const parts = shiftReportParts(afternoon, 'gbp', club, { venue: 'Europe/London', till: 'Europe/London' });
    expect(`${parts.businessDay} · ${parts.period}`).toBe('Business day Wed, 2 Dec 2026 · 15:13 – 15:31');
    // On a till in another zone the times still name the venue's.
    expect(
      shiftReportParts(afternoon, 'gbp', club, { venue: 'Europe/Berlin', till: 'America/New_York' }).period,
    ).toBe('16:13 CET – 16:31 CET');
  });

  it('gives both days for a shift past midnight, and the time it opened for one still open', () => {
    expect(
      shiftPeriodWords('2026-12-02T18:00:00.000Z', '2026-12-03T01:10:00.000Z', { venue: 'UTC', till: 'UTC' }),
    ).toBe('Wed, 2 Dec, 18:00 – Thu, 3 Dec, 01:10');
    // Days on the venue's clock: 23:30 UTC is already Thursday in Berlin, the day it opened.
    expect(
      shiftPeriodWords('2026-12-02T23:30:00.000Z', '2026-12-03T01:10:00.000Z', {
        venue: 'Europe/Berlin',
        till: 'Europe/Berlin',
      }),
    ).toBe('00:30 – 02:10');
    expect(shiftPeriodWords('2026-12-02T18:00:00.000Z', null, { venue: 'UTC', till: 'UTC' })).toBe(
      '18:00 – now',
    );
  });

  it('lists a past shift by the venue’s day it opened, not the server’s UTC day', () => {
    // Opened 00:30 Berlin time on Sunday: the UTC day is still Saturday.
    expect(businessDayWords('2027-03-27T23:30:00.000Z', 'Europe/Berlin')).toBe(
      'Business day Sun, 28 Mar 2027',
    );
    expect(businessDayWords('2027-03-27T23:30:00.000Z', 'UTC')).toBe('Business day Sat, 27 Mar 2027');
  });
});

describe('the shift report’s counts', () => {
  it('writes a long shift’s counts with separators', () => {
    const long: ShiftReport = {
      ...report([{ ...tierRow('Floor', 'evt_jazz', 5000), tickets: 3_210, comp_tickets: 1_002 }]),
      order_count: 1_317,
      comps: { order_count: 1_001, ticket_count: 2_500 },
    };
    const parts = shiftReportParts(long, 'usd', eventOf);
    const value = (label: string) => parts.figures.find((f) => f.label === label)?.value;
    expect(value('Orders')).toBe('1,317');
    expect(value('Comps')).toBe('2,500 tickets in 1,001 orders');
    // One comp of one ticket on a quiet night: not "1 tickets in 1 orders".
    const one = shiftReportParts({ ...long, comps: { order_count: 1, ticket_count: 1 } }, 'usd', eventOf);
    expect(one.figures.find((f) => f.label === 'Comps')?.value).toBe('1 ticket in 1 order');
    expect(parts.breakdowns.find((b) => b.title === 'By tier')!.rows[0]!.slice(1, 3)).toEqual([
      '3,210',
      '1,002',
    ]);
  });
});

describe('the shift report’s money in two currencies', () => {
  it('words the drawer’s refunds and voids in its money and another currency’s apart, in that money', () => {
    const twoCurrencies: ShiftReport = {
      ...report([tierRow('Floor', 'evt_jazz', 5000)]),
      refunds: { count: 1, amount_cents: 1_000 },
      voids: { count: 1, amount_cents: 2_500 },
      other_currencies: [
        {
          currency: 'eur',
          refunds: { count: 1, amount_cents: 300 },
          voids: { count: 2, amount_cents: 2_000 },
        },
      ],
    };
    const parts = shiftReportParts(twoCurrencies, 'usd', eventOf);
    const value = (label: string) => parts.figures.find((f) => f.label === label)?.value;
    expect(value('Refunds')).toBe('1 · $10.00');
    expect(value('Voids')).toBe('1 · $25.00');
    expect(value('Refunds (EUR)')).toBe('1 · €3.00');
    expect(value('Voids (EUR)')).toBe('2 · €20.00');
    // One currency: no extra lines.
    const labels = shiftReportParts(report([]), 'usd', eventOf).figures.map((f) => f.label);
    expect(labels.filter((label) => label.includes('('))).toEqual([]);
  });

  it('writes a refund-only shift’s negative net with the same minus sign as its over/short', () => {
    const refundOnly: ShiftReport = {
      ...report([]),
      kind: 'z',
      cash_refunds_cents: 500,
      expected_cash_cents: 9_500,
      counted_cash_cents: 9_000,
      over_short_cents: -500,
      order_count: 0,
      by_payment_method: [
        {
          payment_method: 'cash',
          currency: 'usd',
          order_count: 0,
          sales_cents: 0,
          refund_count: 1,
          refunds_cents: 500,
          net_cents: -500,
        },
      ],
      refunds: { count: 1, amount_cents: 500 },
    };
    const parts = shiftReportParts(refundOnly, 'usd', eventOf);
    const net = parts.breakdowns.find((b) => b.title === 'By how the order was paid')!.rows[0]!.at(-1);
    const overShort = parts.figures.find((f) => f.label === 'Over/short')?.value;
    expect([net, overShort]).toEqual(['\u2212$5.00', '\u2212$5.00']);
  });
});
