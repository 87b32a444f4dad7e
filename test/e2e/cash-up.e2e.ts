import { expect, test } from './fixtures.js';
import type { components } from '../../src/shared/api/schema.js';
import { ShiftPage } from './pages/shift-page.js';
import {
  csvRows,
  managerLaptop,
  monthWords,
  nav,
  salesReportZonesAsked,
  wall,
} from './support/manager-laptop.js';
import { startClockedVenueServer } from './support/venue-clock.js';
import { dollarEventAndTill, tillCaller, tillShiftTab } from './support/till-night.js';

/**
 * Cashing up a closed night as the box-office manager: the Takings, Payouts and Past shifts
 * screens against the API and the CSV the accountant is sent, to the cent and to the minute.
 */

const venueZone = 'Europe/Berlin';

/** "$65.00" for 6500 cents. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A Berlin venue whose server is left on UTC, cashed up on a laptop in New York: sales at 00:30 on
 * the 1st, Berlin time, are the evening before in New York. Takings puts them in the month the
 * orders CSV dates them (created_at_local, time_zone) and says which clock; the payout made then
 * shows Berlin's time, as the CSV would.
 */
test('a manager in another zone sees the Berlin night’s takings and payout times as the CSV has them', async ({
  browser,
}) => {
  const { server, setOffset } = await startClockedVenueServer({ TZ: 'UTC' });
  try {
    const thisMonth = wall(Date.now(), venueZone).slice(0, 7);
    // 00:30 on the 1st of this month in Berlin: the day before in New York.
    const firstAt = (time: string) => {
      const guess = Date.parse(`${thisMonth}-01T${time}:00Z`);
      // Berlin is one or two hours ahead of UTC: the instant whose Berlin wall clock reads it.
      const found = [-60, -120]
        .map((m) => guess + m * 60_000)
        .find((ms) => wall(ms, venueZone).endsWith(time));
      return found!;
    };
    // The event is put on sale that night too: an event goes on sale when it is made.
    await setOffset(firstAt('00:10') - Date.now());
    const { event, tierId } = await dollarEventAndTill(server, {
      title: 'Berlin Night',
      doors_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      timezone: venueZone,
    });
    const sell = (quantity: number, payment_method: string) =>
      server.api<{ id: string }>('POST', '/v2/orders', {
        event_id: event.id,
        items: [{ tier_id: tierId, quantity }],
        buyer: { name: 'Late Buyer', email: 'late@example.test' },
        payment_method,
      });
    await setOffset(firstAt('00:30') - Date.now());
    const cash = await sell(1, 'cash');
    await sell(2, 'card');
    await setOffset(firstAt('00:50') - Date.now());
    await server.api('POST', `/v2/orders/${cash.id}/refund`, { amount_cents: 1000 });
    // Half a minute in: the offset is whole seconds (rounded either way), so aimed at 00:55:00
    // the payout could land at 00:54:59.
    await setOffset(firstAt('00:55') + 30_000 - Date.now());
    const payout = await server.api<{ id: string; created_at: string }>('POST', '/v2/payouts', {
      event_id: event.id,
    });
    await setOffset(0);

    const rows = await csvRows(server, `/v2/orders?format=csv&event_id=${event.id}`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.time_zone))).toEqual(new Set([venueZone]));
    const csvMonth = rows[0]!.created_at_local!.slice(0, 7);
    expect(rows.every((r) => r.created_at_local!.slice(0, 7) === csvMonth)).toBe(true);
    const cents = (column: string) => rows.reduce((sum, r) => sum + Math.round(Number(r[column]) * 100), 0);
    expect(wall(firstAt('00:30'), 'America/New_York').slice(0, 7)).not.toBe(csvMonth);

    const laptop = await managerLaptop(browser, server, 'America/New_York');
    const { page } = laptop;
    // Opened straight from its address, before the events are read: the figures are asked for
    // on the venue's clock only, never first on the server's (UTC) and shown for a moment.
    const asked = salesReportZonesAsked(page);
    await page.goto(`${server.url}/reports/takings`);
    const byMonth = page.getByRole('table', { name: 'By month' }).locator('tbody tr');
    await expect(byMonth).toHaveCount(1);
    await expect(byMonth.first().locator('td, th')).toHaveText([
      monthWords(csvMonth),
      '2',
      dollars(cents('total')),
      dollars(cents('refunded')),
      dollars(cents('net')),
    ]);
    await expect(page.getByTestId('figure-Net (USD)')).toHaveText(dollars(cents('net')));
    await expect(page.getByText('Berlin time (Europe/Berlin), the venue’s clock')).toBeVisible();
    expect(asked).toEqual([venueZone]);

    // The payout made at 00:55 Berlin time reads so, with the clock's name, on a New York laptop.
    await nav(page, 'Payouts').click();
    const row = page.locator(`tr[data-payout="${payout.id}"]`);
    const [day, time] = wall(payout.created_at, venueZone).split(' ') as [string, string];
    expect(time).toBe('00:55');
    await expect(row).toContainText(
      `${Number(day.slice(8))} ${new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' })} ${day.slice(0, 4)}, 00:55 CE`,
    );
    await laptop.close();
  } finally {
    await server.stop();
  }
});

/** "$165.00" → 16500, "−$5.00" → −500, "+$2.00" → 200: money on screen in cents. */
function centsOf(text: string): number {
  const digits = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  return /^[−-]/.test(text.trim()) ? -digits : digits;
}

type ZReport = components['schemas']['ShiftReport'];

