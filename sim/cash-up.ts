/**
 * The box office's end of the night, judged to the cent. Three witnesses: the simulation's own
 * books (ledger.ts: every till's float, sales, refunds and count as it made them), the server's
 * Z report of each till's shift, and the server's event report. Each Z report must match its
 * till's book; the Z reports plus the web shop's sales must make the event report; the only
 * over/short is the counting mistake the simulation made on purpose.
 */
import type { EveningRecord } from './evening.js';
import type { TillBook } from './ledger.js';
import type { Check } from './reconcile.js';
import type { ShiftReport } from './till.js';

/** One figure as the simulation counted it and as the server reported it (null: it cannot say). */
export interface CashUpRow {
  what: string;
  sim: number;
  /** Per till: the Z report. Event rows: the Z reports added up, plus the web shop's sales. */
  z: number | null;
  /** Event rows only: GET /v2/reports/events/{id}. */
  event?: number;
  /** A count (orders, tickets, refunds) rather than an amount in cents. */
  count?: boolean;
}

const counted = new Set(['orders', 'comp tickets', 'refunds', 'voids', 'comp: orders']);
const isCount = (what: string): boolean => counted.has(what);

/** A till's cash-up as its Z report has it: what the report's "Cash-up" table shows. */
export interface TillFigures {
  till: string;
  seller: string;
  floatCents: number;
  cashCents: number;
  cardCents: number;
  compTickets: number;
  refundsCents: number;
  expectedCents: number;
  countedCents: number | null;
  overShortCents: number | null;
}

export interface CashUpJudgement {
  tills: TillFigures[];
  /** Per till, book vs Z report. */
  tillRows: CashUpRow[];
  /** The event: book vs Z reports + shop vs event report. */
  eventRows: CashUpRow[];
  checks: Check[];
}

const method = (z: ShiftReport, name: string) =>
  z.by_payment_method.find((row) => row.payment_method === name) ?? {
    order_count: 0,
    sales_cents: 0,
    refund_count: 0,
    refunds_cents: 0,
  };

const sumOf = <T>(items: readonly T[], pick: (item: T) => number): number =>
  items.reduce((total, item) => total + pick(item), 0);

function tillRows(name: string, book: TillBook, z: ShiftReport): CashUpRow[] {
  const row = (what: string, sim: number, server: number | null): CashUpRow => ({
    what: `${name}: ${what}`,
    sim,
    z: server,
    count: isCount(what),
  });
  return [
    row('opening float', book.floatCents, z.opening_float_cents),
    row('orders', book.orders, z.order_count),
    row('cash sales', book.sales.cash.cents, z.cash_sales_cents),
    row('card sales', book.sales.card.cents, method(z, 'card').sales_cents),
    row('comp tickets', book.sales.comp.tickets, z.comps.ticket_count),
    row('refunds', book.refunds.cash.count + book.refunds.card.count, z.refunds.count),
    row('cash refunded', book.refunds.cash.cents, z.cash_refunds_cents),
    row('card refunded', book.refunds.card.cents, method(z, 'card').refunds_cents),
    row('voids', book.voids, z.voids.count),
    row('expected cash', book.trueCashCents, z.expected_cash_cents),
    row('counted cash', book.countedCents ?? Number.NaN, z.counted_cash_cents),
    row('over/short', book.mistakeCents, z.over_short_cents),
  ];
}

