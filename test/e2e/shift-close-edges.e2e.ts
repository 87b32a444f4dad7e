import { expect, test } from './fixtures.js';
import type { components } from '../../src/shared/api/schema.js';
import { OrdersPage } from './pages/orders-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { catchPrints, printsSoFar } from './support/print.js';
import { generalAdmissionNight } from './support/staff-till.js';
import { dollarEventAndTill, shiftTab, tillCaller } from './support/till-night.js';
import { startVenueServer } from './support/venue-server.js';

type Shift = components['schemas']['Shift'];

/**
 * The end of the night as a manager does it, where it went wrong: a count typed with a decimal
 * comma or an unclear point, the same shift closed first in a second tab, and a Z report printed after an X report.
 */
test('a European count is read, an unclear one refused in words; a shift closed in another tab shows that close’s Z report; one report per print', async ({
  browser,
  server,
}) => {
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  // One browser, two tabs: the key is kept per tab, so each signs in.
  const context = await browser.newContext();
  const first = await context.newPage();
  const second = await context.newPage();
  await catchPrints(first);

  await shiftTab(first, server, till.secret);
  const shift = new ShiftPage(first);
  await shift.open('100.00');

  await test.step('“1.234” is refused saying why and what to type; “1.234,50”, “1 234,50” and “150,00” are read, and Count again gives back what was typed', async () => {
    await first.getByRole('button', { name: 'Close shift…' }).click();
    const count = first.getByLabel('Cash counted in the drawer');
    await count.fill('1.234');
    await first.getByRole('button', { name: 'Next' }).click();
    await expect(first.locator('.field-error')).toHaveText(
      '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
    );
    await expect(first.getByTestId('counted')).toHaveCount(0);
    await count.fill('1.234,50');
    await first.getByRole('button', { name: 'Next' }).click();
    await expect(first.getByTestId('counted')).toHaveText('$1,234.50');
    await first.getByRole('button', { name: 'Count again' }).click();
    // The count comes back as the manager typed it, not rewritten as 1234.50.
    await expect(count).toHaveValue('1.234,50');
    await count.fill('1 234,50');
    await first.getByRole('button', { name: 'Next' }).click();
    await expect(first.getByTestId('counted')).toHaveText('$1,234.50');
    await first.getByRole('button', { name: 'Count again' }).click();
    await expect(count).toHaveValue('1 234,50');
    await count.fill('150,00');
    await first.getByRole('button', { name: 'Next' }).click();
    await expect(first.getByTestId('counted')).toHaveText('$150.00');
  });

  await test.step('the second tab closes the shift first, counting 95.00', async () => {
    await shiftTab(second, server, till.secret);
    await new ShiftPage(second).closeWithCount('95.00');
  });

  await test.step('the first tab’s close says so in words and shows the kept Z report', async () => {
    await first.getByRole('button', { name: 'Close shift', exact: true }).click();
    await expect(first.getByRole('alert')).toHaveText(
      'This shift had already been closed on another screen; the Z report below is that close. ' +
        'The $150.00 counted here was not recorded.',
    );
    const z = shift.zReport();
    await expect(shift.figure(z, 'Counted cash')).toHaveText('$95.00');
    await expect(shift.figure(z, 'Over/short')).toHaveText('−$5.00');
    await expect(first.getByRole('region', { name: 'Past shifts' }).getByRole('button')).toHaveCount(1);
    await first.getByRole('button', { name: 'Done' }).click();
    await expect(first.getByRole('heading', { name: 'No shift is open on this till' })).toBeVisible();
  });

  const shifts = await server.api<{ data: Shift[] }>('GET', '/v2/shifts');
  expect(shifts.data).toEqual([expect.objectContaining({ status: 'closed', counted_cash_cents: 9500 })]);

  await test.step('printing last night’s Z after tonight’s X puts only the Z on the roll', async () => {
    await shift.open('50.00');
    await first.getByRole('button', { name: 'X report' }).click();
    await first.getByRole('button', { name: 'Print X report' }).click();
    await expect.poll(() => printsSoFar(first)).toBe(1);
    await first.getByRole('region', { name: 'Past shifts' }).getByRole('button').first().click();
    await first.getByRole('button', { name: 'Print Z report' }).click();
    await expect.poll(() => printsSoFar(first)).toBe(2);
    await first.emulateMedia({ media: 'print' });
    const printed = first.locator('.print-z-report');
    await expect(printed).toHaveCount(1);
    await expect(printed).toContainText(`Z report · ${shifts.data[0]?.id ?? ''}`);
    await expect(printed).toContainText('−$5.00');
    await first.emulateMedia({ media: 'screen' });
  });
  await context.close();
});

