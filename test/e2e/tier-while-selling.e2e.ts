import { expect, test } from './fixtures.js';
import { printedSlips } from './support/print.js';
import type { VenueServer } from './support/venue-server.js';

interface TierTicket {
  name: string;
  price_cents: number;
  quantity: number;
}

/** An event on sale at the till, doors on New Year's Eve, with these tiers; its id and tiers. */
async function onSale(server: VenueServer, title: string, tickets: TierTicket[], extra: object = {}) {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    currency: 'eur',
    tickets,
    ...extra,
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string; name: string }[] }>(
    'GET',
    `/v2/events/${event.id}/tiers`,
  );
  return { id: event.id, tiers: tiers.data };
}

const standing = { name: 'Standing', price_cents: 2000, quantity: 20 };

/**
 * The QA walkthrough's organiser: tonight's tier is edited while the tills sell it. The event's
 * page keeps the sold counts live, and the editor refuses a quantity below what is sold now (not
 * what was sold when it opened) in words, at the field, keeping what was typed.
 */
test('editing a tier while it sells: live sold counts, and a quantity below them refused in words', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const event = await onSale(server, 'Tonight', [{ name: 'Standing', price_cents: 2500, quantity: 50 }]);
  const sell = (quantity: number) =>
    server.api('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: event.tiers[0]!.id, quantity }],
      payment_method: 'cash',
    });
  await sell(4);

  await page.goto(`${server.url}/events/${event.id}`);
  await expect(boxOffice.events.capacityOf('Standing')).toHaveText('4/50 sold');

  await test.step('a till sells two more: the page shows it without a reload', async () => {
    await sell(2);
    await expect(boxOffice.events.capacityOf('Standing')).toHaveText('6/50 sold');
  });

  await test.step('the editor, opened before the next sale, says what is sold now', async () => {
    await boxOffice.events.tierRow('Standing').getByRole('button', { name: 'Edit' }).click();
    const editor = boxOffice.events.editor;
    await expect(editor.dialog.getByText('6 sold so far')).toBeVisible();
    await sell(1);
    await expect(editor.dialog.getByText('7 sold so far')).toBeVisible();
    // The manager stops sales at what they saw sold when they opened it, and reprices.
    await editor.fill({ quantity: '6', price: '30.00' });
    await editor.save();
    await expect(editor.errorOf('Quantity')).toHaveText('7 already sold: the quantity cannot be lower.');
    await expect(editor.dialog.getByLabel(/^Price/)).toHaveValue('30.00');
    // Nothing of the refused change was saved.
    const tier = await server.api<{ quantity: number; price_cents: number }>(
      'GET',
      `/v2/tiers/${event.tiers[0]!.id}`,
    );
    expect(tier).toMatchObject({ quantity: 50, price_cents: 2500 });
    await editor.fill({ quantity: '7' });
    await editor.save();
    await expect(editor.dialog).toBeHidden();
    await expect(boxOffice.events.capacityOf('Standing')).toHaveText('7/7 sold');
  });
});

test('a tier window outside the event’s selling time is warned, and the table starts it at the on-sale', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Next Month',
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    on_sale_at: '2026-12-01T10:00:00+00:00',
    timezone: 'UTC',
    currency: 'eur',
    tickets: [
      { name: 'Early bird', price_cents: 1500, quantity: 50, sale_ends_at: '2026-12-15T10:00:00+00:00' },
    ],
  });
  await page.goto(`${server.url}/events/${event.id}`);
  // No start of its own: it sells from the event's on-sale, not "now".
  await expect(boxOffice.events.tierRow('Early bird').getByTestId('sale-window')).toHaveText(
    /^Tue, 1 Dec 2026, 10:00( \S+)? \(event on sale\) → Tue, 15 Dec 2026, 10:00( \S+)?$/,
  );

  await boxOffice.events.tierRow('Early bird').getByRole('button', { name: 'Edit' }).click();
  const editor = boxOffice.events.editor;
  const warning = editor.dialog.getByTestId('tier-window-warning');
  await expect(warning).toHaveCount(0);
  await editor.fill({ saleEnds: '2026-11-30T10:00' });
  await expect(warning).toContainText('before the event goes on sale');
  await editor.fill({ saleEnds: '', saleStarts: '2027-01-02T10:00' });
  await expect(warning).toContainText('after the doors');
  // Only a warning: the tier saves as typed.
  await editor.save();
  await expect(editor.dialog).toBeHidden();
  await expect(boxOffice.events.tierRow('Early bird').getByTestId('sale-window')).toHaveText(
    /^Sat, 2 Jan 2027, 10:00( \S+)? → no end$/,
  );
});

