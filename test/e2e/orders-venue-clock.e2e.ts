import { expect, test } from './fixtures.js';
import { managerLaptop, nav, wall } from './support/manager-laptop.js';

/**
 * A Berlin venue that also sells a New York show: on the Orders screen a sale's time is when it was
 * rung up at the venue's till, on the venue's clock, with the show chosen or not; the show's own
 * start stays in New York's zone wherever it is shown (docs/ui.md "Orders").
 */
test('Orders reads a New York show’s sales on the Berlin venue’s clock, the show chosen too', async ({
  server,
  browser,
}) => {
  await server.api('PATCH', '/v2/settings', { venue_timezone: 'Europe/Berlin' });
  const show = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Broadway Tour',
    venue: 'Main hall',
    // Seventeen minutes off the sale's minute, so its time is never the sale's by chance.
    doors_at: new Date(Date.now() + 3 * 86_400_000 + 17 * 60_000).toISOString(),
    timezone: 'America/New_York',
    currency: 'eur',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${show.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${show.id}/tiers`);
  const order = await server.api<{ id: string; created_at: string }>('POST', '/v2/orders', {
    event_id: show.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    buyer: { name: 'Pat Buyer', email: 'pat@example.test' },
    payment_method: 'cash',
  });
  const berlin = wall(order.created_at, 'Europe/Berlin').slice(11);
  const newYork = wall(order.created_at, 'America/New_York').slice(11);
  expect(berlin).not.toBe(newYork);

  const laptop = await managerLaptop(browser, server, 'Europe/Berlin');
  try {
    const { page } = laptop;
    await nav(page, 'Orders').click();
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Event').selectOption(show.id);
    const row = page.getByRole('row').filter({ hasText: order.id });
    const time = row.locator('td').first().locator('.muted');
    await expect(time).toContainText(berlin);
    await expect(time).not.toContainText(newYork);
    // The day picked is the venue's: the label names no other zone on a Berlin laptop.
    await expect(page.getByLabel('Day', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: order.id }).click();
    const detail = page.getByRole('article', { name: `Order ${order.id}` });
    await expect(detail).toContainText(berlin);
    await expect(detail).not.toContainText(newYork);
  } finally {
    await laptop.close();
  }
});
