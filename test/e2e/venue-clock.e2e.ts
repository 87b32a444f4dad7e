import { expect, test } from './fixtures.js';
import {
  csvRows,
  managerLaptop,
  monthWords,
  nav,
  salesReportZonesAsked,
  wall,
} from './support/manager-laptop.js';
import { startClockedVenueServer } from './support/venue-clock.js';

/** The venue's clock; the server's computer is on UTC, the manager's laptop on Tokyo's. */
const venueZone = 'America/New_York';
const laptopZone = 'Asia/Tokyo';

/**
 * A New York box office whose venue server is a laptop left on UTC, with a touring show streamed
 * from Berlin: its events are in two zones, so nothing but the setting says which clock the venue
 * runs on. Set in Settings, it dates Takings' months for a sale at 20:30 on the last night of a
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
    const show = await event('Main room show', venueZone);
    await event('Touring stream', 'Europe/Berlin');
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
    // Two zones among the events: until set, the venue's clock is the server's (UTC), and it says so.
    await expect(clock.getByLabel('Venue time zone')).toHaveValue('UTC');
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
