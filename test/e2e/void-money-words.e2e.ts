import { expect, test } from './fixtures.js';
import { OrdersPage } from './pages/orders-page.js';
import { dollarEventAndTill, mariasShift, shiftTab } from './support/till-night.js';

interface SoldTicket {
  id: string;
  tier_id: string;
}

/**
 * A manager voiding tickets reads, before confirming, what happens to the money: a free ticket
 * or a comp's has nothing to give back (no refund is offered at all), a paid one says its amount
 * and where it goes back.
 */
test('the Void dialog says a free or comp ticket gives no money back, and a paid one its amount and where it goes', async ({
  page,
  server,
}) => {
  const { event, till, tierId } = await dollarEventAndTill(server, {
    title: 'Band night',
    doors_at: new Date(Date.now() + 10 * 3_600_000).toISOString(),
  });
  const free = await server.api<{ id: string }>('POST', `/v2/events/${event.id}/tiers`, {
    name: 'Guest of the band',
    price_cents: 0,
    quantity: 20,
  });
  const call = await mariasShift(server, till.secret);
  const sold = await call('/v2/orders', {
    event_id: event.id,
    items: [
      { tier_id: tierId, quantity: 1 },
      { tier_id: free.id, quantity: 1 },
    ],
    payment_method: 'cash',
  });
  const soldTickets = sold.tickets as SoldTicket[];
  const paidTicket = soldTickets.find((t) => t.tier_id === tierId)!.id;
  const freeTicket = soldTickets.find((t) => t.tier_id === free.id)!.id;
  const comp = await call('/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tierId, quantity: 1 }],
    payment_method: 'comp',
    comp_reason: 'Press',
  });
  const compTicket = (comp.tickets as SoldTicket[])[0]!.id;

  await shiftTab(page, server, till.secret);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
  const orders = new OrdersPage(page);
  const dialog = page.getByRole('dialog');
  const money = dialog.getByRole('note', { name: 'What happens to the money' });

  await test.step('a free ticket on a paid order: no refund offered, and the words say none goes back', async () => {
    await orders.search(sold.id as string);
    await expect(orders.detail()).toContainText(sold.id as string);
    await orders.ticketRow(freeTicket).getByRole('button', { name: 'Void…' }).click();
    await expect(money).toHaveText(
      'This ticket was free: nothing is refunded and no money goes back to the guest.',
    );
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Void ticket' }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.ticketRow(freeTicket)).toContainText('voided');
    await expect(page.getByRole('status').filter({ hasText: `Voided ${freeTicket}.` })).toHaveText(
      `Voided ${freeTicket}. It was free: no money moved.`,
    );
    await expect(orders.refunded()).toHaveText('$0.00');
  });

  await test.step('the paid ticket: the refund names its amount and that it is cash from the drawer', async () => {
    await orders.ticketRow(paidTicket).getByRole('button', { name: 'Void…' }).click();
    await expect(
      dialog.getByRole('checkbox', { name: `Refund $25.00 on order ${sold.id as string}` }),
    ).toBeChecked();
    await expect(money).toHaveText(
      '$25.00 is recorded as refunded as cash from the drawer (the shift expects that much less cash). Hand it to the guest from the drawer. Marquee itself moves no money.',
    );
    await dialog.getByRole('checkbox').uncheck();
    await expect(money).toHaveText(
      'No refund is recorded: the order keeps the $25.00 this ticket cost and no money goes back to the guest.',
    );
    await dialog.getByRole('button', { name: 'Keep ticket' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('a comp’s ticket: no refund offered, said as complimentary', async () => {
    await orders.search(comp.id as string);
    await expect(orders.detail()).toContainText(comp.id as string);
    await orders.ticketRow(compTicket).getByRole('button', { name: 'Void…' }).click();
    await expect(money).toHaveText(
      'This ticket was complimentary: nothing is refunded and no money goes back to the guest.',
    );
    await expect(dialog.getByRole('checkbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Keep ticket' }).click();
    await expect(dialog).toBeHidden();
  });
});
