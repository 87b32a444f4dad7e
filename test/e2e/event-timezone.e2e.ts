import { expect, test as base } from './fixtures.js';
import { startVenueServer } from './support/venue-server.js';

/**
 * A touring organiser's laptop is in London; the venue server runs in Tokyo; the show is in New
 * York. The box office must read and show the show's times on New York's clock, and new events
 * start from the server's zone (which the server gives events without one), not the laptop's.
 */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startVenueServer(30_000, { TZ: 'Asia/Tokyo' });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
});

test.use({ timezoneId: 'Europe/London' });

interface EventAnswer {
  id: string;
  doors_at: string;
  timezone: string;
  url: string;
}

test("an event in New York set up from a London till: doors 19:00 are New York's 19:00 everywhere", async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  // A January night next year: winter on both sides of the Atlantic (New York is UTC−5).
  const year = new Date().getUTCFullYear() + 1;
  const doorsWall = `${year}-01-15T19:00`;

  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'Event' });
  // The server's zone, not the browser's.
  await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await form.getByLabel('Title').fill('Tour date: New York');
  await form.getByLabel('Venue').fill('Bowery Ballroom');
  await form.getByLabel('Doors open').fill(doorsWall);

  // A name that is not a zone is refused at the field before anything is sent.
  await form.getByLabel('Time zone').fill('New York');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText("'New York' is not a time zone.", { exact: false })).toBeVisible();
  await expect(form.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');

  // A time the clocks skip in New York (second Sunday of March, 02:00 → 03:00) is refused in words.
  await form.getByLabel('Time zone').fill('America/New_York');
  await form.getByLabel('Doors open').fill(`${year}-03-${secondSundayOfMarch(year)}T02:30`);
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText(/02:30 does not exist on .* in New York time/)).toBeVisible();
  const listed = await server.api<{ data: unknown[] }>('GET', '/v2/events');
  expect(listed.data).toHaveLength(0);

  await form.getByLabel('Doors open').fill(doorsWall);
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tour date: New York');
  const id = /\/events\/(evt_[A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
  const created = await server.api<EventAnswer>('GET', `/v2/events/${id}`);
  expect(created).toMatchObject({ doors_at: `${year}-01-16T00:00:00.000Z`, timezone: 'America/New_York' });

  // The event's page in the box office: its own clock, named since the till is in London.
  await expect(page.getByText(/Doors .*15 Jan \d{4}, 19:00 EST/)).toBeVisible();
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByLabel('Doors open')).toHaveValue(doorsWall);
  await expect(details.getByLabel('Time zone')).toHaveValue('America/New_York');

  // What the attendee reads: the event page and the wallet, on New York's clock.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('published');
  await boxOffice.events.addTier({ name: 'Floor', price: '30' });
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${id}/tiers`);
  const order = await server.api<{ tickets: { wallet_url: string }[] }>('POST', '/v2/orders', {
    event_id: id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    payment_method: 'card',
  });
  const attendee = await page.context().newPage();
  await attendee.goto(created.url);
  await expect(attendee.locator('body')).toContainText(`15 Jan ${year}, 19:00 (New York time)`);
  await attendee.goto(order.tickets[0]!.wallet_url);
  await expect(attendee.locator('#w-meta')).toContainText(`15 Jan ${year}, 19:00 (New York time)`);
  await attendee.close();

  // The till's header says the same.
  await boxOffice.go('Sell');
  await expect(page.getByText(/Doors .*15 Jan \d{4}, 19:00 EST/)).toBeVisible();

  // An edit: the show moves to London; the venue's 19:00 stays 19:00 and now means 19:00 UTC.
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Tour date: New York' }).click();
  await expect(details.getByLabel('Doors open')).toHaveValue(doorsWall);
  await details.getByLabel('Time zone').fill('Europe/London');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');
  const moved = await server.api<EventAnswer>('GET', `/v2/events/${id}`);
  expect(moved).toMatchObject({ doors_at: `${year}-01-15T19:00:00.000Z`, timezone: 'Europe/London' });
  await page.reload();
  await expect(details.getByLabel('Doors open')).toHaveValue(doorsWall);
  await expect(details.getByLabel('Time zone')).toHaveValue('Europe/London');
  // Now the till's own zone: no zone name after the time.
  await expect(page.getByText(/Doors .*15 Jan \d{4}, 19:00 ·/)).toBeVisible();

  // Postponed three days with a ticket sold: the form says the printed pass will not last.
  await details.getByLabel('Doors open').fill(`${year}-01-18T19:00`);
  const warning = page.getByTestId('doors-moved-warning');
  await expect(warning).toContainText(
    'The ticket already sold, if printed or mailed, stops getting in after',
  );
  await expect(warning).toContainText(`16 Jan ${year}, 19:00`);
  await details.getByLabel('Doors open').fill(doorsWall);
  await expect(page.getByTestId('doors-moved-warning')).toHaveCount(0);

  // Settings says which clock the server runs on, and that the venue's is another: New York's,
  // fixed by the first event made with a zone until a manager sets it (moving that show to
  // London later does not move the venue's clock), and so is this London till's.
  await boxOffice.go('Settings');
  await expect(page.getByTestId('server-timezone')).toHaveText(
    "Time zone of the venue's server: Asia/Tokyo (GMT+9). The venue runs on its own clock above (America/New_York), whatever the server's computer is set to. This till runs on Europe/London (GMT); event times are shown on the event's own clock.",
  );
  await expect(page.getByLabel('Venue time zone')).toHaveValue('America/New_York');
});

test('the second 01:30 of the night the clocks go back can be chosen for the doors', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const year = new Date().getUTCFullYear() + 1;
  const night = `${year}-11-${firstSundayOfNovember(year)}`;
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'Event' });
  await form.getByLabel('Title').fill('Late late show');
  await form.getByLabel('Venue').fill('Bowery Ballroom');
  await form.getByLabel('Time zone').fill('America/New_York');
  await form.getByLabel('Doors open').fill(`${night}T01:30`);
  // New York's 01:30 happens twice that night: the form asks which, the first chosen unless told.
  const choice = form.getByRole('group', { name: /Which 01:30\?/ });
  await expect(choice.getByRole('radio', { name: '01:30 (first, EDT −04:00)' })).toBeChecked();
  await choice.getByRole('radio', { name: '01:30 (second, EST −05:00)' }).check();
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Late late show');
  const id = /\/events\/(evt_[A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
  const created = await server.api<EventAnswer>('GET', `/v2/events/${id}`);
  expect(created.doors_at).toBe(`${night}T06:30:00.000Z`);
  // Opened again, the saved second 01:30 is the one chosen.
  await page.reload();
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByRole('radio', { name: '01:30 (second, EST −05:00)' })).toBeChecked();
});

/** New York falls back on the first Sunday of November. */
function firstSundayOfNovember(year: number): string {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  return String(1 + ((7 - firstWeekday) % 7)).padStart(2, '0');
}

/** New York springs forward on the second Sunday of March. */
function secondSundayOfMarch(year: number): string {
  const firstWeekday = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - firstWeekday) % 7);
  return String(firstSunday + 7).padStart(2, '0');
}
