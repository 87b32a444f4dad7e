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
    const { door, context } = await phoneDoor(browser, server, await night.pairingCode());
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
    await context.close();
  });
});

/**
 * A guest who paid cash at the till and gave no email lost the slip: the replacement can only be
 * handed over on paper. Replace… with the address left empty prints it and mails nothing.
 */
test('a cash walk-in with no email gets a printed replacement; the door refuses the old slip and admits the new one', async ({
  server,
  browser,
  page,
}) => {
  const night = await doorNight(server, ['Stalls']);
  // What the till sends for a walk-in paying cash: no buyer, no attendees.
  const order = await server.api<{ id: string; tickets: { id: string; paper_pass: string }[] }>(
    'POST',
    '/v2/orders',
    {
      event_id: night.eventId,
      items: [{ tier_id: night.tierIds.Stalls, quantity: 1 }],
      payment_method: 'cash',
    },
  );
  const old = order.tickets[0]!;
  await catchPrints(page);
  const box = new BoxOffice(page, server);
  await box.signIn();
  await box.go('Orders');
  await box.orders.search(order.id);
  await expect(box.orders.detail()).toContainText(order.id);

  const dialog = await box.orders.openReplace(old.id);
  await expect(dialog.getByLabel('Send the new ticket to')).toHaveValue('');
  await expect(dialog).toContainText('Leave empty when the guest has no email');
  // Neither mail nor paper would leave the guest with nothing: said before anything is made.
  await dialog.getByLabel('Print the new ticket here too').uncheck();
  await dialog.getByRole('button', { name: 'Replace ticket' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Give an email, or print the new ticket here');
  await expect(box.orders.ticketRow(old.id)).toContainText('active');
  await dialog.getByLabel('Print the new ticket here too').check();
  await dialog.getByRole('button', { name: 'Replace ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(box.orders.note()).toContainText(`Replaced ${old.id} with new ticket`);
  await expect(box.orders.note()).toContainText('nothing was mailed (no email); it is printing now');
  await expect.poll(() => printsSoFar(page)).toBe(1);
  const slips = await printedSlips(page);
  await expect(slips).toHaveCount(1);
  const fresh = await slipCode(slips.first());
  await page.emulateMedia({ media: 'screen' });
  expect(parseCredential(fresh)!.claims.sub).not.toBe(old.id);
  const mails = await server.api<{ data: unknown[] }>('GET', `/v2/orders/${order.id}/mail`);
  expect(mails.data, 'no mail for a guest without an address').toEqual([]);

  const { door, context } = await phoneDoor(browser, server, await night.pairingCode());
  await door.typeCode(old.paper_pass);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'transferred');
  await door.page.keyboard.press('Escape');
  await expect(door.verdict()).toHaveCount(0);
  await door.typeCode(fresh);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await context.close();
});

/**
 * The order was opened while the holder's name still had a typo; another till put it right since.
 * Replace… reads the holder as the server has them now, so the new ticket carries the right name
 * and not the one this till read earlier. A read that fails says so and waits for Try again.
 */
test('Replace… gives the new ticket the holder’s name as it is now, not as this till read it earlier', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['Stalls']);
  const [old] = await night.sell('Stalls', 'Ada Gest');
  const attendeeId = (await server.api<{ attendee_id: string }>('GET', `/v2/tickets/${old!.id}`)).attendee_id;
  await catchPrints(page);
  const box = new BoxOffice(page, server);
  await box.signIn();
  await box.go('Orders');
  await box.orders.search(old!.order_id);
  await expect(box.orders.ticketRow(old!.id)).toContainText('Ada Gest');

  // Another till corrects the name; this one still shows the typo.
  await server.api('PATCH', `/v2/attendees/${attendeeId}`, { name: 'Ada Guest' });
  await expect(box.orders.ticketRow(old!.id)).toContainText('Ada Gest');

  // The first read of the holder fails: the dialog says so and will not replace without a name.
  let failed = 0;
  await page.route(`**/v2/attendees/${attendeeId}`, (route) =>
    failed++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  const dialog = await box.orders.openReplace(old!.id);
  await expect(dialog.getByRole('alert')).toContainText('Could not read the holder’s name as it is now');
  await expect(dialog.getByRole('button', { name: 'Reading the holder…' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog).toContainText('Ada Guest gets a new ticket');
  await expect(box.orders.ticketRow(old!.id)).toContainText('Ada Guest');
  await dialog.getByRole('button', { name: 'Replace ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(box.orders.note()).toContainText(`Replaced ${old!.id} with new ticket`);

  const replaced = await server.api<{ transferred_to: string }>('GET', `/v2/tickets/${old!.id}`);
  const fresh = await server.api<{ attendee_id: string }>('GET', `/v2/tickets/${replaced.transferred_to}`);
  const holder = await server.api<{ name: string; email: string }>(
    'GET',
    `/v2/attendees/${fresh.attendee_id}`,
  );
  expect(holder).toMatchObject({ name: 'Ada Guest', email: 'guest0@example.com' });
  // The read refused, Try again's, and the order's own reads of its holders after the change.
  expect(failed).toBeGreaterThanOrEqual(2);
});

/**
 * A guest already let in on a ticket cannot have it replaced: a new code would let a second
 * person in on it. The order says so on the ticket's row, before anyone presses anything.
 */
test('a ticket used at the door says in words that it cannot be replaced, and offers no Replace…', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['Stalls']);
  const [used, unused] = await night.sell('Stalls', 'Ada Guest', 2);
  const scan = await server.api<{ result: string }>('POST', '/v2/scan/validate', { token: used!.qr_token });
  expect(scan.result).toBe('admitted');
  const box = new BoxOffice(page, server);
  await box.signIn();
  await box.go('Orders');
  await box.orders.search(used!.order_id);
  await expect(box.orders.ticketRow(used!.id)).toContainText(
    'Used at the door: cannot be replaced or transferred, as a new code would let a second person in',
  );
  await expect(box.orders.ticketRow(used!.id).getByRole('button', { name: 'Replace…' })).toHaveCount(0);
  await expect(box.orders.ticketRow(used!.id).getByRole('button', { name: 'Transfer…' })).toHaveCount(0);
  await expect(box.orders.ticketRow(used!.id).getByRole('button', { name: 'Reprint' })).toBeVisible();
  await expect(box.orders.ticketRow(unused!.id).getByRole('button', { name: 'Replace…' })).toBeVisible();
});

/**
 * A door whose Wi-Fi is down holds a pack pulled after the replacement: it refuses the old print
 * alone and says when it was replaced, as an online door does.
 */
test('an offline door with a pack pulled after the replacement says when the old print was replaced', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['Stalls']);
  const [old] = await night.sell('Stalls', 'Ada Guest');
  await server.api('POST', `/v2/tickets/${old!.id}/transfer`, {
    to_email: 'guest0@example.com',
    name: 'Ada Guest',
  });
  const { door, context } = await phoneDoor(browser, server, await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');
  await context.setOffline(true);
  await expect(door.connection()).toHaveText(/^Offline/);
  await door.typeCode(old!.paper_pass!);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'transferred');
  await expect(door.verdict()).toContainText('Decided offline');
  await expect(door.verdict()).toContainText(
    /This ticket was replaced by a newer one at \d\d:\d\d: send the guest to the box office/,
  );
  await context.close();
});
