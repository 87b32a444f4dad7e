import { parseCredential } from '../../src/shared/ticket-token.js';
import { passExpFor } from '../../src/shared/ticket-pass.js';
import { paperAndPhoneNightNextYear } from './support/paper-and-phone-event.js';
import { expect } from './fixtures.js';
import { mailedTest as test } from './support/mailed-venue.js';
import { catchPrints, printedSlips, printsSoFar, slipCode } from './support/print.js';

/**
 * A show postponed by three days: once saved, the event's page offers to mail the tickets again
 * to every order still holding a printed or mailed ticket (not a phone-only one), and says how
 * many were queued; a walk-in sale with no address is not counted on the button but named apart,
 * with the reprint that reaches its holder.
 */
test('after postponing, "Resend tickets to N orders" mails the paper tickets again and names the walk-in sale only a reprint reaches', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  await catchPrints(page); // from the reload below on
  const { eventId, year, sell } = await paperAndPhoneNightNextYear(server, 'Postponed Night', '02');
  await sell('ann@example.test');
  const bob = await sell('bob@example.test');
  await sell('cy@example.test', 'Balcony');
  const walkIn = await sell(null);
  const to = (address: string) => (m: { rcptTo: string[] }) => m.rcptTo.includes(address);
  await smtp.waitFor(3, 20_000);

  await boxOffice.go('Events & tiers');
  await page.reload(); // the list was read before the event was made through the API
  await page.getByRole('link', { name: 'Postponed Night' }).click();
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-10T19:00`);
  await details.getByLabel('Doors open').fill(`${year}-02-13T19:00`);
  await expect(page.getByTestId('doors-moved-warning')).toContainText('The 3 tickets already sold');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');

  const resend = page.getByTestId('postpone-resend');
  // The walk-in sale has no address: the button does not count it, and the page says to reprint.
  await expect(resend.getByTestId('postpone-no-email')).toHaveText(
    `1 order was sold without an email address (${walkIn.id}): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.`,
  );
  // Another till resends Bob's order meanwhile: this page reads the list again when it comes back
  // into view (and every minute while anyone is listed), and offers only the one left.
  await expect(resend.getByRole('button', { name: 'Resend tickets to 2 orders' })).toBeVisible();
  await server.api('POST', `/v2/orders/${bob.id}/resend`, {});
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await resend.getByRole('button', { name: 'Resend tickets to 1 order' }).click();
  await expect(resend.getByRole('status')).toHaveText('1 order’s tickets queued to mail again.');
  await expect(resend.getByTestId('postpone-no-email')).toContainText(walkIn.id);
  // Each buyer with a printed or mailed ticket gets the mail again; the phone-only buyer does not.
  await smtp.waitFor(2, 20_000, to('ann@example.test'));
  await smtp.waitFor(2, 20_000, to('bob@example.test'));
  expect(smtp.mails.filter(to('cy@example.test'))).toHaveLength(1);

  // The walk-in comes to the window: the seller reprints the ticket from Orders. The slip's pass
  // carries the new doors, the order's history says who printed it, and the event's page no
  // longer names the order (the server recorded the print).
  const walkInTicket = walkIn.tickets[0]!.id;
  await boxOffice.go('Orders');
  await boxOffice.orders.search(walkIn.id);
  await boxOffice.orders.ticketRow(walkInTicket).getByRole('button', { name: 'Reprint' }).click();
  await expect.poll(() => printsSoFar(page)).toBe(1);
  const slips = await printedSlips(page);
  await expect(slips).toHaveCount(1);
  await expect(slips.first()).toContainText(/Doors .*13 Feb/);
  const printed = parseCredential(await slipCode(slips.first()));
  await page.emulateMedia({ media: 'screen' });
  expect(printed?.claims.sub).toBe(walkInTicket);
  expect(printed?.claims.exp).toBe(passExpFor(Date.parse(`${year}-02-13T19:00:00.000Z`)));
  await expect(boxOffice.orders.detail().getByRole('region', { name: 'Order history' })).toContainText(
    `printed ${walkInTicket} again`,
  );
  const outdated = await server.api<{ orders: unknown[]; tickets: unknown[] }>(
    'GET',
    `/v2/events/${eventId}/outdated_passes`,
  );
  expect(outdated).toMatchObject({ orders: [], tickets: [] });
  const read = page.waitForResponse((r) => r.url().endsWith(`/v2/events/${eventId}/outdated_passes`));
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Postponed Night' }).click();
  await read;
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-13T19:00`);
  await expect(page.getByTestId('postpone-resend')).toHaveCount(0);
});

/**
 * The server knows whose passes are out of date: a show postponed from another till shows the
 * offer here, after a reload too, with a transferred ticket's holder counted; the orders not sent
 * (the venue server away at the press) are offered again, and once all went, the offer says so and
 * is gone after a reload.
 */
