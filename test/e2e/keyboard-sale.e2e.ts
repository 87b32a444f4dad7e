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

test('a comp by keyboard: Enter goes to the guest’s name, Esc goes back, both asked in words', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Guest List Night',
    venue: 'Studio',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [{ name: 'Standing', price_cents: 1250, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);

  await page.keyboard.press('s');
  await expect(page).toHaveURL(new RegExp(`/sell/${event.id}$`));
  await expect(page.locator('button.tile[data-tier="Standing"]')).toContainText('50 left of 50');
  await page.keyboard.press('1');
  await expect(page.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');

  // A comp asks for its guest and its reason; Enter on the choice moves to the guest's name.
  const comp = page.getByRole('radio', { name: 'Comp (free)' });
  await comp.check();
  await comp.press('Enter');
  const guest = page.getByLabel('Guest name');
  await expect(guest).toBeFocused();
  await expect(page.getByLabel('Buyer name')).toHaveCount(0);

  // Esc from the field goes back to the quantity, as everywhere in the till.
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Comp (free)' }).check();

  // Completing with both empty says what is missing, beside each field.
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByText('Say who the free tickets are for.')).toBeVisible();
  await expect(page.getByText('Say why these tickets are free.')).toBeVisible();

  await page.getByLabel('Guest name').fill('Pat Press');
  await page.getByLabel('Why free').fill('Press list');
  await page.getByLabel('Why free').press('Enter');
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();

  const orders = await server.api<{
    data: { total_cents: number; payment_method: string; comp_reason: string | null; buyer: unknown }[];
  }>('GET', `/v2/orders?event_id=${event.id}`);
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]).toMatchObject({
    total_cents: 0,
    payment_method: 'comp',
    comp_reason: 'Press list',
    buyer: { name: 'Pat Press' },
  });
});
