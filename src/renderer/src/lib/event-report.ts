import type { EventReport } from '../api/types.js';
import type { Breakdown, Figure } from './report-figures.js';
import { formatCount } from './count.js';
import { formatMoney } from './money.js';
import { paymentWords } from './payment-words.js';
import type { SalesBucket } from './sales-chart.js';

const channelWords: Record<string, string> = { till: 'Till', kiosk: 'Kiosk', api: 'Online / API' };

export interface EventReportParts {
  currency: string;
  figures: Figure[];
  breakdowns: Breakdown[];
  series: SalesBucket[];
  /** How many minutes each of the series' buckets spans, from its start. */
  bucketMinutes: number;
}

/** The event report as the Reports screen lays it out: headline figures, then the breakdowns. */
export function eventReportParts(report: EventReport): EventReportParts {
  const money = (cents: number) => formatMoney(cents, report.currency);
  const { totals, admissions } = report;
  // Out of the tickets that can still get in: a voided one never will ("0 of 15" with 5 voided
  // read as 15 guests to wait for, beside "Not yet arrived 10").
  const valid = totals.sold + totals.comps - totals.voided;
  const moneyRow = (
    name: string,
    orders: number,
    r: { gross_cents: number; refunds_cents: number; net_cents: number },
  ) => [name, formatCount(orders), money(r.gross_cents), money(r.refunds_cents), money(r.net_cents)] as const;
  return {
    currency: report.currency,
    figures: [
      { label: 'Net', value: money(totals.net_cents) },
      { label: 'Gross', value: money(totals.gross_cents) },
      { label: 'Refunds', value: `${money(totals.refunds_cents)} (${formatCount(totals.refunds)})` },
      ...outsideShifts(report),
      { label: 'Tickets sold', value: formatCount(totals.sold) },
      { label: 'Comps', value: formatCount(totals.comps) },
      { label: 'Voided', value: formatCount(totals.voided) },
      { label: 'Admitted', value: `${formatCount(admissions.admitted)} of ${formatCount(valid)}` },
      { label: 'Inside now', value: formatCount(admissions.inside_now) },
      { label: 'Not yet arrived', value: formatCount(admissions.not_yet_arrived) },
    ],
    breakdowns: [
      {
        title: 'By tier',
        columns: ['Tier', 'Sold', 'Comps', 'Voided', 'Gross', 'Refunds', 'Net'],
        rows: report.tiers.map((t) => [
          t.name,
          formatCount(t.sold),
          formatCount(t.comps),
          formatCount(t.voided),
          money(t.gross_cents),
          money(t.refunds_cents),
          money(t.net_cents),
        ]),
      },
      {
        title: 'By payment method',
        columns: ['Method', 'Orders', 'Gross', 'Refunds', 'Net'],
        rows: report.payment_methods.map((m) => moneyRow(paymentWords(m.payment_method), m.orders, m)),
      },
      {
        title: 'By channel',
        columns: ['Channel', 'Orders', 'Gross', 'Refunds', 'Net'],
        rows: report.channels.map((c) => moneyRow(channelWords[c.channel] ?? c.channel, c.orders, c)),
      },
    ],
    series: report.sales_over_time.buckets.map((b) => ({ at: b.start, cents: b.gross_cents })),
    bucketMinutes: report.sales_over_time.interval_minutes,
  };
}

/**
 * Cash taken or paid back with no till shift open (a till before opening or after closing its
 * shift, the admin's refunds, a cancelled event's bulk refund) is in no drawer's Z report: said
 * here, where the manager reads the night's money, so a drawer that took or paid it out is not
 * simply over or short. Nothing is shown when there was none; reports made before
 * `sales_outside_shifts` existed (a server not yet updated) have no taken line.
 */
function outsideShifts(report: EventReport): Figure[] {
  const line = (label: string, count: number, cents: number): Figure[] =>
    count === 0
      ? []
      : [
          {
            label,
            value: `${formatMoney(cents, report.currency)} (${formatCount(count)}) · in no Z report`,
            tone: 'over-short-over',
          },
        ];
  const taken = report.sales_outside_shifts;
  const refunded = report.refunds_outside_shifts;
  return [
    ...line('Cash taken outside any till shift', taken?.cash_orders ?? 0, taken?.cash_cents ?? 0),
    ...line('Cash refunded outside any till shift', refunded.cash_refunds, refunded.cash_cents),
  ];
}