test('the offer to resend survives a reload, counts a transferred ticket, and tries again those not sent', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(120_000);
  const { page } = boxOffice;
  const { eventId, year, sell } = await paperAndPhoneNightNextYear(server, 'Moved Night', '03');
  const ann = await sell('ann@example.test');
  const bob = await sell('bob@example.test');
  const dee = await sell('dee@example.test');
  await smtp.waitFor(3, 20_000);
  const eve = await server.api<{ id: string }>('POST', `/v2/tickets/${dee.tickets[0]!.id}/transfer`, {
    to_email: 'eve@example.test',
    name: 'Eve',
  });
  const to = (address: string) => (m: { rcptTo: string[] }) => m.rcptTo.includes(address);
  await smtp.waitFor(1, 20_000, to('eve@example.test'));
  // Every mail marked sent under the first doors before they move.
  await expect
    .poll(async () => (await server.api<{ data: unknown[] }>('GET', '/v2/mail?status=pending')).data.length, {
      timeout: 20_000,
    })
    .toBe(0);
  // Another till postpones the show by three days.
  await server.api('PATCH', `/v2/events/${eventId}`, { doors_at: `${year}-03-13T19:00:00.000Z` });

  await boxOffice.go('Events & tiers');
  await page.reload(); // the list was read before the event was made through the API
  await page.getByRole('link', { name: 'Moved Night' }).click();
  const resend = page.getByTestId('postpone-resend');
  const button = resend.getByRole('button', { name: 'Resend tickets to 2 orders and 1 transferred ticket' });
  await expect(button).toBeVisible();
  await page.reload();
  await expect(button).toBeVisible();

  // The venue server goes away as the button is pressed: nothing is sent, and each is offered again.
  await server.halt();
  await button.click();
  await expect(resend.getByRole('status')).toContainText(
    '0 orders’ tickets queued to mail again. Not sent (3):',
  );
  for (const id of [ann.id, bob.id, eve.id]) await expect(resend.getByRole('status')).toContainText(id);
  const again = resend.getByRole('button', { name: 'Try again for the 3 not sent' });
  await expect(again).toBeVisible();
  await server.resume();
  await again.click();
  await expect(resend.getByRole('status')).toHaveText(
    '2 orders’ tickets and 1 transferred ticket queued to mail again.',
  );
  await expect(resend.getByTestId('postpone-all-sent')).toBeVisible();
  await expect(resend.getByRole('button')).toHaveCount(0);
  for (const address of ['ann@example.test', 'bob@example.test', 'eve@example.test']) {
    await smtp.waitFor(2, 20_000, to(address));
  }
  // Everyone has the new pass: the server lists no one, and after a reload nothing is offered.
  const outdated = await server.api<{ orders: unknown[]; tickets: unknown[] }>(
    'GET',
    `/v2/events/${eventId}/outdated_passes`,
  );
  expect(outdated).toMatchObject({ orders: [], tickets: [] });
  const read = page.waitForResponse((r) => r.url().includes('/outdated_passes') && r.ok());
  await page.reload();
  await read;
  await expect(page.getByRole('heading', { name: /Moved Night/ })).toBeVisible();
  await expect(page.getByTestId('postpone-resend')).toHaveCount(0);
});

/**
 * A manager leaves the event's page open on this till while another till (here: the API) renames
 * the show, then postpones it by three days. The page reads its event again every 30 s while
 * visible (the page's clock is Playwright's: half a minute passes in an instant), so it shows the
 * new title, the new doors and, the doors having moved, the offer to resend: all without a reload.
 */
test("an event's page left open follows another till's rename and postponement, and offers to resend", async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  const { eventId, year, sell } = await paperAndPhoneNightNextYear(server, 'Open Night', '04');
  for (const email of ['ann@example.test', 'bob@example.test']) await sell(email);
  await smtp.waitFor(2, 20_000);
  // Both mails marked sent under the first doors before they move.
  await expect
    .poll(async () => (await server.api<{ data: unknown[] }>('GET', '/v2/mail?status=pending')).data.length, {
      timeout: 20_000,
    })
    .toBe(0);

  await page.clock.install();
  const firstRead = page.waitForResponse((r) => r.url().endsWith(`/v2/events/${eventId}/outdated_passes`));
  await page.goto(`${server.url}/events/${eventId}`);
  const heading = page.getByRole('heading', { level: 1 });
  const details = page.getByRole('form', { name: 'Event' });
  await expect(heading).toContainText('Open Night');
  await firstRead;
  await expect(page.getByTestId('postpone-resend')).toHaveCount(0);

  // Another till renames the show: within the half minute this page says the new name, in its
  // heading and in the form (nobody typed in it here).
  await server.api('PATCH', `/v2/events/${eventId}`, { title: 'Open Night (moved)' });
  await page.clock.fastForward(31_000);
  await expect(heading).toContainText('Open Night (moved)');
  await expect(details.getByLabel('Title')).toHaveValue('Open Night (moved)');

  // Then moves the doors three days later: the page shows them, and reads the out-of-date list
  // again once, so the offer to resend is here without a reload.
  await server.api('PATCH', `/v2/events/${eventId}`, { doors_at: `${year}-04-13T19:00:00.000Z` });
  await page.clock.fastForward(31_000);
  await expect(heading.locator('xpath=following-sibling::p')).toContainText(
    new RegExp(`Doors \\w+, 13 Apr ${year}, 19:00`),
  );
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-04-13T19:00`);
  await expect(
    page.getByTestId('postpone-resend').getByRole('button', { name: 'Resend tickets to 2 orders' }),
  ).toBeVisible();
});
