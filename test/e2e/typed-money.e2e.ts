import { expect, test } from './fixtures.js';

interface TierRead {
  name: string;
  price_cents: number;
}

/**
 * Money typed the way a French, Scandinavian or Swiss box office writes it: thousands grouped by
 * spaces or apostrophes are read, and a price that could be $1,234.00 or $1.23 is refused saying
 * why and what to type, never guessed. The tier editor and the till read alike (readMoney).
 */
test('a tier price and cash tendered typed with space grouping are read; an unclear price is refused in words', async ({
  boxOffice,
  server,
}) => {
  const { page, sell, events } = boxOffice;
  let eventId = '';

  await test.step('the tier price “1.234” is refused saying why and what to type', async () => {
    await boxOffice.go('Events & tiers');
    eventId = await events.createEvent({
      title: 'Gala du Nouvel An',
      venue: 'Grande salle',
      doors: '2026-12-31T20:00',
    });
    await page.getByRole('button', { name: 'Add tier' }).click();
    await events.editor.fill({ name: 'Loge', price: '1.234', quantity: '20', maxPerOrder: '4' });
    await events.editor.save();
    await expect(events.editor.errorOf('Price (USD)')).toHaveText(
      '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
    );
    await expect(events.editor.dialog).toBeVisible();
  });

  await test.step('“1 234,50” is read as $1,234.50 and saved so', async () => {
    await events.editor.fill({ price: '1 234,50' });
    await events.editor.save();
    await expect(events.editor.dialog).toBeHidden();
    await expect(events.tierRow('Loge')).toContainText('$1,234.50');
    const tiers = await server.api<{ data: TierRead[] }>('GET', `/v2/events/${eventId}/tiers`);
    expect(tiers.data.map((t) => [t.name, t.price_cents])).toEqual([['Loge', 123450]]);
    await events.publish();
  });

  await test.step('cash tendered “1 300,00” gives $65.50 change; “1 300,5.0” is refused in words', async () => {
    await boxOffice.go('Sell');
    await sell.pickTier('Loge');
    await sell.enterQuantity(1);
    await expect(sell.total()).toHaveText('$1,234.50');
    await sell.payCash('1\u202f300');
    await expect(sell.changeDue()).toHaveText('$65.50');
    await sell.payCash('1 300,5.0');
    await expect(sell.changeDue()).toHaveText('—');
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(
      page.locator('.field', { has: page.getByLabel('Cash tendered') }).locator('.field-error'),
    ).toHaveText(
      '“1 300,5.0” is not an amount: type the cash handed over in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    );
    await sell.payCash('1 300,00');
    await expect(sell.changeDue()).toHaveText('$65.50');
    await sell.complete();
    await expect(sell.doneChange()).toHaveText('$65.50');
  });
});

/**
 * Dinars have three decimals: "2.000" at the till and "KD 1.500" in the tier editor are read as
 * dinars and fils, and each field says so under it ("Read as KWD 2.000"), so a cashier who meant
 * 2,000 dinars sees it; a price in another currency's words is refused naming both currencies.
 */
test('dinars: the till and the tier editor say what a typed amount was read as; “12 dollars” is refused naming both', async ({
  boxOffice,
  server,
}) => {
  const { page, sell, events } = boxOffice;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Layali Kuwait',
    venue: 'Al Hamra Hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    currency: 'kwd',
    tickets: [{ name: 'Seat', price_cents: 1250, quantity: 50 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tendered = page.locator('.field', { has: page.getByLabel('Cash tendered') });

  await test.step('cash tendered “2.000” reads back as KWD 2.000 and gives KWD 0.750 change', async () => {
    await boxOffice.go('Sell');
    await sell.pickTier('Seat');
    await sell.enterQuantity(1);
    await expect(sell.total()).toHaveText('KWD\u00a01.250');
    await sell.payCash('2.000');
    await expect(tendered.locator('.field-hint')).toHaveText(
      'Read as KWD\u00a02.000. Enter to complete the sale',
    );
    await expect(sell.changeDue()).toHaveText('KWD\u00a00.750');
    // "1,250" could be either: no read-back, no change, and the words say both readings.
    await sell.payCash('1,250');
    await expect(tendered.locator('.field-hint')).toHaveText('Enter to complete the sale');
    await expect(sell.changeDue()).toHaveText('—');
    await page.getByRole('button', { name: /^Complete sale/ }).click();
    await expect(tendered.locator('.field-error')).toHaveText(
      '“1,250” is unclear: in KWD a comma may group thousands or start the 3 decimals. For KWD\u00a01,250.000 type 1250; for KWD\u00a01.250 type 1.250.',
    );
  });

  await test.step('the tier price “12 dollars” is refused in words; “KD 1.500” reads back and is saved so', async () => {
    await boxOffice.go('Events & tiers');
    await page.getByRole('link', { name: 'Layali Kuwait' }).click();
    await events.editTier('Seat', { price: '12 dollars' });
    await expect(events.editor.errorOf('Price (KWD)')).toHaveText(
      '“12 dollars” is in dollars, and amounts here are in Kuwaiti dinars (KWD): type the price of one ticket in Kuwaiti dinars, like 25.000.',
    );
    await events.editor.fill({ price: 'KD 1.500' });
    await expect(
      events.editor.dialog
        .locator('.field', { has: page.getByLabel('Price (KWD)', { exact: true }) })
        .locator('.field-hint'),
    ).toHaveText('Read as KWD\u00a01.500');
    await events.editor.save();
    await expect(events.editor.dialog).toBeHidden();
    await expect(events.tierRow('Seat')).toContainText('KWD\u00a01.500');
    const tiers = await server.api<{ data: TierRead[] }>('GET', `/v2/events/${event.id}/tiers`);
    expect(tiers.data.map((t) => [t.name, t.price_cents])).toEqual([['Seat', 1500]]);
  });
});