/**
 * Sold for two events, one of them since cancelled (its money to be refunded): the rows name their
 * events, and the cancelled one says so, on screen and on the printed Z roll.
 */
test('a shift report that sold for two events names each tier row’s event, and which was cancelled', async ({
  page,
  server,
}) => {
  const jazz = await generalAdmissionNight(server, 'Late Night Jazz');
  const folk = await generalAdmissionNight(server, 'Folk Matinee');
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  await catchPrints(page);
  await shiftTab(page, server, till.secret);
  const shift = new ShiftPage(page);
  await shift.open('100.00');

  // Sales through the same till (its key, Maria's session), as its Sell screen makes them.
  const call = tillCaller(server, till.secret);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  for (const { event, tierId } of [jazz, folk]) {
    await call(
      '/v2/orders',
      { event_id: event.id, items: [{ tier_id: tierId, quantity: 1 }], payment_method: 'cash' },
      session,
    );
  }

  await page.getByRole('button', { name: 'X report' }).click();
  const byTier = page.getByRole('table', { name: 'By tier' });
  await expect(byTier.locator('tbody tr td:first-child')).toHaveText([
    'General admission · Late Night Jazz',
    'General admission · Folk Matinee',
  ]);

  // The matinee is called off from another machine before the till closes.
  await server.api('POST', `/v2/events/${folk.event.id}/cancel`);
  await shift.closeWithCount('150.00');
  const zByTier = shift.zReport().getByRole('table', { name: 'By tier' });
  const rows = ['General admission · Late Night Jazz', 'General admission · Folk Matinee (cancelled)'];
  await expect(zByTier.locator('tbody tr td:first-child')).toHaveText(rows);
  await shift.zReport().getByRole('button', { name: 'Print Z report' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.print-z-report');
  await expect(printed).toBeVisible();
  await expect(printed.locator('td', { hasText: /^General admission · / })).toHaveText(rows);
  await page.emulateMedia({ media: 'screen' });
});

/**
 * A shift counted in euros, on a till that sells in dollars tonight: its line in Past shifts and
 * its Z report stay in euros (before, the list read "counted $42.50").
 */
test('a past shift’s count is worded in the currency it was opened in, not the till’s of tonight', async ({
  page,
  server,
}) => {
  const { till } = await dollarEventAndTill(server, {
    title: 'Dollar night',
    doors_at: '2026-12-31T20:00:00+00:00',
  });
  // Last month's euro shift on this till, opened and closed through the API.
  const call = tillCaller(server, till.secret);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  const euro = await call('/v2/shifts', { opening_float_cents: 5_000, currency: 'eur' }, session);
  await call(`/v2/shifts/${euro.id as string}/close`, { counted_cash_cents: 4_250 }, session);

  await shiftTab(page, server, till.secret);
  const past = page.getByRole('region', { name: 'Past shifts' }).getByRole('button');
  await expect(past).toHaveCount(1);
  await expect(past).toContainText('counted €42.50');
  await past.click();
  const shift = new ShiftPage(page);
  await expect(shift.figure(shift.zReport(), 'Counted cash')).toHaveText('€42.50');
});

/** "Sat, 5 Dec 2026": the calendar day of `iso` in `zone`, as the Shift screen words days. */
const dayIn = (iso: string, zone: string): string =>
  new Date(iso).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  });

