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
  };
}

/**
 * Cash taken or paid back with no till shift open (the admin's refunds, a cancelled event's bulk refund)
 * is in no drawer's Z report: said here, where the manager reads the night's refunds, so a drawer
 * that paid it out is not simply short. Nothing is shown when there was none.
 */
function outsideShifts(report: EventReport): Figure[] {
  const outside = report.refunds_outside_shifts;
  // Cash taken with no shift open (a till before opening or after closing its shift): in the
  // event's cash, in no drawer's count, so a drawer holding it is not simply over. Reports made
  // before this field existed (a server not yet updated) have none.
  const taken = report.sales_outside_shifts;
  return [
    ...(taken && taken.cash_orders !== 0
      ? [
          {
            label: 'Cash taken outside any till shift',
            value: `${formatMoney(taken.cash_cents, report.currency)} (${formatCount(taken.cash_orders)}) · in no Z report`,
            tone: 'over-short-over',
          },
        ]
      : []),
    ...(outside.cash_refunds === 0
      ? []
      : [
          {
            label: 'Cash refunded outside any till shift',
            value: `${formatMoney(outside.cash_cents, report.currency)} (${formatCount(outside.cash_refunds)}) · in no Z report`,
            tone: 'over-short-over',
          },
        ]),
  ];
}
