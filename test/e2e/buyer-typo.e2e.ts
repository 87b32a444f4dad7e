import { expect, test } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { mailedTest } from './support/mailed-venue.js';
import { snap } from './support/screenshots.js';
import { dollarEvent } from './support/till-night.js';

/**
 * The buyer who never got their tickets: the seller typed "exmaple.com", the buyer's mail server
 * refused it, and the buyer is at the box office window asking. The seller sees the refusal on the
 * order, corrects the address once, and the tickets go to the right mailbox; the holders who were
 * filled in from the buyer follow, the friend typed in separately does not.
 */
mailedTest(
  'a mistyped buyer address is corrected on the order and the tickets go to the right one',
  async ({ page, server, smtp }) => {
    mailedTest.setTimeout(90_000);
    smtp.answerRcpt = (address) =>
      address.endsWith('@exmaple.com') ? { code: 550, message: 'No such domain' } : 'accept';
    const event = await server.api<{ id: string }>('POST', '/v2/events', {
      title: 'Winter Gala',
      venue: 'Main hall',
      doors_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      currency: 'eur',
      tickets: [{ name: 'Stalls', price_cents: 3000, quantity: 50 }],
    });
    await server.api('POST', `/v2/events/${event.id}/publish`);
    const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
    const order = await server.api<{ id: string; tickets: { id: string; attendee_id: string }[] }>(
      'POST',
      '/v2/orders',
      {
        event_id: event.id,
        items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
        buyer: { name: 'Ada Lovelace', email: 'ada@exmaple.com' },
        attendees: [{}, { name: 'Charles Babbage', email: 'charles@example.com' }],
        payment_method: 'card',
      },
    );

    const box = new BoxOffice(page, server);
    await box.signIn();
    await box.go('Orders');
    await box.orders.search(order.id);
    await expect(box.orders.detail()).toContainText(order.id);

    await mailedTest.step('the order says the mail was refused', async () => {
      await expect(box.orders.mail().first()).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
      await expect(box.orders.mail().first()).toContainText('Not sent to ada@exmaple.com');
    });

    await mailedTest.step('emptying the address is refused in words, and nothing is sent', async () => {
      const dialog = await box.orders.openCorrectBuyer({ email: '' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toContainText('can be changed but not removed');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    await mailedTest.step(
      'the corrected address is saved and the tickets are mailed to it in one step',
      async () => {
        const dialog = await box.orders.openCorrectBuyer({ email: 'ada@example.com' });
        await expect(dialog.getByLabel('Email the tickets to ada@example.com now')).toBeChecked();
        await snap(page, 'orders-correct-buyer');
        keepScreenshot('orders-correct-buyer');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect(dialog).toBeHidden();
        await expect(box.orders.note()).toContainText('The tickets are queued to ada@example.com');
        await expect(box.orders.detail()).toContainText('Ada Lovelace · ada@example.com');
        await expect(box.orders.mail()).toHaveCount(2);
        await expect(box.orders.mail().nth(1)).toContainText('Sent to ada@example.com', { timeout: 20_000 });
        const [sent] = await smtp.waitFor(1, 10_000, (m) => m.rcptTo.includes('ada@example.com'));
        expect(sent!.parsed.attachments.map((a) => a.filename)).toEqual([`tickets-${order.id}.pdf`]);
        // The refused mail stays listed, saying the tickets went elsewhere since.
        await expect(box.orders.mail().first()).toContainText(
          'The tickets were sent to ada@example.com later.',
        );
      },
    );

    await mailedTest.step("a friend's ticket mailed to a typo goes out again from its own row", async () => {
      const fresh = await server.api<{ id: string }>('POST', `/v2/tickets/${order.tickets[1]!.id}/transfer`, {
        to_email: 'frank@exmaple.com',
        name: 'Frank Friend',
      });
      // Made at another till: the seller comes back to the order.
      await box.go('Sell');
      await box.go('Orders');
      await box.orders.search(order.id);
      await box.orders.open(order.id);
      const refused = box.orders.mail().filter({ hasText: `Ticket ${fresh.id} for its new holder` });
      await expect(refused).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
      await expect(refused).toContainText('put it right with Edit name… on the ticket, then Email ticket…');
      const row = box.orders.ticketRow(fresh.id);
      await row.getByRole('button', { name: 'Edit name…' }).click();
      const holder = page.getByRole('dialog', { name: `Holder of ticket ${fresh.id}` });
      await expect(holder).toContainText('use Email ticket… on its row');
      await holder.getByLabel('Email').fill('frank@example.com');
      await holder.getByRole('button', { name: 'Save' }).click();
      await expect(holder).toBeHidden();
      await row.getByRole('button', { name: 'Email ticket…' }).click();
      const confirm = page.getByRole('dialog', { name: `Email ticket ${fresh.id}?` });
      await expect(confirm).toContainText('at frank@example.com');
      await confirm.getByRole('button', { name: 'Send' }).click();
      await expect(confirm).toBeHidden();
      await expect(box.orders.note()).toHaveText(
        `Ticket ${fresh.id} is queued for frank@example.com; the Mail list below says when it is sent.`,
      );
      const [mailed] = await smtp.waitFor(1, 10_000, (m) => m.rcptTo.includes('frank@example.com'));
      expect(mailed!.parsed.subject).toBe('Charles Babbage sent you a ticket for Winter Gala');
      await expect(box.orders.mail().filter({ hasText: 'Sent to frank@example.com' })).toContainText(
        `Ticket ${fresh.id} for its new holder`,
        { timeout: 20_000 },
      );
      // The buyer's resend leaves the friend's ticket out: it is theirs.
      await expect(row.getByRole('button', { name: 'Email ticket…' })).toBeVisible();
      await expect(
        box.orders.ticketRow(order.tickets[0]!.id).getByRole('button', { name: 'Email ticket…' }),
      ).toHaveCount(0);
    });

    await mailedTest.step(
      'the holder filled in from the buyer follows; the friend keeps their address',
      async () => {
        const holders = await Promise.all(
          order.tickets.map((t) =>
            server.api<{ email: string | null }>('GET', `/v2/attendees/${t.attendee_id}`),
          ),
        );
        expect(holders.map((h) => h.email)).toEqual(['ada@example.com', 'charles@example.com']);
      },
    );
  },
);

/**
 * The buyer phones the morning after: no mail came. It never went out (the mail server was down
 * all night) and the address was mistyped. Correcting it moves the waiting mail to the right
 * address, so the dialog does not queue a second copy unless asked: it used to, and the buyer got
 * the same tickets twice (three times after an Email tickets… tried earlier).
 */
test('correcting the buyer while their mail still waits sends it once, to the corrected address', async ({
  server,
  boxOffice,
}) => {
  const { event, tierId } = await dollarEvent(server, {
    title: 'Morning After',
    doors_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  // This server has no mail server set up: the confirmation waits, as on a night the relay was down.
  const order = await server.api<{ id: string }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tierId, quantity: 2 }],
    buyer: { name: 'Ada Lovelace', email: 'ada@exmaple.com' },
    payment_method: 'card',
  });
  await boxOffice.go('Orders');
  await boxOffice.orders.search('lovel');
  await boxOffice.orders.open(order.id);
  await expect(boxOffice.orders.mail()).toHaveText([/^Queued for ada@exmaple\.com/]);

  const dialog = await boxOffice.orders.openCorrectBuyer({ email: 'ada@example.com' });
  await expect(dialog.getByRole('note', { name: 'The waiting mail moves' })).toHaveText(
    'A mail with these tickets to ada@exmaple.com is still waiting to go out: it goes to ada@example.com instead. Tick below only to queue a second one.',
  );
  await expect(dialog.getByLabel('Email the tickets to ada@example.com now')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(boxOffice.orders.note()).toHaveText(
    'Buyer corrected to Ada Lovelace. The tickets waiting to go to ada@exmaple.com go to ada@example.com instead; see Mail below.',
  );
  await expect(boxOffice.orders.mail()).toHaveText([/^Queued for ada@example\.com/]);
  const mail = await server.api<{ data: { to: string }[] }>('GET', `/v2/orders/${order.id}/mail`);
  expect(mail.data.map((m) => m.to)).toEqual(['ada@example.com']);
});
