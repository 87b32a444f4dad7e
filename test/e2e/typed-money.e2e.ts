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