/**
 * The night cashed up: cash, card and comp sales over a shift, a partial cash refund, a full card
 * refund and a ticket voided; the shift closed with a count; the event settled. The Past shifts
 * list, the Z report it opens and the Payouts screen show what GET /v2/shifts, the shift's report
 * and GET /v2/payouts say, to the cent, and the payout is the night's net by payment method.
 */
test('Payouts and Past shifts agree with the API and with each other, to the cent', async ({
  boxOffice,
  server,
  browser,
}) => {
  const { event, till, tierId } = await dollarEventAndTill(server, {
    title: 'Cash-up Night',
    doors_at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
  });
  const { context: tillContext, page: tillPage } = await tillShiftTab(browser, server, till.secret);
  const shift = new ShiftPage(tillPage);
  await shift.open('100.00');

  const call = tillCaller(server, till.secret);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  type Sold = { id: string; tickets: { id: string }[] };
  const sell = async (quantity: number, payment_method: string, extra: Record<string, unknown> = {}) =>
    (await call(
      '/v2/orders',
      {
        event_id: event.id,
        items: [{ tier_id: tierId, quantity }],
        buyer: { name: 'Pat Buyer', email: 'pat@example.test' },
        payment_method,
        ...extra,
      },
      session,
    )) as unknown as Sold;
  const cashPair = await sell(2, 'cash');
  const card = await sell(1, 'card');
  await sell(1, 'comp', { comp_reason: 'Band guest' });
  await sell(1, 'cash');
  const cardPair = await sell(2, 'card');
  await call(`/v2/orders/${cashPair.id}/refund`, { amount_cents: 1000, method: 'cash' }, session);
  await call(`/v2/orders/${card.id}/refund`, {}, session);
  await call(`/v2/tickets/${cardPair.tickets[0]!.id}/void`, {}, session);
  await shift.closeWithCount('160.00');

  const shifts = await server.api<{ data: { id: string; counted_cash_cents: number }[] }>(
    'GET',
    '/v2/shifts',
  );
  expect(shifts.data).toHaveLength(1);
  const closed = shifts.data[0]!;
  const z = await server.api<ZReport>('GET', `/v2/shifts/${closed.id}/report`);
  expect(z.counted_cash_cents).toBe(16_000);

  await test.step('Past shifts and the Z report it opens show the API’s figures', async () => {
    await tillPage.getByRole('button', { name: 'Done' }).click();
    const listed = tillPage.getByRole('region', { name: 'Past shifts' }).getByRole('button');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(`counted ${dollars(closed.counted_cash_cents)}`);
    await listed.click();
    const report = shift.zReport();
    const figure = async (label: string) => (await shift.figure(report, label).textContent()) ?? '';
    await expect(shift.figure(report, 'Counted cash')).toBeVisible();
    const drawer: [string, number | null][] = [
      ['Cash sales', z.cash_sales_cents],
      ['Cash refunded from the drawer', z.cash_refunds_cents],
      ['Expected cash', z.expected_cash_cents],
      ['Counted cash', z.counted_cash_cents],
      ['Over/short', z.over_short_cents],
    ];
    for (const [label, cents] of drawer) expect(centsOf(await figure(label)), label).toBe(cents);
    expect(await figure('Orders')).toBe(String(z.order_count));
    for (const [label, part] of [
      ['Refunds', z.refunds],
      ['Voids', z.voids],
    ] as const) {
      const [count, money] = (await figure(label)).split('·').map((s) => s.trim()) as [string, string];
      expect([Number(count), centsOf(money)], label).toEqual([part.count, part.amount_cents]);
    }
    const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
    expect(await figure('Comps')).toBe(
      `${counted(z.comps.ticket_count, 'ticket')} in ${counted(z.comps.order_count, 'order')}`,
    );
    const methodRows = report.getByRole('table', { name: 'By how the order was paid' }).locator('tbody tr');
    await expect(methodRows).toHaveCount(z.by_payment_method.length);
    for (const [i, method] of z.by_payment_method.entries()) {
      const cells = await methodRows.nth(i).locator('td, th').allTextContents();
      expect(
        cells.slice(1).map((c, n) => (n === 0 ? Number(c) : centsOf(c))),
        method.payment_method,
      ).toEqual([method.order_count, method.sales_cents, method.refunds_cents, method.net_cents]);
    }
  });

  await test.step('the payout settles what the Z report says the night took, as GET /v2/payouts has it', async () => {
    const { page } = boxOffice;
    await nav(page, 'Payouts').click();
    const form = page.getByRole('form', { name: 'New payout' });
    await form.getByLabel('Event').selectOption({ label: 'Cash-up Night' });
    await form.getByRole('button', { name: 'Settle net sales' }).click();
    await expect(page.getByRole('status')).toContainText('created');
    const payouts = await server.api<{ data: { id: string; amount_cents: number }[] }>('GET', '/v2/payouts');
    expect(payouts.data).toHaveLength(1);
    const payout = payouts.data[0]!;
    const row = page.locator(`tr[data-payout="${payout.id}"]`);
    expect(centsOf((await row.locator('td.num').textContent()) ?? '')).toBe(payout.amount_cents);
    const nightNet = z.by_payment_method.reduce((sum, m) => sum + m.net_cents, 0);
    expect(payout.amount_cents, 'the payout is the night’s net').toBe(nightNet);
    const eventReport = await server.api<{ totals: { net_cents: number } }>(
      'GET',
      `/v2/reports/events/${event.id}`,
    );
    expect(eventReport.totals.net_cents).toBe(payout.amount_cents);
  });
  await tillContext.close();
});
