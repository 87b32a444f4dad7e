import { expect, test } from './fixtures.js';
import { OrdersPage } from './pages/orders-page.js';
import { dollarEventAndTill, mariasShift, shiftTab } from './support/till-night.js';

/**
 * A seller opens an order and goes for a ticket's Void… while the order's mail list is still
 * being read. The list arrived after the tickets and sat above them, so the ticket buttons moved
 * down a line under the pointer: the click landed beside Void… (or on the row below's button).
 */
test('the ticket buttons of an order stay where they are when its mail list arrives', async ({
  page,
  server,
}) => {
  const { event, till, tierId } = await dollarEventAndTill(server, {
    title: 'Steady night',
    doors_at: new Date(Date.now() + 10 * 3_600_000).toISOString(),
  });
  const call = await mariasShift(server, till.secret);
  const sold = await call('/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tierId, quantity: 2 }],
    payment_method: 'cash',
  });
  const ticketId = (sold.tickets as { id: string }[])[1]!.id;

  await shiftTab(page, server, till.secret);
  // The order's mail list is held until the buttons have been measured.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v2\/orders\/[^/]+\/mail$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
  const orders = new OrdersPage(page);
  await orders.search(sold.id as string);
  await expect(orders.detail()).toContainText(sold.id as string);
  const voidButton = orders.ticketRow(ticketId).getByRole('button', { name: 'Void…' });
  await expect(orders.ticketRow(ticketId)).toContainText('General admission');
  const before = await voidButton.boundingBox();

  release();
  await expect(orders.detail().getByRole('region', { name: 'Order mail' })).toContainText(
    'No mail for this order yet',
  );
  const after = await voidButton.boundingBox();
  expect(before).not.toBeNull();
  expect(after).toEqual(before);

  await voidButton.click();
  await expect(
    page.getByRole('dialog').getByRole('note', { name: 'What happens to the money' }),
  ).toBeVisible();
});

/**
 * The same seller, while the order's holders are still being read. A holder arriving widened
 * the table and added Edit name…: the row's buttons wrapped and Void… went down ~90 px, leaving
 * Edit name… where a click already on its way to Void… landed (no money note to be found).
 */
test('an order offers no ticket button until its holders are read, so none moves when they arrive', async ({
  page,
  server,
}) => {
  const { event, till, tierId } = await dollarEventAndTill(server, {
    title: 'Holders night',
    doors_at: new Date(Date.now() + 10 * 3_600_000).toISOString(),
  });
  const call = await mariasShift(server, till.secret);
  const sold = await call('/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tierId, quantity: 1 }],
    payment_method: 'cash',
    buyer: { name: 'Ada Holder', email: 'ada@example.test' },
  });
  const ticketId = (sold.tickets as { id: string }[])[0]!.id;

  await shiftTab(page, server, till.secret);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v2\/attendees\/[^/?]+$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
  const orders = new OrdersPage(page);
  await orders.search(sold.id as string);
  await expect(orders.detail()).toContainText(sold.id as string);
  await expect(orders.detail().getByRole('status').filter({ hasText: 'Loading tickets…' })).toBeVisible();
  await expect(orders.detail().getByRole('button', { name: 'Void…' })).toHaveCount(0);

  release();
  const row = orders.ticketRow(ticketId);
  await expect(row).toContainText('Ada Holder');
  await expect(row.getByRole('button', { name: 'Edit name…' })).toBeVisible();
  await row.getByRole('button', { name: 'Void…' }).click();
  await expect(
    page.getByRole('dialog').getByRole('note', { name: 'What happens to the money' }),
  ).toBeVisible();
});