export function judgeCashUp(
  record: Pick<EveningRecord, 'ledger' | 'config' | 'cashUp' | 'mainEventId'>,
): CashUpJudgement {
  const { ledger, config, cashUp } = record;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string): void => {
    checks.push({ name, ok, detail });
  };
  const closed = cashUp.tills;
  const books = closed.map((c) => ledger.tills.find((b) => b.name === c.till));
  const zs = closed.map((c) => c.z);

  const perTill = closed.flatMap((c, i) => (books[i] ? tillRows(c.till, books[i], c.z) : []));
  const tillsOff = perTill.filter((r) => r.sim !== r.z);
  check(
    "each till's Z report = its own book, to the cent",
    closed.length === config.tills && books.every(Boolean) && tillsOff.length === 0,
    `${closed.length} of ${config.tills} tills closed; ${perTill.length} figures compared` +
      (tillsOff.length
        ? `; differ: ${tillsOff.map((r) => `${r.what} ${r.sim} vs ${r.z}`).join(', ')}`
        : ', all agree'),
  );
  const notKept = closed.filter((c) => c.z.kind !== 'z' || JSON.stringify(c.z) !== JSON.stringify(c.kept));
  check(
    'each Z report kept as it was closed',
    notKept.length === 0,
    `${closed.length - notKept.length} of ${closed.length} read back unchanged from GET /v2/shifts/{id}/report`,
  );

  // The event: every till sale of the evening is the main event's; the shop sold it the rest.
  const online = ledger.online.get(record.mainEventId) ?? { orders: 0, cents: 0 };
  const report = cashUp.eventReport;
  const byMethod = (name: string) => report.payment_methods.find((r) => r.payment_method === name);
  const byChannel = (name: string) => report.channels.find((r) => r.channel === name);
  const b = (pick: (book: TillBook) => number) => sumOf(ledger.tills, pick);
  const z = (pick: (z: ShiftReport) => number) => sumOf(zs, pick);
  const grossZ = z((r) => r.cash_sales_cents + method(r, 'card').sales_cents);
  const row = (
    what: string,
    sim: number,
    zPlusShop: number | null,
    event: number | undefined,
  ): CashUpRow => ({
    what,
    sim,
    z: zPlusShop,
    event: event ?? 0,
    count: isCount(what),
  });
  const eventRows: CashUpRow[] = [
    row(
      'orders',
      b((k) => k.orders) + online.orders,
      z((r) => r.order_count) + online.orders,
      report.totals.orders,
    ),
    row('gross', ledger.grossCentsOf(record.mainEventId), grossZ + online.cents, report.totals.gross_cents),
    row(
      'refunded',
      ledger.refundedCents,
      z((r) => r.refunds.amount_cents),
      report.totals.refunds_cents,
    ),
    row(
      'net',
      ledger.grossCentsOf(record.mainEventId) - ledger.refundedCents,
      grossZ + online.cents - z((r) => r.refunds.amount_cents),
      report.totals.net_cents,
    ),
    row(
      'refunds',
      b((k) => k.refunds.cash.count + k.refunds.card.count),
      z((r) => r.refunds.count),
      report.totals.refunds,
    ),
    row(
      'comp tickets',
      b((k) => k.sales.comp.tickets),
      z((r) => r.comps.ticket_count),
      report.totals.comps,
    ),
    row(
      'cash: gross',
      b((k) => k.sales.cash.cents),
      z((r) => r.cash_sales_cents),
      byMethod('cash')?.gross_cents,
    ),
    row(
      'cash: refunded',
      b((k) => k.refunds.cash.cents),
      z((r) => r.cash_refunds_cents),
      byMethod('cash')?.refunds_cents,
    ),
    row(
      'card: gross',
      b((k) => k.sales.card.cents) + online.cents,
      z((r) => method(r, 'card').sales_cents) + online.cents,
      byMethod('card')?.gross_cents,
    ),
    row(
      'card: refunded',
      b((k) => k.refunds.card.cents),
      z((r) => method(r, 'card').refunds_cents),
      byMethod('card')?.refunds_cents,
    ),
    row(
      'comp: orders',
      b((k) => k.sales.comp.orders),
      z((r) => r.comps.order_count),
      byMethod('comp')?.orders,
    ),
    row(
      'till channel: gross',
      b((k) => k.salesCents),
      grossZ,
      byChannel('till')?.gross_cents,
    ),
    // A Z report counts refunds where they were made, not where the order was sold: only the
    // simulation and the event report can split them by channel.
    row('till channel: refunded', ledger.refundedByChannel.till, null, byChannel('till')?.refunds_cents),
    row('api channel (web shop): gross', online.cents, online.cents, byChannel('api')?.gross_cents),
    row(
      'api channel (web shop): refunded',
      ledger.refundedByChannel.api,
      null,
      byChannel('api')?.refunds_cents,
    ),
  ];
  const eventOff = eventRows.filter((r) => r.event !== r.sim || (r.z !== null && r.z !== r.sim));
  check(
    'event report = Z reports + web shop = simulation ledger, to the cent',
    eventOff.length === 0 && report.totals.refunds_cents === b((k) => k.refundsCents),
    eventOff.length
      ? `differ: ${eventOff.map((r) => `${r.what} sim ${r.sim}, Z+shop ${r.z ?? '–'}, event ${r.event}`).join('; ')}`
      : `${eventRows.length} figures agree (net ${report.totals.net_cents} cents)`,
  );

  const overShort = closed.map((c) => c.z.over_short_cents ?? Number.NaN);
  check(
    'over/short = the simulated counting mistake, exactly',
    sumOf(overShort, (v) => v) === -config.drawerShortCents &&
      closed.every((c, i) => c.z.over_short_cents === books[i]?.mistakeCents),
    closed.map((c, i) => `${c.till} ${overShort[i]} (mistake ${books[i]?.mistakeCents ?? '?'})`).join(', ') +
      ` cents; the evening's mistake: ${-config.drawerShortCents}`,
  );
  check(
    "a seller's void refused insufficient_role, then made by the manager",
    ledger.sellerVoidAttempts > 0 && ledger.roleRefusals === ledger.sellerVoidAttempts,
    `${ledger.roleRefusals} of ${ledger.sellerVoidAttempts} attempts by a seller refused`,
  );

  const tills: TillFigures[] = closed.map((c) => ({
    till: c.till,
    seller: c.seller,
    floatCents: c.z.opening_float_cents,
    cashCents: c.z.cash_sales_cents,
    cardCents: method(c.z, 'card').sales_cents,
    compTickets: c.z.comps.ticket_count,
    refundsCents: c.z.refunds.amount_cents,
    expectedCents: c.z.expected_cash_cents,
    countedCents: c.z.counted_cash_cents,
    overShortCents: c.z.over_short_cents,
  }));
  return { tills, tillRows: perTill, eventRows, checks };
}
