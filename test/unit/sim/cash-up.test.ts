/**
 * The cash-up judge on a hand-made night: it passes only when every Z report matches its till's
 * book, the Z reports plus the web shop make the event report and the over/short is exactly the
 * mistake made — one cent off anywhere, or a seller's void let through, fails the run.
 */
import { describe, expect, it } from 'vitest';
import { judgeCashUp } from '../../../sim/cash-up.js';
import { ciDay } from '../../../sim/config.js';
import type { EventReport, TillCashUp } from '../../../sim/evening.js';
import { Ledger, TillBook } from '../../../sim/ledger.js';
import type { ShiftReport } from '../../../sim/till.js';

const config = { ...ciDay, tills: 2, drawerShortCents: 500 };
const mainEventId = 'evt_main';

/** Till 1: float 200, cash 60 + card 30 sold, a card ticket (25) and a cash ticket (30) refunded. Till 2: float 200, cash 30, a comp. */
function night() {
  const ledger = new Ledger();
  const [one, two] = [new TillBook('Till 1'), new TillBook('Till 2')];
  ledger.tills.push(one, two);
  const order = (cents: number, tickets = 1) => ({
    event_id: mainEventId,
    total_cents: cents,
    tickets: Array.from({ length: tickets }, () => ({})),
  });
  const sell = (book: TillBook, paidBy: 'cash' | 'card' | 'comp', cents: number, tickets = 1) => {
    ledger.sold(order(cents, tickets));
    book.sold(paidBy, order(cents, tickets));
  };
  one.floatCents = 20_000;
  two.floatCents = 20_000;
  sell(one, 'cash', 6_000, 2);
  sell(one, 'card', 3_000);
  sell(two, 'cash', 3_000);
  sell(two, 'comp', 0);
  // The web shop's card sale, and its refund at till 1.
  ledger.sold(order(2_500));
  ledger.soldOnline(mainEventId, order(2_500));
  ledger.voided(2_500, 'api');
  one.refunded('card', 2_500);
  ledger.voided(3_000, 'till');
  one.refunded('cash', 3_000);
  ledger.sellerVoidAttempts = 1;
  ledger.roleRefusals = 1;
  one.countedCents = one.trueCashCents;
  two.mistakeCents = -500;
  two.countedCents = two.trueCashCents - 500;

  const z = (book: TillBook, id: string, over: number, comps: number): ShiftReport => ({
    kind: 'z',
    shift: { id, opened_by: 'stf_seller', closed_by: 'stf_seller' },
    opening_float_cents: book.floatCents,
    cash_sales_cents: book.sales.cash.cents,
    cash_refunds_cents: book.refunds.cash.cents,
    expected_cash_cents: book.trueCashCents,
    counted_cash_cents: book.countedCents,
    over_short_cents: over,
    order_count: book.orders,
    by_payment_method: (['cash', 'card'] as const).map((method) => ({
      payment_method: method,
      order_count: book.sales[method].orders,
      sales_cents: book.sales[method].cents,
      refund_count: book.refunds[method].count,
      refunds_cents: book.refunds[method].cents,
    })),
    refunds: { count: book.refunds.cash.count + book.refunds.card.count, amount_cents: book.refundsCents },
    voids: { count: book.voids, amount_cents: book.refundsCents },
    comps: { order_count: comps, ticket_count: comps },
  });
  const tills: TillCashUp[] = [
    {
      till: 'Till 1',
      seller: 'Sam',
      shiftId: 'shf_1',
      z: z(one, 'shf_1', 0, 0),
      kept: z(one, 'shf_1', 0, 0),
    },
    {
      till: 'Till 2',
      seller: 'Sasha',
      shiftId: 'shf_2',
      z: z(two, 'shf_2', -500, 1),
      kept: z(two, 'shf_2', -500, 1),
    },
  ];
  const group = (orders: number, gross: number, refunds: number) => ({
    orders,
    gross_cents: gross,
    refunds_cents: refunds,
    net_cents: gross - refunds,
  });
  const eventReport: EventReport = {
    totals: { ...group(5, 14_500, 5_500), comps: 1, refunds: 2, sold: 5 },
    payment_methods: [
      { payment_method: 'cash', ...group(2, 9_000, 3_000) },
      { payment_method: 'card', ...group(2, 5_500, 2_500) },
      { payment_method: 'comp', ...group(1, 0, 0) },
    ],
    channels: [
      { channel: 'till', ...group(4, 12_000, 3_000) },
      { channel: 'api', ...group(1, 2_500, 2_500) },
    ],
  };
  const record = {
    ledger,
    config,
    mainEventId,
    cashUp: { staff: [], tills, eventReport },
  };
  return { record, tills, eventReport, ledger };
}

const failed = (record: Parameters<typeof judgeCashUp>[0]) =>
  judgeCashUp(record)
    .checks.filter((c) => !c.ok)
    .map((c) => c.name);

describe('cash-up judge', () => {
  it('passes a night where books, Z reports and the event report agree to the cent', () => {
    const { record } = night();
    const judged = judgeCashUp(record);
    expect(judged.checks.filter((c) => !c.ok)).toEqual([]);
    expect(judged.tills.map((t) => [t.till, t.expectedCents, t.countedCents, t.overShortCents])).toEqual([
      ['Till 1', 20_000 + 6_000 - 3_000, 23_000, 0],
      ['Till 2', 23_000, 22_500, -500],
    ]);
  });

  it("fails when a Z report's card takings are a cent off the till's book", () => {
    const { record, tills } = night();
    tills[0]!.z.by_payment_method[1]!.sales_cents += 1;
    tills[0]!.kept = tills[0]!.z;
    const judged = judgeCashUp(record);
    expect(failed(record)).toContain("each till's Z report = its own book, to the cent");
    expect(judged.checks[0]!.detail).toContain('Till 1: card sales 3000 vs 3001');
  });

  it('fails when the event report is a cent off the Z reports and the web shop', () => {
    const { record, eventReport } = night();
    eventReport.channels[1]!.refunds_cents -= 1;
    expect(failed(record)).toEqual(['event report = Z reports + web shop = simulation ledger, to the cent']);
  });

  it('fails when the over/short is not the mistake made, or a kept Z report changed', () => {
    const { record, tills } = night();
    tills[1]!.kept = { ...tills[1]!.z, counted_cash_cents: 23_000 };
    tills[1]!.z.over_short_cents = 0;
    expect(failed(record)).toEqual(
      expect.arrayContaining([
        'each Z report kept as it was closed',
        'over/short = the simulated counting mistake, exactly',
      ]),
    );
  });

  it("fails when a seller's void was not refused", () => {
    const { record, ledger } = night();
    ledger.roleRefusals = 0;
    expect(failed(record)).toEqual(["a seller's void refused insufficient_role, then made by the manager"]);
  });
});
