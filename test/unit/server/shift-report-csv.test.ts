import { describe, expect, it } from 'vitest';
import { shiftReportCsv, type ShiftLabels } from '../../../src/server/domain/shift-report-csv.js';
import type { ShiftReportView } from '../../../src/server/schemas/shifts.js';
import { csvSections, parseCsv, shiftCsvTierHeader } from '../../support/csv.js';

const labels: ShiftLabels = {
  tillName: 'Front desk',
  deviceName: null,
  openedByName: 'Sam',
  closedByName: 'Anna',
  fallbackCurrency: null,
  events: new Map([['evt_1', { title: 'Night show', status: 'published' }]]),
  timeZone: 'UTC',
};

/** A closed shift's Z report in `currency`, amounts given in its minor unit. */
function zReport(currency: string | null, overShort: number): ShiftReportView {
  return {
    kind: 'z',
    shift: {
      id: 'shf_1',
      status: 'closed',
      api_key_id: 'key_1',
      device_id: null,
      opening_float_cents: 10_000,
      opened_at: '2026-12-24T18:00:00.000Z',
      opened_by: 'stf_sam',
      closed_at: '2026-12-24T23:30:00.000Z',
      closed_by: 'stf_anna',
      counted_cash_cents: 10_000 + 7_500 + overShort,
      currency,
    },
    generated_at: '2026-12-24T23:30:00.000Z',
    currency,
    opening_float_cents: 10_000,
    cash_sales_cents: 7_500,
    cash_refunds_cents: 0,
    expected_cash_cents: 17_500,
    counted_cash_cents: 17_500 + overShort,
    over_short_cents: overShort,
    order_count: 3,
    by_payment_method: [
      {
        payment_method: 'cash',
        currency: currency ?? 'usd',
        order_count: 3,
        sales_cents: 7_500,
        refund_count: 0,
        refunds_cents: 0,
        net_cents: 7_500,
      },
    ],
    by_tier: [
      {
        tier_id: 'tkt_1',
        tier_name: 'Balcony, row "A"',
        event_id: 'evt_1',
        currency: currency ?? 'usd',
        tickets: 3,
        comp_tickets: 0,
        sales_cents: 7_500,
      },
    ],
    refunds: { count: 0, amount_cents: 0 },
    voids: { count: 0, amount_cents: 0 },
    comps: { order_count: 0, ticket_count: 0 },
  };
}

const text = (report: ShiftReportView, with_: Partial<ShiftLabels> = {}) => {
  const file = shiftReportCsv(report, { ...labels, ...with_ });
  return [file.header.join(','), '\r\n', ...file.chunks].join('');
};

const items = (csv: string) =>
  new Map(
    csvSections(csv)[0]!
      .slice(1)
      .map(([name, ...cells]) => [name!, cells]),
  );

