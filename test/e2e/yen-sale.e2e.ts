import { expect, test } from './fixtures.js';

interface Created {
  id: string;
}

test('a cash sale in yen: prices, tenders and change without decimals', async ({ boxOffice, server }) => {
  const { page, sell, events } = boxOffice;
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Tokyo Night',
    venue: 'Hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    currency: 'jpy',
    tickets: [{ name: 'Seat', price_cents: 2500, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);

  await boxOffice.go('Sell');
  await expect(sell.tile('Seat')).toContainText('¥2,500');
  await sell.pickTier('Seat');
  await sell.enterQuantity(2);
  await expect(sell.total()).toHaveText('¥5,000');
  await expect(page.getByRole('button', { name: '¥10,000' })).toBeVisible();
  // Half a yen is not an amount: no change is worked out from it.
  await sell.payCash('5000.5');
  await expect(sell.changeDue()).toHaveText('—');
  await sell.payCash('6,000');
  await expect(sell.changeDue()).toHaveText('¥1,000');
  await sell.complete();
  await expect(sell.doneChange()).toHaveText('¥1,000');

  // The tier editor shows and takes the price in yen.
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Tokyo Night' }).click();
  await events.editTier('Seat', { price: '3000' });
  await expect(events.tierRow('Seat')).toContainText('¥3,000');
});