/**
 * A venue server left on another zone than the venue's (here 25 hours apart, so the two calendar
 * days always differ): the open shift's heading and the Past shifts line give the venue's day, as
 * the Z report does, and so does the Z report of a shift that only refunded (no event of its own
 * to read the zone from). Before, all three used the server's zone, so a Saturday night's shift
 * was listed under Sunday beside its Z report saying Saturday.
 */
test('a server on another zone: the open shift, Past shifts and a refunds-only Z report are on the venue’s day', async ({
  browser,
}) => {
  const venueZone = 'Pacific/Pago_Pago';
  const server = await startVenueServer(30_000, { TZ: 'Pacific/Kiritimati' });
  try {
    const { event, till } = await dollarEventAndTill(server, {
      title: 'Island night',
      doors_at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      timezone: venueZone,
    });
    const call = tillCaller(server, till.secret);
    const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
    const opened = await call('/v2/shifts', { opening_float_cents: 1_000 }, session);
    const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
    const sold = await call(
      '/v2/orders',
      { event_id: event.id, items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }], payment_method: 'cash' },
      session,
    );
    const openedAt = opened.opened_at as string;
    const venueDay = dayIn(openedAt, venueZone);
    expect(venueDay).not.toBe(dayIn(openedAt, 'Pacific/Kiritimati'));

    const context = await browser.newContext({ timezoneId: venueZone });
    const page = await context.newPage();
    await shiftTab(page, server, till.secret);
    await expect(page.getByRole('heading', { name: /^Shift open since/ })).toContainText(venueDay);
    const shift = new ShiftPage(page);
    await shift.closeWithCount('35.00');
    await expect(shift.zReport()).toContainText(`Business day ${venueDay}`);
    const past = page.getByRole('region', { name: 'Past shifts' }).getByRole('button');
    await expect(past).toHaveCount(1);
    await expect(past).toContainText(`Business day ${venueDay}`);

    // A refund desk: the next shift only hands money back, so its report names no event itself.
    await page.getByRole('button', { name: 'Done' }).click();
    await shift.open('30.00');
    const refundDay = dayIn(new Date().toISOString(), venueZone);
    await call(`/v2/orders/${sold.id as string}/refund`, {}, session);
    await shift.closeWithCount('5.00');
    await expect(shift.figure(shift.zReport(), 'Cash refunded from the drawer')).toHaveText('$25.00');
    await expect(shift.zReport()).toContainText(`Business day ${refundDay}`);
    await context.close();
  } finally {
    await server.stop();
  }
});

/**
 * A ticket sold for cash at Till 1 is refunded at the bar's till, in its own shift: the refund
 * dialog says where and when it was sold, and whose drawer the cash comes from; the bar's
 * refund-only Z report then writes its negative net with the same minus sign as its over/short,
 * on screen and on the roll (a hyphen "-$25.00" beside "−$5.00" before).
 */
