import { expect, test } from './fixtures.js';
import { snap } from './support/screenshots.js';

// The −/+ buttons are tapped, as on the till's touch screen.
test.use({ hasTouch: true });

interface Created {
  id: string;
}

/** Issue 19 item 6, as a venue reviewer tried it in Chromium. */
test('the till from a venue review: −/+ quantity, live orders, refund how and why, human field errors', async ({
  boxOffice,
  server,
}) => {
  const { page, sell, orders, events } = boxOffice;
  const doors = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const event = await server.api<Created>('POST', '/v2/events', {
    title: 'Review Night',
    venue: 'Studio',
    doors_at: doors,
    tickets: [{ name: 'Standing', price_cents: 1250, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: Created[] }>('GET', `/v2/events/${event.id}/tiers`);
  const tierId = tiers.data[0]!.id;

  // (a) Quantity by touch: + twice, − once, no keyboard.
  await boxOffice.go('Sell');
  await sell.pickTier('Standing');
  await expect(sell.quantity()).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'One fewer' })).toBeDisabled();
  await page.getByRole('button', { name: 'One more' }).tap();
  await page.getByRole('button', { name: 'One more' }).tap();
  await expect(sell.quantity()).toHaveValue('3');
  await page.getByRole('button', { name: 'One fewer' }).tap();
  await expect(sell.quantity()).toHaveValue('2');
  await page.getByRole('button', { name: /^Continue to payment/ }).tap();
  await expect(sell.total()).toHaveText('$25.00');
  await sell.payCash('30');
  await sell.complete();
  const tillOrderId = await sell.orderId();
  const tillOrder = await server.api<{ tickets: unknown[]; total_cents: number }>(
    'GET',
    `/v2/orders/${tillOrderId}`,
  );
  expect(tillOrder).toMatchObject({ total_cents: 2500 });
  expect(tillOrder.tickets).toHaveLength(2);

  // (b) Orders open; another till sells (here: the API); the sale appears without a reload.
  await boxOffice.go('Orders');
  await expect(page.getByRole('link', { name: tillOrderId })).toBeVisible();
  const elsewhere = await server.api<Created>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
    payment_method: 'card',
  });
  await expect(page.getByRole('link', { name: elsewhere.id })).toBeVisible();
  // Filter by payment: cash shows the till's sale only.
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Payment').selectOption('cash');
  await expect(page.getByRole('link', { name: elsewhere.id })).toBeHidden();
  await expect(page.getByRole('link', { name: tillOrderId })).toBeVisible();
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Payment').selectOption('');

  // (c) Refund the card sale in cash, saying why; the order says how the money went back.
  await orders.open(elsewhere.id);
  await orders.detail().getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /^Everything left/ })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Back to the card' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Cash from the drawer' }).check();
  await dialog.getByLabel('Why (optional)').fill('Double booked');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  const refunds = orders.detail().locator('ul.refunds li');
  await expect(refunds).toHaveCount(1);
  await expect(refunds.first()).toContainText('$12.50 refunded in cash — Double booked');
  await expect(orders.detail()).not.toContainText('requested');
  await snap(page, 'till-review-refund');
  const refunded = await server.api<{ refunds: { method: string; note: string }[] }>(
    'GET',
    `/v2/orders/${elsewhere.id}`,
  );
  expect(refunded.refunds).toMatchObject([{ method: 'cash', note: 'Double booked' }]);

  // (h) A tier with no name and too many per order: each field says so, in words.
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Review Night' }).click();
  await page.getByRole('button', { name: 'Add tier' }).click();
  await events.editor.fill({ price: '10', maxPerOrder: '500' });
  await events.editor.save();
  await expect(events.editor.errorOf('Name')).toHaveText('Give the tier a name.');
  await expect(events.editor.errorOf('Max per order')).toHaveText('Between 1 and 100 tickets per order.');
  await expect(events.editor.dialog).not.toContainText('must NOT');
  await events.editor.cancelWithEscape();

  // (i) A doors time already past is refused on the form, before anything is created.
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'Event' });
  await form.getByLabel('Title').fill('Yesterday');
  await form.getByLabel('Venue').fill('Studio');
  await form.getByLabel('Doors open').fill('2020-01-01T20:00');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText('Doors open in the past: pick a time still to come.')).toBeVisible();
  const all = await server.api<{ data: unknown[] }>('GET', '/v2/events');
  expect(all.data).toHaveLength(1);
});
