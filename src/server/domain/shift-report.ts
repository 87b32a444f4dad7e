import { paymentMethods } from '../schemas/orders.js';
import type { ShiftReportView, ShiftView } from '../schemas/shifts.js';
import type {
  CountAmountRow,
  CurrencyCountAmountRow,
  MethodTotalRow,
  RefundTotalRow,
  ShiftReportRepo,
} from '../store/shift-report-repo.js';
import { toIso } from '../time.js';

/** The count (if any) that turns an X report into a Z report. */
export interface ReportCount {
  countedCashCents: number;
}

/** The count and amount of the rows `keep` picks. */
function sumOf<Row extends CountAmountRow>(
  rows: readonly Row[],
  keep: (row: Row) => boolean,
): CountAmountRow {
  const total = { count: 0, amount_cents: 0 };
  for (const row of rows) {
    if (!keep(row)) continue;
    total.count += row.count;
    total.amount_cents += row.amount_cents;
  }
  return total;
}

/** One line per payment method and currency with sales or refunds, cash first. */
function byPaymentMethod(sales: readonly MethodTotalRow[], refunds: readonly MethodTotalRow[]) {
  const keys = [...sales, ...refunds]
    .map((row) => `${paymentMethods.indexOf(row.payment_method)}\n${row.payment_method}\n${row.currency}`)
    .filter((key, i, all) => all.indexOf(key) === i)
    .sort();
  return keys.map((key) => {
    const [, method = '', currency = ''] = key.split('\n');
    const same = (row: MethodTotalRow) => row.payment_method === method && row.currency === currency;
    const sold = sumOf(sales, same);
    const back = sumOf(refunds, same);
    return {
      payment_method: method as MethodTotalRow['payment_method'],
      currency,
      order_count: sold.count,
      sales_cents: sold.amount_cents,
      refund_count: back.count,
      refunds_cents: back.amount_cents,
      net_cents: sold.amount_cents - back.amount_cents,
    };
  });
}

const countAmount = (rows: readonly CurrencyCountAmountRow[], currency: string) =>
  sumOf(rows, (row) => row.currency === currency);

/**
 * Refunds and voids by currency: the drawer's currency first (the report's `refunds` and
 * `voids`), then each other one apart, since cents of two currencies added make no amount.
 */
function refundsAndVoids(
  refunds: readonly RefundTotalRow[],
  voids: readonly CurrencyCountAmountRow[],
  currency: string | null,
) {
  const currencies = [...refunds, ...voids]
    .map((row) => row.currency)
    .filter((code, i, all) => all.indexOf(code) === i);
  // A shift with no money of its own (no float, sale or refund) has no currency, and the screen and
  // the CSV word `refunds` and `voids` in the till's: a void of an earlier sale goes apart, by its
  // currency, or a €10.00 ticket read as $10.00.
  const drawer = currency;
  const of = (code: string | null) => ({
    refunds: code === null ? { count: 0, amount_cents: 0 } : countAmount(refunds, code),
    voids: code === null ? { count: 0, amount_cents: 0 } : countAmount(voids, code),
  });
  return {
    ...of(drawer),
    other_currencies: currencies
      .filter((code) => code !== drawer)
      .sort()
      .map((code) => ({ currency: code, ...of(code) })),
  };
}

/**
 * A shift's report from the store as it is now: read in the closing transaction for a Z report,
 * so nothing sold or refunded after the close's commit can be in it, nor anything before missing.
 */
export function shiftReport(
  repo: ShiftReportRepo,
  shift: ShiftView,
  generatedAt: number,
  count: ReportCount | null,
): ShiftReportView {
  const sales = repo.sales(shift.id);
  const refunds = repo.refunds(shift.id);
  const currency = repo.currency(shift.id);
  const cashIn = (row: MethodTotalRow) => row.payment_method === 'cash' && row.currency === currency;
  // What left the drawer: refunds paid back in cash, whatever the order was paid with.
  const cashSales = sumOf(sales, cashIn).amount_cents;
  const cashRefunds = refunds
    .filter((row) => row.currency === currency)
    .reduce((sum, row) => sum + row.cash_out_cents, 0);
  const expected = shift.opening_float_cents + cashSales - cashRefunds;
  const comps = sumOf(sales, (row) => row.payment_method === 'comp');
  const tiers = repo.tiers(shift.id);
  return {
    kind: count ? 'z' : 'x',
    shift,
    generated_at: toIso(generatedAt),
    currency,
    opening_float_cents: shift.opening_float_cents,
    cash_sales_cents: cashSales,
    cash_refunds_cents: cashRefunds,
    expected_cash_cents: expected,
    counted_cash_cents: count ? count.countedCashCents : null,
    over_short_cents: count ? count.countedCashCents - expected : null,
    order_count: sumOf(sales, () => true).count,
    by_payment_method: byPaymentMethod(sales, refunds),
    by_tier: tiers.map((row) => ({
      tier_id: row.tier_id,
      tier_name: row.tier_name ?? row.tier_id,
      event_id: row.event_id,
      currency: row.currency,
      tickets: row.tickets,
      comp_tickets: row.comp_tickets,
      sales_cents: row.amount_cents,
    })),
    ...refundsAndVoids(refunds, repo.voids(shift.id), currency),
    comps: {
      order_count: comps.count,
      ticket_count: tiers.reduce((n, row) => n + row.comp_tickets, 0),
    },
  };
}
