import { businessDay, venueDateTime } from '../../shared/business-day.js';
import { minorUnitDigits } from '../../shared/currencies.js';
import { minorToDecimal } from '../../shared/money.js';
import type { ShiftReportView } from '../schemas/shifts.js';
import { csvCell, type CsvCell } from './csv-text.js';
import type { CsvExport } from './exports.js';

/** What the report's ids stand for, read beside it (store/shift-report-repo.ts `labels`). */
export interface ShiftLabels {
  tillName: string | null;
  deviceName: string | null;
  openedByName: string | null;
  closedByName: string | null;
  /** The drawer's currency when the report has none (a shift that sold nothing): its audit rows'. */
  fallbackCurrency: string | null;
  /**
   * The title and status of each event the tier lines sold for, as they are when the file is
   * made (not kept in the Z report): a manager reads which show a line is, and that it was
   * cancelled since. An event missing here leaves both cells empty; its id still says which.
   */
  events: ReadonlyMap<string, ShiftEventLabel>;
  /** The venue's zone (shared/business-day.ts `venueTimeZone`): the business day and local times. */
  timeZone: string;
}

export interface ShiftEventLabel {
  title: string;
  /** As the events table has it: draft, published or cancelled. */
  status: string;
}

const tierHeader = [
  'tier',
  'tier_id',
  'event_id',
  'event',
  'event_status',
  'currency',
  'tickets',
  'comp_tickets',
  'sales',
] as const;

/** Every record is this wide: the widest section's header (RFC 4180 wants one width per file). */
const width = tierHeader.length;

/**
 * An amount in the currency's major unit, the form a spreadsheet sums ("25.00", "2500" jpy).
 * Written as it is, not through csvCell: it is our own number, and a short drawer's "-5.00" must
 * stay a number, not become the text "'-5.00" that csvCell makes of a would-be formula.
 */
type Amount = { readonly decimal: string };

const amountIn =
  (currency: string | null) =>
  (minor: number | null): Amount | null =>
    minor === null ? null : { decimal: minorToDecimal(minor, currency ? minorUnitDigits(currency) : 2) };

/** One record, padded to the file's width, CRLF-terminated as csv-text.ts writes them. */
function record(cells: readonly (CsvCell | Amount)[]): string {
  const padded = [...cells, ...Array<null>(width - cells.length).fill(null)];
  const texts = padded.map((cell) =>
    cell !== null && typeof cell === 'object' ? cell.decimal : csvCell(cell),
  );
  return `${texts.join(',')}\r\n`;
}

/**
 * A shift's X or Z report as one CSV a spreadsheet opens (docs/api.md "Shift report as CSV"):
 * three sections one under the other, each with its own header row, a blank record between —
 * the shift and its drawer as `item,value,id` lines (its times also on the venue's clock, with
 * the business day), then the totals by payment method, then by
 * tier, each line with its event's title and status as they are now. Money is in major units
 * of each line's currency; counts are plain integers.
 */
export function shiftReportCsv(report: ShiftReportView, labels: ShiftLabels): CsvExport<Iterable<string>> {
  const { shift } = report;
  const currency = report.currency ?? labels.fallbackCurrency;
  const drawer = amountIn(currency);
  const lines: (CsvCell | Amount)[][] = [
    ['kind', report.kind],
    ['shift_id', shift.id],
    ['status', shift.status],
    ['till', labels.tillName, shift.api_key_id],
    ['device', labels.deviceName, shift.device_id],
    ['opened_by', labels.openedByName, shift.opened_by],
    ['opened_at', shift.opened_at],
    ['closed_by', labels.closedByName, shift.closed_by],
    ['closed_at', shift.closed_at],
    ['generated_at', report.generated_at],
    // The same times on the venue's clock, and the night they count for: a shift closed at 02:00
    // is the evening before's, and a spreadsheet should not have to know the venue's UTC offset.
    ['time_zone', labels.timeZone],
    ['business_day', businessDay(shift.opened_at, labels.timeZone)],
    ['opened_at_local', venueDateTime(shift.opened_at, labels.timeZone)],
    ['closed_at_local', shift.closed_at === null ? null : venueDateTime(shift.closed_at, labels.timeZone)],
    ['currency', currency],
    ['opening_float', drawer(report.opening_float_cents)],
    ['cash_sales', drawer(report.cash_sales_cents)],
    ['cash_refunds', drawer(report.cash_refunds_cents)],
    ['expected_cash', drawer(report.expected_cash_cents)],
    ['counted_cash', drawer(report.counted_cash_cents)],
    ['over_short', drawer(report.over_short_cents)],
    ['order_count', report.order_count],
    ['refund_count', report.refunds.count],
    ['refunds', drawer(report.refunds.amount_cents)],
    ['void_count', report.voids.count],
    ['voids', drawer(report.voids.amount_cents)],
    // Another currency's refunds and voids (a till selling events in two) in their own lines,
    // named by the currency, never added to the drawer's.
    ...(report.other_currencies ?? []).flatMap((other) => [
      [`refund_count_${other.currency}`, other.refunds.count],
      [`refunds_${other.currency}`, amountIn(other.currency)(other.refunds.amount_cents)],
      [`void_count_${other.currency}`, other.voids.count],
      [`voids_${other.currency}`, amountIn(other.currency)(other.voids.amount_cents)],
    ]),
    ['comp_orders', report.comps.order_count],
    ['comp_tickets', report.comps.ticket_count],
    // Sales settled after the close (a lost answer), apart from the figures it was counted against.
    ...(report.late_sales
      ? [
          ['late_sale_count', report.late_sales.order_count],
          ['late_cash_sale_count', report.late_sales.cash_order_count],
          ['late_cash_sales', drawer(report.late_sales.cash_cents)],
        ]
      : []),
    [],
    ['payment_method', 'currency', 'order_count', 'sales', 'refund_count', 'refunds', 'net'],
    ...report.by_payment_method.map((m) => {
      const money = amountIn(m.currency);
      return [
        m.payment_method,
        m.currency,
        m.order_count,
        money(m.sales_cents),
        m.refund_count,
        money(m.refunds_cents),
        money(m.net_cents),
      ];
    }),
    [],
    [...tierHeader],
    ...report.by_tier.map((t) => [
      t.tier_name,
      t.tier_id,
      t.event_id,
      labels.events.get(t.event_id)?.title ?? null,
      labels.events.get(t.event_id)?.status ?? null,
      t.currency,
      t.tickets,
      t.comp_tickets,
      amountIn(t.currency)(t.sales_cents),
    ]),
  ];
  return {
    filename: `${report.kind}-report-${shift.id}.csv`,
    header: ['item', 'value', 'id', ...Array<string>(width - 3).fill('')],
    chunks: [lines.map(record).join('')],
  };
}
