import { businessDay, venueDateTime } from '../../../shared/business-day.js';
import type { EventView, ShiftReport } from '../api/types.js';
import type { Breakdown, Figure } from './report-figures.js';
import { signedMoney } from './blind-count.js';
import { formatMoney } from './money.js';
import { paymentWords } from './payment-words.js';
import { formatEventTime, tillTimeZone } from './zoned-time.js';
import { countOf, formatCount } from './count.js';

export interface ShiftReportParts {
  shiftId: string;
  kind: 'X' | 'Z';
  currency: string;
  /**
   * "19:02 – 23:40" on the venue's clock, or "Sat, 24 Dec, 19:02 – Sun, 25 Dec, 02:10" for a
   * shift closed on another day (to "now" for an X report), each time with the zone's short name
   * when the till's clock is another. See shiftPeriodWords.
   */
  period: string;
  /** "Business day Sat, 24 Dec 2026": the night the shift counts for, the venue's day it opened. */
  businessDay: string;
  figures: Figure[];
  breakdowns: Breakdown[];
}

type TierTotal = ShiftReport['by_tier'][number];

/** What a tier row says of its event, from the events the till has loaded. */
export type ReportEvent = Pick<EventView, 'title' | 'status'>;
/** The event of a tier row; undefined when the till cannot name it (not loaded, deleted). */
export type ReportEventOf = (eventId: string) => ReportEvent | undefined;

/** True when the shift sold for more than one event: its tier rows then say whose tier. */
export function spansEvents(report: Pick<ShiftReport, 'by_tier'>): boolean {
  return new Set(report.by_tier.map((t) => t.event_id)).size > 1;
}

/**
 * A tier row's name: the tier's, and the event's title too when the shift sold for several
 * events ("General admission · Late Night Jazz"), as two events' "General admission" would
 * otherwise read as one tier twice. An event the till cannot name (not loaded, deleted) is
 * given by its id. A cancelled event is named and said to be, even when it is the only one
 * ("General admission · Late Night Jazz (cancelled)"): its money is to be refunded, and a manager
 * cashing up should not take those sales for the night's.
 */
export function tierRowLabel(
  tier: Pick<TierTotal, 'tier_name' | 'event_id'>,
  severalEvents: boolean,
  eventOf: ReportEventOf,
): string {
  const event = eventOf(tier.event_id);
  const cancelled = event?.status === 'cancelled';
  if (!severalEvents && !cancelled) return tier.tier_name;
  return `${tier.tier_name} · ${event?.title ?? tier.event_id}${cancelled ? ' (cancelled)' : ''}`;
}

/** The clocks a shift is read against: the venue's (Settings › Venue) and this till's. */
export interface ShiftClocks {
  venue: string;
  till?: string;
}

/**
 * When the shift ran, on the venue's clock, as the CSV has it: a shift opened 18:00 and closed
 * 02:00 belongs to the evening's day. Never the zone of the events it sold for: a touring show's
 * zone must not move a night's Z report to another day from the one Takings counts it on.
 */
function shiftTimes(
  report: ShiftReport,
  clocks: ShiftClocks,
): Pick<ShiftReportParts, 'period' | 'businessDay'> {
  const { opened_at, closed_at } = report.shift;
  return {
    period: shiftPeriodWords(opened_at, closed_at, clocks),
    businessDay: businessDayWords(opened_at, clocks.venue),
  };
}

/**
 * When a shift ran, read after its business day ("Business day Wed, 2 Dec 2026 · 15:13 – 15:31"):
 * the times alone when it closed on the day it opened, as that day is the business day already
 * said; both days when it closed on another ("Wed, 2 Dec, 18:00 – Thu, 3 Dec, 01:10"), so a
 * night past midnight is not read as closing before it opened. To "now" while still open.
 */
export function shiftPeriodWords(openedAt: string, closedAt: string | null, clocks: ShiftClocks): string {
  const zone = clocks.venue;
  const time = (iso: string) => formatEventTime(iso, zone, clocks.till, 'time');
  if (!closedAt) return `${time(openedAt)} – now`;
  const openedDay = businessDay(openedAt, zone);
  const closedDay = venueDateTime(closedAt, zone).slice(0, 10);
  if (openedDay === closedDay) return `${time(openedAt)} – ${time(closedAt)}`;
  return `${dayWords(openedDay)}, ${time(openedAt)} – ${dayWords(closedDay)}, ${time(closedAt)}`;
}

