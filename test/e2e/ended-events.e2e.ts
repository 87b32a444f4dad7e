import { expect, test } from './fixtures.js';
import { KioskPage } from './pages/kiosk-page.js';
import type { VenueServer } from './support/venue-server.js';

/**
 * The morning after: last night's show is still published (the API sells for any published event,
 * CONTRACT), tonight's and next week's are on sale too. The till and the kiosk run on the page's
 * injected clock, Sunday 29 Nov 2026 10:00 UTC; the server's own clock is untouched.
 */
const sundayMorning = Date.parse('2026-11-29T10:00:00Z');
const hour = 3_600_000;

async function published(server: VenueServer, title: string, doorsAt: string): Promise<string> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: doorsAt,
    timezone: 'UTC',
    on_sale_at: '2026-11-01T00:00:00Z',
    tickets: [{ name: 'Standing', price_cents: 2000, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  return event.id;
}

test('the morning after: ended shows listed apart, tonight first, and a sale for last night asked in words', async ({
  boxOffice,
  server,
}) => {
  const { page, sell } = boxOffice;
  const saturday = await published(server, 'Saturday Night', '2026-11-28T20:00:00Z');
  await published(server, 'Last Week', '2026-11-21T20:00:00Z');
  const sunday = await published(server, 'Sunday Night', '2026-11-29T20:00:00Z');
  await published(server, 'Next Saturday', '2026-12-05T20:00:00Z');
  await page.clock.install({ time: sundayMorning });
  await page.goto(`${server.url}/sell`);

  await test.step("tonight's show is first and focused; the ended ones are apart, last night first", async () => {
    const onSale = page.getByRole('list', { name: 'Events on sale' });
    await expect(onSale.locator('strong')).toHaveText(['Sunday Night', 'Next Saturday']);
    await expect(onSale.getByRole('button').first()).toBeFocused();
    const ended = page.getByRole('list', { name: 'Ended' });
    await expect(ended.locator('strong')).toHaveText(['Saturday Night', 'Last Week']);
  });

  const question = page.getByRole('alertdialog', { name: 'This show is over' });
  await test.step('picking last night asks, naming the night; the safe answer is focused and goes back', async () => {
    await page
      .getByRole('list', { name: 'Ended' })
      .getByRole('button', { name: /Saturday Night/ })
      .click();
    await expect(question).toContainText(
      'This show was last night, Sat 28 Nov at 20:00. Sell tickets for it anyway?',
    );
    await expect(question.getByRole('button', { name: 'Back to events' })).toBeFocused();
    // No till behind the question: its heading is drawn in the same render as the question would
    // be (its tiles only after a read of the tiers, which nothing here would wait for).
    await expect(page.getByRole('heading', { level: 1, name: 'Saturday Night' })).toHaveCount(0);
    await question.getByRole('button', { name: 'Back to events' }).click();
    await expect(page).toHaveURL(`${server.url}/sell`);
    await expect(page.getByRole('list', { name: 'Events on sale' })).toBeVisible();
  });

  await test.step('"Sell anyway" opens its till, still saying the show is over, and the sale goes through', async () => {
    await page
      .getByRole('list', { name: 'Ended' })
      .getByRole('button', { name: /Saturday Night/ })
      .click();
    await question.getByRole('button', { name: 'Sell anyway' }).click();
    await expect(page.getByRole('note')).toHaveText(
      /This show is over: it was last night, Sat 28 Nov at 20:00/,
    );
    await sell.pickTier('Standing');
    await sell.enterQuantity(1);
    await sell.payCash('20');
    await sell.complete();
    const orders = await server.api<{ data: { event_id: string }[] }>(
      'GET',
      `/v2/orders?event_id=${saturday}`,
    );
    expect(orders.data).toHaveLength(1);
  });

  await test.step("opened by its address (a bookmark, yesterday's tab), last night's till asks again", async () => {
    await page.goto(`${server.url}/sell/${saturday}`);
    await expect(question).toContainText('This show was last night, Sat 28 Nov at 20:00.');
  });

  await test.step("a sale under way when tonight's show ends is let finish; the next one is asked", async () => {
    await page.goto(`${server.url}/sell/${sunday}`);
    // The till is drawn from the events read, in the render that would have asked instead.
    await expect(page.getByRole('heading', { level: 1, name: 'Sunday Night' })).toBeVisible();
    await expect(question).toHaveCount(0);
    await sell.pickTier('Standing');
    // Doors 20:00 Sunday: over from 08:00 Monday. The till's clock runs past it mid-sale.
    await page.clock.fastForward(22 * hour + 60_000);
    // The till has seen the new time (its note says the show is over), and still does not ask.
    await expect(page.getByRole('note')).toHaveText(/This show is over: it was last night, Sun 29 Nov/);
    await expect(question).toHaveCount(0);
    await sell.enterQuantity(2);
    await sell.payCash('40');
    await sell.complete();
    await expect(question).toHaveCount(0);
    await sell.newSale();
    await expect(question).toContainText('This show was last night, Sun 29 Nov at 20:00.');
  });
});

test("the morning after, before tonight's show is published: Sell does not open last night's till by itself", async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  await published(server, 'Saturday Night', '2026-11-28T20:00:00Z');
  await page.clock.install({ time: sundayMorning });
  await page.goto(`${server.url}/sell`);
  await expect(page.getByText('No published event to sell that is still to come.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ended' }).locator('strong')).toHaveText(['Saturday Night']);
  await expect(page).toHaveURL(`${server.url}/sell`);
});

test('the kiosk never offers a show that is over, and stops offering tonight once it is', async ({
  page,
  server,
}) => {
  await published(server, 'Saturday Night', '2026-11-28T20:00:00Z');
  await published(server, 'Sunday Night', '2026-11-29T20:00:00Z');
  const key = await server.api<{ secret: string }>('POST', '/v2/api_keys', { name: 'Lobby', scope: 'kiosk' });
  await page.clock.install({ time: sundayMorning });
  const kiosk = new KioskPage(page, server.url);
  await kiosk.open(key.secret);

  // One show a customer can buy for: its tickets are the start screen, last night's is nowhere.
  // Both come from one read of the events: two shows on sale would have drawn the chooser instead.
  await expect(page.getByRole('heading', { name: 'Choose your tickets' })).toBeVisible();
  await expect(page.getByText('Sunday Night · doors')).toBeVisible();
  await expect(page.getByText('Saturday Night')).toHaveCount(0);

  // Monday 08:00 and a minute: tonight's show is over too, and the kiosk says to ask at the box office.
  await page.clock.fastForward(22 * hour + 60_000);
  await expect(
    page.getByText('No events are on sale right now. Please ask at the box office.'),
  ).toBeVisible();
});