test('a tier repriced while the seller takes the cash: refused in words, basket kept at the new total, never charged unseen', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const sell = boxOffice.sell;
  const event = await onSale(server, 'Repriced Night', [standing]);
  await page.goto(`${server.url}/sell/${event.id}`);
  await sell.pickTier('Standing');
  await sell.enterQuantity(2);
  await sell.payCash('40');
  await expect(sell.total()).toHaveText('€40.00');

  // The manager raises the price from the office while the customer hands over €40.
  await server.api('PATCH', `/v2/tiers/${event.tiers[0]!.id}`, { price_cents: 2500 });
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  const panel = page.getByRole('region', { name: 'Sale' });
  await expect(panel.locator('.form-error')).toHaveText(
    'The price changed while you were selling: Standing is now €25.00 (was €20.00). The total is now €50.00: ask the customer for €10.00 more, then complete the sale again.',
  );
  await expect(sell.total()).toHaveText('€50.00');
  await expect(panel).toContainText('€10.00');
  const orders = await server.api<{ data: unknown[] }>('GET', `/v2/orders?event_id=${event.id}`);
  expect(orders.data).toHaveLength(0);

  await sell.payCash('50');
  await sell.complete();
  await expect(page.getByRole('region', { name: 'Sale complete' })).toContainText('€50.00');
});

test('doors moved at the office while the till sells: the slip printed after the sale carries the new doors', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const sell = boxOffice.sell;
  const event = await onSale(server, 'Late Doors', [standing], { timezone: 'UTC' });
  await page.goto(`${server.url}/sell/${event.id}`);
  await expect(page.getByText('Doors Thu, 31 Dec 2026, 20:00')).toBeVisible();
  await sell.pickTier('Standing');
  await sell.enterQuantity(1);
  await sell.payCash('20');
  await server.api('PATCH', `/v2/events/${event.id}`, { doors_at: '2026-12-31T21:30:00+00:00' });
  await sell.complete();
  // The till's head says the new doors too, without leaving Sell.
  await expect(page.getByText('Doors Thu, 31 Dec 2026, 21:30')).toBeVisible();
  const slips = await printedSlips(page);
  await expect(slips).toHaveCount(1);
  await expect(slips.first()).toContainText('Doors Thu 31 Dec 2026, 21:30');
});

test('the till says how fresh its "left" counts are, and warns once they were not read again for a while', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const sell = boxOffice.sell;
  const event = await onSale(server, 'Fresh Counts', [standing]);
  // The page's clock is Playwright's, so a minute passes in an instant. It keeps running in real
  // time too, so the ages below are at least what was fast-forwarded, and may be more (a busy
  // machine's click on a tile took 6 s).
  await page.clock.install();
  await page.goto(`${server.url}/sell/${event.id}`);
  const fresh = page.getByTestId('stock-freshness');
  await expect(fresh).toHaveText('Counts read just now.');
  // While a sale is being paid the tiles are not read again: the counts age, and it says so.
  await sell.pickTier('Standing');
  await page.clock.fastForward(20_000);
  await expect(fresh).toHaveText(/^Counts read [2-5]\d s ago\.$/);
  await page.clock.fastForward(40_000);
  await expect(fresh).toHaveText(
    /^Counts read \d+ min ago: other tills may have sold since\. The sale is checked when completed\.$/,
  );
  // Back at the tiles, the 15 s refresh reads them again.
  await page.getByRole('button', { name: /^Back/ }).click();
  await page.clock.fastForward(16_000);
  await expect(fresh).toHaveText(/^Counts read (just now|\d s ago)\.$/);
});

test('a tier removed at the office while the till sells it is named, not shown by its id', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  const sell = boxOffice.sell;
  const event = await onSale(server, 'Removed Tier', [
    standing,
    { name: 'Late release', price_cents: 1000, quantity: 5 },
  ]);
  await page.goto(`${server.url}/sell/${event.id}`);
  await sell.pickTier('Late release');
  await sell.enterQuantity(1);
  await sell.payCash('10');
  const late = event.tiers.find((tier) => tier.name === 'Late release')!;
  await server.api('DELETE', `/v2/tiers/${late.id}`);
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Late release was removed at the office, so it cannot be sold. Pick another tier.',
  );
  await expect(page.locator('main')).not.toContainText(late.id);
  await expect(sell.tile('Late release')).toHaveCount(0);
  // The next sale starts from the tiles as usual.
  await sell.pickTier('Standing');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
