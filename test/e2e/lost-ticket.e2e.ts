import { parseCredential } from '../../src/shared/ticket-token.js';
import { expect, test } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { doorNight } from './support/door-night.js';
import { phoneDoor } from './support/paired-door.js';
import { catchPrints, printedSlips, printsSoFar, slipCode } from './support/print.js';

/**
 * A guest lost their phone, and with it the paper slip printed hours ago is somewhere else: at
 * the box office window the seller replaces the ticket and prints the new one. At the door the
 * old print (or a screenshot from the lost phone) is turned away with words a steward can act
 * on, and the new print admits once.
 */
test('a lost ticket is replaced at the box office; the door refuses the old print and admits the new one once', async ({
  server,
  browser,
  page,
}) => {
  const night = await doorNight(server, ['Stalls']);
  const [old] = await night.sell('Stalls', 'Ada Guest');
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await catchPrints(page);
  const box = new BoxOffice(page, server);
  await box.signIn();
  await box.go('Orders');
  await box.orders.search(old!.order_id);
  await expect(box.orders.detail()).toContainText(old!.order_id);

  let fresh = '';
  await test.step('Replace… mails the holder a new ticket and prints it; the old one is retired', async () => {
    const dialog = await box.orders.openReplace(old!.id);
    await expect(dialog).toContainText('this one stops working at once');
    await expect(dialog.getByLabel('Send the new ticket to')).toHaveValue('guest0@example.com');
    await expect(dialog.getByLabel('Print the new ticket here too')).toBeChecked();
    await dialog.getByRole('button', { name: 'Replace ticket' }).click();
    await expect(dialog).toBeHidden();
    await expect(box.orders.note()).toContainText(`Replaced ${old!.id} with new ticket`);
    await expect(box.orders.ticketRow(old!.id)).toContainText('transferred');
    await expect.poll(() => printsSoFar(page)).toBe(1);
    const slips = await printedSlips(page);
    await expect(slips).toHaveCount(1);
    fresh = await slipCode(slips.first());
    await page.emulateMedia({ media: 'screen' });
    const claims = parseCredential(fresh)!.claims;
    expect(claims.sub).not.toBe(old!.id);
    // The new ticket is the holder's, under the same name.
    await expect(box.orders.ticketRow(claims.sub)).toContainText('Ada Guest');
  });

  await test.step('the door turns the old print away, sending the guest to the box office; the new print admits once', async () => {
    const { door, context, errors: doorErrors } = await phoneDoor(browser, server, await night.pairingCode());
    await door.typeCode(old!.paper_pass!);
    await expect(door.verdict()).toHaveAttribute('data-reason', 'transferred');
    await expect(door.verdict()).toContainText(
      /This ticket was replaced by a newer one at \d\d:\d\d: send the guest to the box office/,
    );
    await door.page.keyboard.press('Escape');
    await expect(door.verdict()).toHaveCount(0);
    await door.typeCode(fresh);
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
    await expect(door.verdict()).toContainText('Ada Guest');
    await door.page.keyboard.press('Escape');
    await expect(door.verdict()).toHaveCount(0);
    await door.typeCode(fresh);
    await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
    expect(doorErrors, 'uncaught errors in the door page').toEqual([]);
    await context.close();
  });
  expect(errors, 'uncaught errors in the box office').toEqual([]);
});