test('a refund at another till says where the order was sold; that till’s refund-only Z report writes negatives alike', async ({
  page,
  server,
}) => {
  const { event, till } = await dollarEventAndTill(server, {
    title: 'Late Night Jazz',
    doors_at: '2026-12-31T20:00:00+00:00',
  });
  // Till 1 sells one $25 ticket for cash in its shift, as its Sell screen does.
  const call = tillCaller(server, till.secret);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  await call('/v2/shifts', { opening_float_cents: 1_000, currency: 'usd' }, session);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const sold = await call(
    '/v2/orders',
    { event_id: event.id, items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }], payment_method: 'cash' },
    session,
  );
  const bar = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Bar till',
    scope: 'box_office',
  });

  await catchPrints(page);
  await shiftTab(page, server, bar.secret);
  const shift = new ShiftPage(page);
  await shift.open('50.00');

  await test.step('the refund dialog names Till 1, the sale’s time, and this drawer', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
    const orders = new OrdersPage(page);
    await orders.search(sold.id as string);
    await expect(orders.detail()).toContainText(sold.id as string);
    // The order's own time, as its detail reads it (the venue's clock).
    const soldAt = (await orders.detail().locator('.detail-head p.muted').innerText()).split(' · ')[0];
    await orders.detail().getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('sold-elsewhere')).toHaveText(
      `Sold at Till 1, ${soldAt}. The cash comes out of this till’s drawer and counts in this ` +
        'shift’s Z report, not that one’s.',
    );
    // Back to the card instead: no word about the drawer.
    await dialog.getByRole('radio', { name: 'Back to the card' }).check();
    await expect(dialog.getByTestId('sold-elsewhere')).toHaveText(`Sold at Till 1, ${soldAt}.`);
    await dialog.getByRole('radio', { name: 'Cash from the drawer' }).check();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.refunded()).toHaveText('$25.00');
  });

  await test.step('the bar’s Z report: net and over/short both with a minus sign, on screen and printed', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Shift' }).click();
    // Float 50.00 − cash refunded 25.00 = 25.00 expected; 20.00 counted.
    await shift.closeWithCount('20.00');
    const z = shift.zReport();
    await expect(shift.figure(z, 'Over/short')).toHaveText('−$5.00');
    const cashRow = z.getByRole('row').filter({ hasText: 'Cash' }).last();
    await expect(cashRow).toContainText('−$25.00');
    await expect(z).not.toContainText('-$');
    await z.getByRole('button', { name: 'Print Z report' }).click();
    await expect.poll(() => printsSoFar(page)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.print-z-report');
    await expect(printed).toContainText('−$25.00');
    await expect(printed).not.toContainText('-$');
    await page.emulateMedia({ media: 'screen' });
  });
});

/**
 * The manager cashing up the morning after, the till's shift closed last night: a buyer's cash
 * refund from the drawer is in no Z report. The void dialog said so; the refund dialog said only
 * where the order was sold, and the morning's drawer came out short with nobody told why.
 */
test('a cash refund with no shift open on this till says no Z report counts it; an unclear part amount says why', async ({
  page,
  server,
}) => {
  const { event, till, tierId } = await dollarEventAndTill(server, {
    title: 'Last Night',
    doors_at: new Date(Date.now() - 10 * 3_600_000).toISOString(),
  });
  const call = tillCaller(server, till.secret);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  const night = await call('/v2/shifts', { opening_float_cents: 10_000 }, session);
  const sold = await call(
    '/v2/orders',
    { event_id: event.id, items: [{ tier_id: tierId, quantity: 2 }], payment_method: 'cash' },
    session,
  );
  await call(`/v2/shifts/${night.id as string}/close`, { counted_cash_cents: 15_000 }, session);

  await shiftTab(page, server, till.secret);
  await expect(page.getByRole('heading', { name: 'No shift is open on this till' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
  const orders = new OrdersPage(page);
  await orders.search(sold.id as string);
  await expect(orders.detail()).toContainText(sold.id as string);
  await orders.detail().getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  const drawer = dialog.getByRole('note', { name: 'No shift open' });
  await expect(drawer).toHaveText(
    'Cash from the drawer: no shift is open on this till, so no Z report counts it: note it for the cash-up.',
  );
  // Back to the card: the drawer is not touched.
  await dialog.getByRole('radio', { name: 'Back to the card' }).check();
  await expect(drawer).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Cash from the drawer' }).check();
  await expect(drawer).toBeVisible();
  // Part of it, typed the European way: the amount says why it was refused and what to type.
  await dialog.getByRole('radio', { name: 'Part of it' }).check();
  await dialog.getByLabel('Amount').fill('1.234');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
