import { parseCredential } from '../../src/shared/ticket-token.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { expect, test } from './fixtures.js';
import { snap } from './support/screenshots.js';

test('an evening at the box office: event, tiers, a cash sale, refund, transfer, void, tier rules', async ({
  boxOffice,
  page,
}) => {
  const { events, sell, orders } = boxOffice;
  let eventId = '';

  await test.step('create an event with two tiers and publish it', async () => {
    await boxOffice.go('Events & tiers');
    await expect(page.getByText('No events yet.')).toBeVisible();
    eventId = await events.createEvent({
      title: 'Late Night Jazz',
      venue: 'Main hall',
      doors: '2026-12-24T19:00',
    });
    await events.addTier({ name: 'General admission', price: '25', quantity: '200', maxPerOrder: '8' });
    await events.addTier({ name: 'Balcony', price: '40.00', quantity: '40', maxPerOrder: '4' });
    await expect(events.capacityOf('General admission')).toHaveText('0/200 sold');
    await events.publish();
    await snap(page, 'events-tiers');
  });

  let orderId = '';
  await test.step('sell 3 general admission tickets for cash, with change due', async () => {
    await boxOffice.go('Sell');
    await expect(page).toHaveURL(new RegExp(`/sell/${eventId}$`));
    await expect(sell.tile('General admission')).toContainText('200 left of 200');
    await sell.pickTier('General admission');
    await sell.enterQuantity(3);
    await expect(sell.total()).toHaveText('$75.00');
    await sell.payCash('80');
    await expect(sell.changeDue()).toHaveText('$5.00');
    await sell.payCash('70');
    await expect(page.locator('.change-due')).toContainText('Short');
    await sell.payCash('100');
    await expect(sell.changeDue()).toHaveText('$25.00');
    await snap(page, 'sell-payment');
    await sell.complete();
    await expect(sell.doneChange()).toHaveText('$25.00');
    await expect(sell.ticketQrs()).toHaveCount(3);
    orderId = await sell.orderId();
    expect(orderId).toMatch(/^ord_/);
    // Each QR on screen is a ticket's wallet link, for the buyer's phone to take the ticket away.
    const sold = await boxOffice.server.api<{
      tickets: { id: string; wallet_url: string; paper_pass: string }[];
    }>('GET', `/v2/orders/${orderId}`);
    const src = (await sell.ticketQrs().first().getAttribute('src')) ?? '';
    const wallet = decodeQrPng(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const shown = sold.tickets.find((t) => t.wallet_url === wallet);
    expect(shown).toBeDefined();
    await expect(page.locator('.ticket-card').first()).toContainText(shown!.id);
    await snap(page, 'sell-done');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-ticket')).toHaveCount(3);
    // Doors are weeks away, and the slip still admits then: it carries the ticket's paper pass.
    await expect(page.locator('.print-ticket').first()).toContainText(
      'Your ticket: show this code at the door',
    );
    await expect(page.locator('.print-ticket').first().locator('.print-qr')).toHaveCount(1);
    const passSrc =
      (await page.locator('.print-ticket').first().locator('img.print-qr').getAttribute('src')) ?? '';
    const printed = decodeQrPng(Buffer.from(passSrc.replace(/^data:image\/png;base64,/, ''), 'base64'));
    expect(sold.tickets.map((t) => t.paper_pass)).toContain(printed);
    expect(parseCredential(printed)?.credential).toBe('paper');
    await snap(page, 'print-tickets');
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('sold counts update on the till and on the tiers table', async () => {
    await sell.newSale();
    await expect(sell.tile('General admission')).toContainText('197 left of 200');
    await snap(page, 'sell');
    await boxOffice.go('Events & tiers');
    await page.getByRole('link', { name: 'Late Night Jazz' }).click();
    await expect(events.capacityOf('General admission')).toHaveText('3/200 sold');
    await expect(events.capacityOf('Balcony')).toHaveText('0/40 sold');
  });

  let ticketIds: string[] = [];
  await test.step('refund one ticket’s price on the order', async () => {
    await boxOffice.go('Orders');
    await orders.search(orderId);
    await expect(orders.detail()).toContainText(orderId);
    ticketIds = await orders.ticketIds();
    expect(ticketIds).toHaveLength(3);
    await orders.refundPartial('25');
    await expect(orders.refunded()).toHaveText('$25.00');
    await expect(orders.detail()).toContainText('partially refunded');
  });

  await test.step('transfer one ticket', async () => {
    const [, second] = ticketIds as [string, string, string];
    await orders.transfer(second, 'friend@example.com', 'Enjoy the show');
    await expect(orders.ticketRow(second)).toContainText('transferred');
    await expect(orders.note()).toContainText('friend@example.com');
    // The recipient's new ticket joins the order as an active one.
    await expect(orders.detail().locator('tr[data-ticket]')).toHaveCount(4);
    await snap(page, 'orders');
  });

  await test.step('void one ticket with its refund, confirming first', async () => {
    const [, , third] = ticketIds as [string, string, string];
    await orders.ticketRow(third).getByRole('button', { name: 'Void…' }).click();
    await expect(page.getByRole('dialog')).toContainText('cannot be undone');
    // The void takes no refund method: the dialog says how the refund is recorded, and that
    // handing the cash back is the seller's to do.
    await expect(page.getByRole('note', { name: 'What happens to the money' })).toContainText(
      'recorded as refunded as cash from the drawer',
    );
    await expect(page.getByRole('note', { name: 'What happens to the money' })).toContainText(
      'Marquee itself moves no money.',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(orders.ticketRow(third)).toContainText('active');
    await orders.voidTicket(third, true);
    await expect(orders.ticketRow(third)).toContainText('voided');
    // Its Void… button went with the void: focus lands on what happened, not the top of the page.
    await expect(page.locator(':focus')).toHaveAttribute('role', 'status');
    await expect(orders.refunded()).toHaveText('$50.00');
  });

  await test.step('Email tickets… again while the first still waits: the till says so, and sending anyway is a second mail', async () => {
    await orders.emailTickets('pat@example.com');
    await expect(orders.note()).toContainText('The tickets are queued for pat@example.com');
    // No mail server here, so that mail is still waiting: asked again (in other letter case), the
    // dialog says a second would go out before anything is sent.
    const dialog = await orders.openEmailTickets('Pat@Example.com');
    await expect(dialog.getByRole('note', { name: 'A mail is still waiting' })).toHaveText(
      'A mail with these tickets to Pat@Example.com is still waiting to go out: the mail server has not answered yet. Sending again queues a second mail, and the buyer may get both.',
    );
    await dialog.getByRole('button', { name: 'Send another anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.note()).toContainText(/The tickets are queued for pat@example\.com/i);
    await expect(orders.mail().filter({ hasText: /pat@example\.com/i })).toHaveCount(2);
  });

  await test.step('the transfer mail waits in Settings › Mail (no mail server here)', async () => {
    await boxOffice.go('Settings');
    const mail = page.getByRole('region', { name: 'Mail' });
    await expect(mail.getByRole('row', { name: /friend@example\.com/ })).toContainText('Waiting');
    // Sent anyway, the second resend is a second mail in the queue.
    await expect(mail.getByRole('row', { name: /pat@example\.com/i })).toHaveCount(2);
    await mail.getByRole('button', { name: 'Send the mail to friend@example.com again now' }).click();
    // The panel has two live regions waiting (this one's and the test mail's): the resend's says it.
    await expect(mail.getByRole('status').filter({ hasText: 'due again now' })).toHaveCount(1);
  });

  await test.step('the tier editor puts the server’s refusal on the right field', async () => {
    await boxOffice.go('Events & tiers');
    await page.getByRole('link', { name: 'Late Night Jazz' }).click();
    await events.editTier('General admission', { quantity: '1' });
    const error = events.editor.errorOf('Quantity');
    await expect(error).toContainText('already sold');
    await expect(events.editor.field('Quantity')).toHaveAttribute('aria-invalid', 'true');
    await expect(events.editor.field('Quantity')).toBeFocused();
    await expect(events.editor.errorOf('Name')).toHaveCount(0);
    await snap(page, 'tier-editor-error');

    await events.editor.fill({ quantity: '200', visibility: 'access_code', accessCode: '' });
    await events.editor.save();
    // The form knows this rule itself and says it in its own words before asking the server.
    await expect(events.editor.errorOf('Access code')).toContainText('Give the code buyers will type.');
    await events.editor.cancelWithEscape();
  });

  await test.step('a tier made phone only in the editor: the list says so, and the server has it', async () => {
    await expect(events.tierRow('Balcony')).toContainText('phone or printed ticket');
    await events.editTier('Balcony', { paperPass: false });
    await expect(events.editor.dialog).toBeHidden();
    await expect(events.tierRow('Balcony')).toContainText('phone only');
    const tiers = await boxOffice.server.api<{ data: { name: string; paper_pass: boolean }[] }>(
      'GET',
      `/v2/events/${eventId}/tiers`,
    );
    expect(tiers.data.map((t) => [t.name, t.paper_pass])).toEqual([
      ['General admission', true],
      ['Balcony', false],
    ]);
  });

  await test.step('delete is refused for a sold tier and allowed for an unsold one', async () => {
    await expect(events.deleteButton('General admission')).toBeDisabled();
    await expect(events.tierRow('General admission')).toContainText('a tier with sales cannot be deleted');
    await expect(events.deleteButton('Balcony')).toBeEnabled();
    await events.deleteTier('Balcony');
    await expect(events.tierRow('General admission')).toBeVisible();
    await snap(page, 'events-tiers-sold');
  });

  await test.step('a cancelled event offers no new tiers and no editable details', async () => {
    await page.getByRole('button', { name: 'Cancel event…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel event' }).click();
    await expect(page.getByText('A cancelled event takes no new tiers.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add tier' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  });
});
