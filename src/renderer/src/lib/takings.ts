import { wallDateTime } from '../../../shared/zone-clock.js';
import type { SalesReport } from '../api/types.js';
import { formatCount } from './count.js';
import { formatMoney } from './money.js';
import type { Breakdown, Figure } from './report-figures.js';
import { wallTimeToIso } from './zoned-time.js';

export const takingsPeriods = [
  { id: 'this_month', label: 'This month', from: 0, to: 1 },
  { id: 'last_month', label: 'Last month', from: -1, to: 0 },
  { id: 'last_3_months', label: 'Last 3 months', from: -2, to: 1 },
  { id: 'last_12_months', label: 'Last 12 months', from: -11, to: 1 },
] as const;
export type TakingsPeriod = (typeof takingsPeriods)[number]['id'];

/** The month `now` falls in on the zone's calendar, as [year, month 1–12]. */
function monthOf(now: number, zone: string): [number, number] {
  const [year, month] = wallDateTime(now, zone).split('-').map(Number) as [number, number];
  return [year, month];
}

/** Midnight on the first of a month in the zone (01:00 where the clocks skip that midnight). */
function monthStart(year: number, month: number, zone: string): string {
  const date = new Date(Date.UTC(year, month - 1, 1));
  const day = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
  const reading = wallTimeToIso(`${day}T00:00`, zone);
  if ('iso' in reading) return reading.iso;
  const later = wallTimeToIso(`${day}T01:00`, zone);
  return 'iso' in later ? later.iso : `${day}T00:00:00Z`;
}

/** The period's `from` and `to` for GET /v2/reports/sales: whole months on the zone's calendar. */
export function periodRange(period: TakingsPeriod, now: number, zone: string): { from: string; to: string } {
  const [year, month] = monthOf(now, zone);
  const chosen = takingsPeriods.find((p) => p.id === period) ?? takingsPeriods[0];
  return { from: monthStart(year, month + chosen.from, zone), to: monthStart(year, month + chosen.to, zone) };
}

const monthName = (key: string) => {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** The totals (one per currency), then the months and the events as tables. */
export function takingsParts(report: SalesReport): { figures: Figure[]; tables: Breakdown[] } {
  const money = (cents: number, currency: string) => formatMoney(cents, currency);
  const figures = report.totals.flatMap((t) => [
    { label: `Taken (${t.currency.toUpperCase()})`, value: money(t.gross_cents, t.currency) },
    { label: `Refunded (${t.currency.toUpperCase()})`, value: money(t.refunds_cents, t.currency) },
    { label: `Net (${t.currency.toUpperCase()})`, value: money(t.net_cents, t.currency) },
    { label: `Orders (${t.currency.toUpperCase()})`, value: formatCount(t.orders) },
  ]);
  const sums = (r: Omit<SalesReport['months'][number], 'month'>) => [
    formatCount(r.orders),
    money(r.gross_cents, r.currency),
    money(r.refunds_cents, r.currency),
    money(r.net_cents, r.currency),
  ];
  const doors = (iso: string) =>
    new Date(iso).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: report.timezone,
    });
  return {
    figures,
    tables: [
      {
        title: 'By month',
        columns: ['Month', 'Orders', 'Taken', 'Refunded', 'Net'],
        rows: report.months.map((m) => [monthName(m.month), ...sums(m)]),
      },
      {
        title: 'By event',
        columns: ['Event', 'Doors', 'Orders', 'Taken', 'Refunded', 'Net'],
        rows: report.events.map((e) => [
          e.status === 'cancelled' ? `${e.title} (cancelled)` : e.title,
          doors(e.doors_at),
          ...sums(e),
        ]),
      },
    ],
  };
}
