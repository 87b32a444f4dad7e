import { expect, test } from './fixtures.js';
import { SellPage } from './pages/sell-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { dollarEventAndTill, tillCaller, tillShiftTab } from './support/till-night.js';
import { startClockedVenueServer } from './support/venue-clock.js';

/**
 * The seller who went home without closing the till. The next evening the header says "Shift
 * open", as it does every night, and tonight's cash went into yesterday's drawer and Z report with
 * nothing on any screen saying so. The Shift screen and the cash step now say when the shift was
 * opened, and to close it first; tonight's new shift says nothing.
 */
test('a shift left open from the day before is said on the Shift screen and at the cash step', async ({
  browser,
}) => {
  const { server, setOffset } = await startClockedVenueServer({ TZ: 'UTC' });
  try {
    // 26 hours ago: always an earlier day of the venue's (UTC), and well past a night's shift.
    const openedAgoMs = 26 * 3_600_000;
    await setOffset(-openedAgoMs);
    const { till } = await dollarEventAndTill(server, {
      title: 'Tomorrow Night',
      doors_at: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      timezone: 'UTC',
    });
    const call = tillCaller(server, till.secret);
    const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
    await call('/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, session);
    await setOffset(0);
    const openedDay = new Date(Date.now() - openedAgoMs).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const words = `This shift was opened on ${openedDay} and never closed: cash taken now goes into that day's Z report. Count the drawer and close it, then open a new shift.`;

    const { context, page } = await tillShiftTab(browser, server, till.secret);
    const leftOpen = page.getByRole('note', { name: 'Shift left open' });
    await expect(page.getByRole('heading', { name: /^Shift open since/ })).toBeVisible();
    await expect(leftOpen).toHaveText(words);

    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name });
    await nav('Sell').click();
    const sell = new SellPage(page);
    await sell.pickTier('General admission');
    await sell.enterQuantity(1);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await expect(leftOpen).toHaveText(`${words} Shift`);
    await leftOpen.getByRole('link', { name: 'Shift' }).click();

    const shift = new ShiftPage(page);
    await shift.closeWithCount('100.00');
    await page.getByRole('button', { name: 'Done' }).click();
    await shift.open('100.00');
    await expect(leftOpen).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
  }
});
