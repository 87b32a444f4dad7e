import { expect, test } from './fixtures.js';
import { snap } from './support/screenshots.js';

interface Created {
  id: string;
}

test('a sale made with the keyboard alone', async ({ boxOffice, server }) => {
  const { page } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Keyboard Night',
    venue: 'Studio',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [
      { name: 'Standing', price_cents: 1250, quantity: 50 },
      { name: 'Sold out seats', price_cents: 3000, quantity: 0 },
    ],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);

  // Navigation by key: S opens Sell; the only published event opens by itself.
  await page.keyboard.press('s');
  await expect(page).toHaveURL(new RegExp(`/sell/${event.id}$`));
  const standing = page.locator('button.tile[data-tier="Standing"]');
  await expect(standing).toContainText('50 left of 50');
  await expect(page.locator('button.tile[data-tier="Sold out seats"]')).toBeDisabled();
  await expect(page.locator('button.tile[data-tier="Sold out seats"]')).toContainText('Sold out');

  // 2 picks the sold-out tile: refused, with the reason.
  await page.keyboard.press('2');
  await expect(page.getByRole('status').filter({ hasText: 'Sold out seats: Sold out.' })).toBeVisible();

  // 1 picks Standing; the quantity field has the keyboard.
  await page.keyboard.press('1');
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toBeFocused();
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');

  // Payment: Cash is selected and focused; Enter moves to the tendered amount.
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cash tendered')).toBeFocused();
  await page.keyboard.type('60');
  await expect(page.getByTestId('change-due')).toHaveText('$10.00');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByTestId('done-change')).toHaveText('$10.00');
  await expect(page.locator('.ticket-card')).toHaveCount(4);
  await snap(page, 'keyboard-sale-done');

  // N starts the next sale, and the till shows the server's new count.
  await expect(page.getByRole('button', { name: /^New sale/ })).toBeFocused();
  await page.keyboard.press('n');
  await expect(standing).toContainText('46 left of 50');

  const orders = await server.api<{
    data: { total_cents: number; payment_method: string; buyer: unknown }[];
  }>('GET', `/v2/orders?event_id=${event.id}`);
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]).toMatchObject({ total_cents: 5000, payment_method: 'cash', buyer: null });
});
