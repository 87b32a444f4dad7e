import { expect, test } from './fixtures.js';
import {
  csvRows,
  managerLaptop,
  monthWords,
  nav,
  salesReportZonesAsked,
  wall,
} from './support/manager-laptop.js';
import { csvSections } from '../support/csv.js';
import { dollarEventAndTill, shiftTab, tillCaller } from './support/till-night.js';
import { startClockedVenueServer } from './support/venue-clock.js';

/** The venue's clock; the server's computer is on UTC, the manager's laptop on Tokyo's. */
const venueZone = 'America/New_York';
const laptopZone = 'Asia/Tokyo';

/**
 * A New York box office whose venue server is a laptop left on UTC, with a touring show streamed
 * from Berlin made before its own show: until the setting says otherwise, the venue's clock is
 * Berlin's, the first event's. Set in Settings, it dates Takings' months for a sale at 20:30 on the last night of a
 * month (already the 1st in UTC, Berlin and Tokyo) as the New York show's CSV does, and the
 * screen says which clock; a new event starts in it.
 */
test("the venue's clock set in Settings dates Takings' months, whatever zone the server and laptop are in", async ({
  browser,
}) => {
  const { server, setOffset } = await startClockedVenueServer({ TZ: 'UTC' });
  try {
    // 20:30 on the last day of last month in New York: 01:30 or later on the 1st in UTC.
    const thisMonth = wall(Date.now(), venueZone).slice(0, 7);
    const firstOfMonth = Date.parse(`${thisMonth}-01T12:00:00Z`);
    const lastNight = (time: string) => {
      const day = wall(firstOfMonth - 86_400_000, venueZone).slice(0, 10);
      // New York is four or five hours behind UTC: the instant whose New York wall clock reads it.
      return [4, 5]
        .map((h) => Date.parse(`${day}T${time}:00Z`) + h * 3_600_000)
        .find((ms) => wall(ms, venueZone) === `${day} ${time}`)!;
    };
    await setOffset(lastNight('20:10') - Date.now());
    const event = (title: string, timezone: string) =>
      server.api<{ id: string }>('POST', '/v2/events', {
        title,
        venue: 'Main room',
        doors_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        timezone,
        currency: 'usd',
        tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
      });
    // The stream was made first: unset, the venue's clock is the first zoned event's, Berlin's.
    await event('Touring stream', 'Europe/Berlin');
    const show = await event('Main room show', venueZone);
    await server.api('POST', `/v2/events/${show.id}/publish`);
    const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${show.id}/tiers`);
    await setOffset(lastNight('20:30') - Date.now());
    await server.api('POST', '/v2/orders', {
      event_id: show.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
      buyer: { name: 'Late Buyer', email: 'late@example.test' },
      payment_method: 'cash',
    });
    await setOffset(0);

    // The CSV dates the sale on its event's clock: last month, while UTC and Tokyo say this one.
    const [row] = await csvRows(server, `/v2/orders?format=csv&event_id=${show.id}`);
    expect(row).toMatchObject({ time_zone: venueZone });
    const csvMonth = row!.created_at_local!.slice(0, 7);
    expect(csvMonth).not.toBe(thisMonth);
    expect(wall(lastNight('20:30'), 'UTC').slice(0, 7)).toBe(thisMonth);
    expect(wall(lastNight('20:30'), laptopZone).slice(0, 7)).toBe(thisMonth);

    const laptop = await managerLaptop(browser, server, laptopZone);
    const { page } = laptop;
    await nav(page, 'Settings').click();
    const clock = page.getByRole('form', { name: 'Venue clock' });
    // Until set, the venue's clock is the one the first event was made on, whatever came after.
    await expect(clock.getByLabel('Venue time zone')).toHaveValue('Europe/Berlin');
    await clock.getByLabel('Venue time zone').selectOption(venueZone);
    await clock.getByRole('button', { name: 'Save time zone' }).click();
    await expect(clock.getByRole('status')).toHaveText('Saved: the venue runs on New York time.');
    await expect(page.getByTestId('server-timezone')).toContainText(
      `Time zone of the venue's server: UTC (UTC). The venue runs on its own clock above (${venueZone})`,
    );
    expect(await server.api('GET', '/v2/settings')).toMatchObject({
      venue_timezone: venueZone,
      server_timezone: 'UTC',
    });

    const asked = salesReportZonesAsked(page);
    await page.goto(`${server.url}/reports/takings`);
    const byMonth = page.getByRole('table', { name: 'By month' }).locator('tbody tr');
    await expect(byMonth).toHaveCount(1);
    await expect(byMonth.first().locator('td, th').first()).toHaveText(monthWords(csvMonth));
    await expect(byMonth.first().locator('td, th').nth(1)).toHaveText('1');
    await expect(page.getByText('New York time (America/New_York), the venue’s clock')).toBeVisible();
    expect(asked).toEqual([venueZone]);

    // A new event starts on the venue's clock, not the server's nor the laptop's.
    await nav(page, 'Events & tiers').click();
    await page.getByRole('link', { name: 'New event' }).click();
    await expect(page.getByLabel('Time zone')).toHaveValue(venueZone);
    await laptop.close();
  } finally {
    await server.stop();
  }
});