describe('shiftReportCsv', () => {
  it('writes one width throughout (a strict RFC 4180 reader takes it), three sections, named after the report', () => {
    const report = zReport('usd', 0);
    const file = shiftReportCsv(report, labels);
    expect(file.filename).toBe('z-report-shf_1.csv');
    const records = parseCsv(text(report));
    expect(new Set(records.map((r) => r.length))).toEqual(new Set([9]));
    expect(csvSections(text(report)).map((section) => section[0]![0])).toEqual([
      'item',
      'payment_method',
      'tier',
    ]);
  });

  it("gives the shift's times on the venue's clock, and the business day it opened on", () => {
    // Berlin, the night the clocks go forward: opened 18:00 on Saturday (CET), counted 03:30 CEST, an hour after 01:30 CET.
    const report = zReport('eur', 0);
    const night: ShiftReportView = {
      ...report,
      shift: {
        ...report.shift,
        opened_at: '2027-03-27T17:00:00.000Z',
        closed_at: '2027-03-28T01:30:00.000Z',
      },
    };
    const berlin = items(text(night, { timeZone: 'Europe/Berlin' }));
    expect(berlin.get('time_zone')).toEqual(['Europe/Berlin']);
    expect(berlin.get('business_day')).toEqual(['2027-03-27']);
    expect(berlin.get('opened_at_local')).toEqual(['2027-03-27 18:00']);
    expect(berlin.get('closed_at_local')).toEqual(['2027-03-28 03:30']);
    // The ISO lines stay as they were, in UTC.
    expect(berlin.get('opened_at')).toEqual(['2027-03-27T17:00:00.000Z']);
    // New York's evening: the UTC day has already turned when the shift opens.
    const ny = items(
      text(
        { ...report, shift: { ...report.shift, opened_at: '2026-12-25T01:00:00.000Z', closed_at: null } },
        { timeZone: 'America/New_York' },
      ),
    );
    expect(ny.get('business_day')).toEqual(['2026-12-24']);
    expect(ny.get('opened_at_local')).toEqual(['2026-12-24 20:00']);
    expect(ny.get('closed_at_local')).toEqual([]);
  });

  it('writes money in the major unit of the currency, with its own decimals', () => {
    expect(items(text(zReport('usd', -505))).get('over_short')).toEqual(['-5.05']);
    expect(items(text(zReport('usd', -505))).get('expected_cash')).toEqual(['175.00']);
    expect(items(text(zReport('jpy', 300))).get('expected_cash')).toEqual(['17500']);
    expect(items(text(zReport('kwd', -5))).get('over_short')).toEqual(['-0.005']);
    expect(items(text(zReport('kwd', 0))).get('over_short')).toEqual(['0.000']);
  });

  it("writes another currency's refunds and voids in their own lines, in that currency's unit", () => {
    const report: ShiftReportView = {
      ...zReport('usd', 0),
      refunds: { count: 1, amount_cents: 1_000 },
      voids: { count: 1, amount_cents: 2_500 },
      other_currencies: [
        {
          currency: 'jpy',
          refunds: { count: 1, amount_cents: 300 },
          voids: { count: 2, amount_cents: 2_000 },
        },
      ],
    };
    const lines = items(text(report));
    expect(lines.get('refunds')).toEqual(['10.00']);
    expect(lines.get('voids')).toEqual(['25.00']);
    expect(lines.get('refund_count_jpy')).toEqual(['1']);
    expect(lines.get('refunds_jpy')).toEqual(['300']);
    expect(lines.get('void_count_jpy')).toEqual(['2']);
    expect(lines.get('voids_jpy')).toEqual(['2000']);
    expect(new Set(parseCsv(text(report)).map((r) => r.length))).toEqual(new Set([9]));
  });

  it('keeps a short drawer a number: no apostrophe before the minus, unlike text that starts with one', () => {
    const csv = text(zReport('usd', -500), { openedByName: '-Sam', closedByName: '=cmd|calc' });
    expect(csv).toContain('\r\nover_short,-5.00,');
    expect(items(csv).get('opened_by')).toEqual(["'-Sam", 'stf_sam']);
    expect(items(csv).get('closed_by')).toEqual(["'=cmd|calc", 'stf_anna']);
  });

  it('quotes a tier name with a comma and quotes, and reads back the same', () => {
    const tiers = csvSections(text(zReport('usd', 0)))[2]!;
    expect(tiers[1]).toEqual([
      'Balcony, row "A"',
      'tkt_1',
      'evt_1',
      'Night show',
      'published',
      'usd',
      '3',
      '0',
      '75.00',
    ]);
  });

  it("names each tier line's event and its status now: a cancelled one says so, a formula title stays text", () => {
    const report = zReport('usd', 0);
    const twoEvents: ShiftReportView = {
      ...report,
      by_tier: [
        report.by_tier[0]!,
        { ...report.by_tier[0]!, tier_id: 'tkt_2', tier_name: 'General admission', event_id: 'evt_2' },
        { ...report.by_tier[0]!, tier_id: 'tkt_3', tier_name: 'Gone', event_id: 'evt_gone' },
      ],
    };
    const csv = text(twoEvents, {
      events: new Map([
        ['evt_1', { title: 'Night show', status: 'published' }],
        ['evt_2', { title: '=HYPERLINK("http://x","Late show")', status: 'cancelled' }],
      ]),
    });
    const records = parseCsv(csv);
    expect(new Set(records.map((r) => r.length))).toEqual(new Set([9]));
    expect(records[0]).toEqual(['item', 'value', 'id', '', '', '', '', '', '']);
    const [header, ...rows] = csvSections(csv)[2]!;
    expect(header).toEqual(shiftCsvTierHeader);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['Balcony, row "A"', 'tkt_1', 'evt_1', 'Night show', 'published'],
      ['General admission', 'tkt_2', 'evt_2', `'=HYPERLINK("http://x","Late show")`, 'cancelled'],
      // An event the store no longer has: its id says which, the title and status are empty.
      ['Gone', 'tkt_3', 'evt_gone', '', ''],
    ]);
    expect(rows.map((row) => row.slice(5))).toEqual(Array(3).fill(['usd', '3', '0', '75.00']));
  });

  it('takes the fallback currency when the report has none (a shift that sold nothing)', () => {
    const csv = text(zReport(null, 0), { fallbackCurrency: 'jpy' });
    expect(items(csv).get('currency')).toEqual(['jpy']);
    expect(items(csv).get('opening_float')).toEqual(['10000']);
  });

  it('leaves the count empty in an X report, and the device id beside its name when there is one', () => {
    const x: ShiftReportView = {
      ...zReport('usd', 0),
      kind: 'x',
      counted_cash_cents: null,
      over_short_cents: null,
      shift: {
        ...zReport('usd', 0).shift,
        device_id: 'dev_9',
        status: 'open',
        closed_at: null,
        closed_by: null,
      },
    };
    const csv = text(x, { deviceName: 'Till 2', closedByName: null });
    expect(shiftReportCsv(x, labels).filename).toBe('x-report-shf_1.csv');
    expect(items(csv).get('kind')).toEqual(['x']);
    expect(items(csv).get('counted_cash')).toEqual([]);
    expect(items(csv).get('over_short')).toEqual([]);
    expect(items(csv).get('closed_by')).toEqual([]);
    expect(items(csv).get('device')).toEqual(['Till 2', 'dev_9']);
  });
});