/** "Wed, 2 Dec" for the calendar day "2026-12-02". */
function dayWords(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const weekday = noon.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const date = noon.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${weekday}, ${date}`;
}

/** "Business day Sat, 27 Mar 2027": the venue's day a shift opened on, in `zone`. */
export function businessDayWords(openedAt: string, zone: string): string {
  const day = new Date(`${businessDay(openedAt, zone)}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Business day ${day}`;
}

/**
 * A shift report as the screen and the receipt printer lay it out. The expected cash is in the Z
 * report only: an X report taken just before the count would make the blind count pointless.
 * `eventOf` names the events of the tier rows when the shift sold for more than one, and says
 * which were cancelled.
 */
export function shiftReportParts(
  report: ShiftReport,
  fallbackCurrency = 'usd',
  eventOf: ReportEventOf = () => undefined,
  clocks: ShiftClocks = { venue: tillTimeZone() },
): ShiftReportParts {
  const severalEvents = spansEvents(report);
  const currency = report.currency ?? fallbackCurrency;
  const money = (cents: number) => formatMoney(cents, currency);
  const { shift } = report;
  const z = report.kind === 'z';
  const drawer: Figure[] = [
    { label: 'Float', value: money(report.opening_float_cents) },
    { label: 'Cash sales', value: money(report.cash_sales_cents) },
    // The drawer's figure is by how money went back (a card order refunded in cash is in it); the
    // table below is by how each order was paid, so the two may differ, and their names say which.
    { label: 'Cash refunded from the drawer', value: money(report.cash_refunds_cents) },
  ];
  if (z) {
    const overShort = report.over_short_cents ?? 0;
    drawer.push(
      { label: 'Expected cash', value: money(report.expected_cash_cents) },
      { label: 'Counted cash', value: money(report.counted_cash_cents ?? 0) },
      {
        label: 'Over/short',
        value: signedMoney(overShort, currency),
        tone: overShort < 0 ? 'over-short-short' : overShort > 0 ? 'over-short-over' : undefined,
      },
    );
  }
  return {
    shiftId: shift.id,
    kind: z ? 'Z' : 'X',
    currency,
    ...shiftTimes(report, clocks),
    figures: [
      ...drawer,
      { label: 'Orders', value: formatCount(report.order_count) },
      {
        label: 'Refunds',
        value: `${formatCount(report.refunds.count)} · ${money(report.refunds.amount_cents)}`,
      },
      { label: 'Voids', value: `${formatCount(report.voids.count)} · ${money(report.voids.amount_cents)}` },
      // A till that sold events in two currencies: the other one's refunds and voids apart, in
      // its own money, never added to the drawer's.
      ...(report.other_currencies ?? []).flatMap((other) => {
        const code = other.currency.toUpperCase();
        const theirs = (cents: number) => formatMoney(cents, other.currency);
        return [
          {
            label: `Refunds (${code})`,
            value: `${formatCount(other.refunds.count)} · ${theirs(other.refunds.amount_cents)}`,
          },
          {
            label: `Voids (${code})`,
            value: `${formatCount(other.voids.count)} · ${theirs(other.voids.amount_cents)}`,
          },
        ];
      }),
      {
        label: 'Comps',
        value: `${countOf(report.comps.ticket_count, 'ticket')} in ${countOf(report.comps.order_count, 'order')}`,
      },
    ],
    breakdowns: [
      {
        title: 'By how the order was paid',
        columns: ['Method', 'Orders', 'Sales', 'Refunds on these orders', 'Net'],
        rows: report.by_payment_method.map((m) => [
          paymentWords(m.payment_method),
          formatCount(m.order_count),
          formatMoney(m.sales_cents, m.currency),
          formatMoney(m.refunds_cents, m.currency),
          formatMoney(m.net_cents, m.currency),
        ]),
      },
      {
        title: 'By tier',
        columns: ['Tier', 'Tickets', 'Comps', 'Sales'],
        rows: report.by_tier.map((t) => [
          tierRowLabel(t, severalEvents, eventOf),
          formatCount(t.tickets),
          formatCount(t.comp_tickets),
          formatMoney(t.sales_cents, t.currency),
        ]),
      },
    ],
  };
}