/**
 * A Berlin venue that never set its clock, its server a laptop left on UTC, cashing up on that
 * laptop: the night's sales at 00:30 on the 1st (Berlin) are the evening before on UTC. The first
 * event, made on Berlin's clock, fixes the venue's; a touring show in New York added mid-month
 * moves nothing: Takings' month, the Z report's business day (CSV and Past shifts) stay Berlin's.
 */
test('a touring show in another zone added mid-month moves no Berlin night, with the clock never set', async ({
  browser,
}) => {
  const berlin = 'Europe/Berlin';
  const { server, setOffset } = await startClockedVenueServer({ TZ: 'UTC' });
  try {
    const thisMonth = wall(Date.now(), berlin).slice(0, 7);
    // The instant whose Berlin wall clock reads `time` on the 1st: Berlin is one or two hours ahead.
    const firstAt = (time: string) =>
      [60, 120]
        .map((m) => Date.parse(`${thisMonth}-01T${time}:00Z`) - m * 60_000)
        .find((ms) => wall(ms, berlin) === `${thisMonth}-01 ${time}`)!;
    await setOffset(firstAt('00:10') - Date.now());
    const { event, till } = await dollarEventAndTill(server, {
      title: 'Berlin Night',
      doors_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      timezone: berlin,
    });
    const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
    await setOffset(firstAt('00:30') - Date.now());
    const call = tillCaller(server, till.secret);
    const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
    const shift = await call('/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, session);
    await call(
      '/v2/orders',
      { event_id: event.id, items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }], payment_method: 'cash' },
      session,
    );
    await call(`/v2/shifts/${shift.id as string}/close`, { counted_cash_cents: 12_500 }, session);
    await setOffset(0);
    expect(wall(firstAt('00:30'), 'UTC').slice(0, 7)).not.toBe(thisMonth);

    const businessDay = async () => {
      const res = await fetch(`${server.url}/v2/shifts/${shift.id as string}/report?format=csv`, {
        headers: { authorization: `Bearer ${till.secret}` },
      });
      const [summary] = csvSections(await res.text());
      const item = new Map(summary!.map(([name, value]) => [name, value]));
      return [item.get('time_zone'), item.get('business_day')];
    };
    const laptop = await managerLaptop(browser, server, 'UTC');
    const { page } = laptop;
    const asked = salesReportZonesAsked(page);
    const takingsMonth = async () => {
      await page.goto(`${server.url}/reports/takings`);
      const byMonth = page.getByRole('table', { name: 'By month' }).locator('tbody tr');
      await expect(byMonth).toHaveCount(1);
      await expect(byMonth.first().locator('td, th').first()).toHaveText(monthWords(thisMonth));
      await expect(page.getByText('Berlin time (Europe/Berlin), the venue’s clock')).toBeVisible();
    };
    // The till on the same UTC laptop, Maria signed in: Past shifts names the night's business day.
    const tillContext = await browser.newContext({ timezoneId: 'UTC' });
    const tillPage = await tillContext.newPage();
    await shiftTab(tillPage, server, till.secret);
    const day = new Date(`${thisMonth}-01T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const pastShift = async () => {
      await tillPage.reload();
      await expect(tillPage.getByRole('region', { name: 'Past shifts' }).getByRole('button')).toContainText(
        `Business day ${day}`,
      );
    };

    await takingsMonth();
    await pastShift();
    expect(await businessDay()).toEqual([berlin, `${thisMonth}-01`]);

    // Mid-month, a touring show is added on New York's clock; the venue's clock stays Berlin's.
    await server.api('POST', '/v2/events', {
      title: 'Touring show',
      venue: 'Main hall',
      doors_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      timezone: 'America/New_York',
      currency: 'usd',
    });
    expect(await server.api('GET', '/v2/settings')).toMatchObject({ venue_timezone: berlin });
    await takingsMonth();
    await pastShift();
    expect(await businessDay()).toEqual([berlin, `${thisMonth}-01`]);
    expect(asked).toEqual([berlin, berlin]);
    await nav(page, 'Settings').click();
    await expect(page.getByRole('form', { name: 'Venue clock' }).getByLabel('Venue time zone')).toHaveValue(
      berlin,
    );
    await laptop.close();
    await tillContext.close();
  } finally {
    await server.stop();
  }
});
