import { expect, test } from './fixtures.js';
import { ReportsPage } from './pages/reports-page.js';
import type { VenueServer } from './support/venue-server.js';
import { snap } from './support/screenshots.js';

interface Created {
  id: string;
}

/** A published event with one tier, made through the API (the screens under test come after). */
async function publishedEvent(server: VenueServer, title: string, priceCents: number) {
  const event = await server.api<Created>('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    tickets: [{ name: 'Standing', price_cents: priceCents, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: Created[] }>('GET', `/v2/events/${event.id}/tiers`);
  const sell = (quantity: number, payment: 'cash' | 'card' | 'comp', name: string) =>
    server.api<Created>('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity }],
      buyer: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com` },
      payment_method: payment,
    });
  return { id: event.id, sell };
}

/** Issue 19 item 6: cancelling an event offers the bulk refund, stating what it moves first. */
test('a manager cancels an event and refunds every paid order, the count and total stated first', async ({
  boxOffice,
  server,
}) => {
  const { page, orders } = boxOffice;
  const event = await publishedEvent(server, 'Rained Off', 2000);
  const cash = await event.sell(2, 'cash', 'Ada Cash');
  const card = await event.sell(1, 'card', 'Grace Card');
  // A guest-list comp: no money to give back, but its ticket must not admit anyone either.
  await event.sell(1, 'comp', 'Guest List');

  // Sign-in landed on Events & tiers before the event existed: the list loads when the screen opens.
  await boxOffice.go('Orders');
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Rained Off' }).click();
  await page.getByRole('button', { name: 'Cancel event…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Rained Off?' });
  // Before anyone agrees: how many orders and how much money, from the server's own preview.
  const refundAll = dialog.getByTestId('refund-all');
  await expect(refundAll).toContainText('Also refund 2 paid orders, $60.00 in all');
  await expect(refundAll).toContainText('and void 1 free ticket (comps, free tiers');
  await expect(dialog.getByRole('button', { name: 'Cancel event' })).toBeVisible();
  // The ticket holders are told by mail unless the manager says not to; the words are theirs.
  const notify = dialog.getByRole('checkbox', { name: 'Email the ticket holders' });
  await expect(notify).toBeChecked();
  await dialog
    .getByLabel('Message to the ticket holders (optional)')
    .fill('The storm closed the park. Your money comes back the way you paid.');
  await refundAll.getByRole('checkbox').check();
  await snap(page, 'cancel-event-bulk-refund');
  await dialog.getByRole('button', { name: 'Cancel and refund $60.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('cancelled');
  await expect(page.getByTestId('event-notice')).toHaveText(
    'Cancelled. Refunded $60.00 on 2 paid orders, each the way it was paid; their tickets are voided. Voided 1 free ticket (comps, free tiers) too. Emailing 3 ticket holders that it is cancelled (Settings › Mail shows each mail).',
  );
  const mail = await server.api<{ data: { to: string; kind: string; ref: string; subject: string }[] }>(
    'GET',
    '/v2/mail?limit=100',
  );
  expect(
    mail.data
      .filter((item) => item.kind === 'event_cancelled')
      .map((item) => [item.to, item.ref, item.subject])
      .sort(),
  ).toEqual([
    ['ada.cash@example.com', event.id, 'Cancelled: Rained Off'],
    ['grace.card@example.com', event.id, 'Cancelled: Rained Off'],
    ['guest.list@example.com', event.id, 'Cancelled: Rained Off'],
  ]);

  // Each order is refunded in full, the way it was paid.
  await boxOffice.go('Orders');
  await orders.open(cash.id);
  await expect(orders.detail().locator('.badge').first()).toHaveText('refunded');
  await expect(orders.refunded()).toHaveText('$40.00');
  await expect(orders.detail().locator('ul.refunds li')).toHaveCount(1);
  await expect(orders.detail().locator('ul.refunds li').first()).toContainText('$40.00 refunded in cash');
  await orders.open(card.id);
  await expect(orders.detail().locator('.badge').first()).toHaveText('refunded');
  await expect(orders.detail().locator('ul.refunds li').first()).toContainText('$20.00 refunded to the card');

  // The event's report counts both refunds and nets to nothing. The admin screen has no till
  // shift of its own, so the cash refund is in no drawer's X/Z report: the report says so apart
  // (docs/api.md "Money outside the till shifts"; the card refund is no drawer's anyway).
  await boxOffice.go('Reports');
  await expect(page).toHaveURL(new RegExp(`/reports/${event.id}$`));
  const reports = new ReportsPage(page);
  await expect(reports.figure('Refunds')).toHaveText('$60.00 (2)');
  await expect(reports.figure('Net')).toHaveText('$0.00');
  await expect(reports.figure('Cash refunded outside any till shift')).toHaveText(
    '$40.00 (1) · in no Z report',
  );

  const after = await server.api<{ orders: number; amount_cents: number }>(
    'GET',
    `/v2/events/${event.id}/refund_all`,
  );
  expect(after).toMatchObject({ orders: 0, amount_cents: 0, voided_tickets: 0 });
  const report = await server.api<{ admissions: { not_yet_arrived: number } }>(
    'GET',
    `/v2/reports/events/${event.id}`,
  );
  expect(report.admissions.not_yet_arrived).toBe(0);
});

/**
 * Cancelled first, refunded later (or after a refund that failed): the cancelled event offers the
 * refund on its own, and says what moved, orders sold while the dialog stood open included.
 */
test('a cancelled event refunds its paid orders later from its page, saying what moved', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const event = await publishedEvent(server, 'Storm Night', 2500);
  await event.sell(1, 'cash', 'Ada Cash');
  await boxOffice.go('Orders');
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Storm Night' }).click();
  await page.getByRole('button', { name: 'Cancel event…' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Storm Night?' });
  await expect(cancel.getByTestId('refund-all')).toContainText('Also refund 1 paid order, $25.00');
  // Another till sells one more while the manager reads the dialog.
  await event.sell(1, 'card', 'Late Card');
  // This venue tells its guests itself: no mail, and no message box to fill.
  await cancel.getByRole('checkbox', { name: 'Email the ticket holders' }).uncheck();
  await expect(cancel.getByLabel('Message to the ticket holders (optional)')).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Cancel event' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByTestId('event-notice')).toContainText('Cancelled. Refund the paid orders');
  await expect(page.getByTestId('event-notice')).toContainText('No ticket holder was emailed.');
  const mail = await server.api<{ data: { kind: string }[] }>('GET', '/v2/mail?limit=100');
  expect(mail.data.filter((item) => item.kind === 'event_cancelled')).toEqual([]);
  await expect(page.getByRole('button', { name: 'Cancel event…' })).toHaveCount(0);
  // A cancelled event's tiers are as they were sold: no editing or deleting them now.
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Refund paid orders…' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund the paid orders of Storm Night?' });
  await expect(refund.getByTestId('refund-all')).toContainText('Refund 2 paid orders, $50.00 in all');
  await refund.getByRole('button', { name: 'Refund $50.00' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByTestId('event-notice')).toHaveText(
    'Refunded $50.00 on 2 paid orders, each the way it was paid; their tickets are voided.',
  );
  const after = await server.api<{ orders: number }>('GET', `/v2/events/${event.id}/refund_all`);
  expect(after.orders).toBe(0);
});

/** Issue 19 item 6: payouts get a screen — settle an event's net sales, list it, mark it paid. */
test('the Payouts screen settles an event, lists the payout pending, then paid', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const event = await publishedEvent(server, 'Payday Gig', 1500);
  await event.sell(3, 'card', 'Lin Card');
  await event.sell(1, 'cash', 'Mo Cash');

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByText('No payouts yet.')).toBeVisible();
  const form = page.getByRole('form', { name: 'New payout' });
  await form.getByLabel('Event').selectOption({ label: 'Payday Gig' });
  await form.getByRole('button', { name: 'Settle net sales' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Payout of $60.00 for Payday Gig created; mark it paid once the money has gone.',
  );
  const rows = page.locator('tr[data-payout]');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Payday Gig');
  await expect(row.locator('td.num')).toHaveText('$60.00');
  await expect(row.locator('.badge')).toHaveText('pending');
  await snap(page, 'payouts-pending');

  // Settling again finds nothing new to pay out, and says so in words.
  await form.getByRole('button', { name: 'Settle net sales' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Every sale of this event (less refunds) is already covered by a payout.',
  );
  await expect(rows).toHaveCount(1);

  await row.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('status')).toHaveText('$60.00 marked paid.');
  await expect(row.locator('.badge')).toHaveText('paid');
  await expect(row.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  const listed = await server.api<{ data: { status: string; amount_cents: number; event_id: string }[] }>(
    'GET',
    '/v2/payouts',
  );
  expect(listed.data).toMatchObject([{ status: 'paid', amount_cents: 6000, event_id: event.id }]);
});

/**
 * A payout settled before the event was cancelled and refunded in full would hand the organiser
 * money already given back: the screen flags it with what the event owes now, and the manager
 * cancels it instead of marking it paid.
 */
test('a payout larger than the event now owes is flagged and cancelled, never paid', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const event = await publishedEvent(server, 'Washed Out', 4000);
  await event.sell(1, 'card', 'Kim Card');
  const payout = await server.api<Created>('POST', '/v2/payouts', { event_id: event.id });
  await server.api('POST', `/v2/events/${event.id}/cancel`);
  await server.api('POST', `/v2/events/${event.id}/refund_all`, {});

  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Payouts' }).click();
  const row = page.locator(`tr[data-payout="${payout.id}"]`);
  await expect(row.locator('[data-too-large]')).toHaveText(
    'More than the event owes now ($0.00): refunds since it was settled. Cancel it, then settle again.',
  );
  await row.getByRole('button', { name: 'Cancel…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this payout?' });
  await expect(dialog).toContainText('The payout of $40.00 for Washed Out stays listed as cancelled');
  await dialog.getByRole('button', { name: 'Cancel payout' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(
    'Payout of $40.00 for Washed Out cancelled; settle the event again for what it owes now.',
  );
  await expect(row.locator('.badge')).toHaveText('cancelled');
  await expect(row.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await expect(row.locator('[data-too-large]')).toHaveCount(0);

  const form = page.getByRole('form', { name: 'New payout' });
  await form.getByLabel('Event').selectOption({ label: 'Washed Out' });
  await form.getByRole('button', { name: 'Settle net sales' }).click();
  await expect(page.getByRole('alert')).toHaveText('This event has no sales (less refunds) to pay out.');
  const stored = await server.api<{ status: string; paid_at: string | null }>(
    'GET',
    `/v2/payouts/${payout.id}`,
  );
  expect(stored).toMatchObject({ status: 'cancelled', paid_at: null });
});
