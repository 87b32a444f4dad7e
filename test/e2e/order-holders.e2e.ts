import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { OrdersPage } from './pages/orders-page.js';
import type { VenueServer } from './support/venue-server.js';
import { mariasShift, shiftTab } from './support/till-night.js';

interface SoldTicket {
  id: string;
  attendee_id: string;
}

/**
 * A group's order sold at the till: one ticket per guest, of a tier that sells up to 100 to one
 * order. Answers the order with the till's key, to sign in with.
 */
async function groupOrder(server: VenueServer, guests: { name: string; email?: string }[]) {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'School trip night',
    doors_at: new Date(Date.now() + 10 * 3_600_000).toISOString(),
    venue: 'Main hall',
    currency: 'usd',
    tickets: [{ name: 'Group', price_cents: 1000, quantity: 200, max_per_order: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  const call = await mariasShift(server, till.secret);
  const sold = await call('/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: guests.length }],
    payment_method: 'cash',
    buyer: { name: 'Ms Okafor' },
    attendees: guests,
  });
  return { orderId: sold.id as string, tickets: sold.tickets as SoldTicket[], tillKey: till.secret };
}

/**
 * Counts the holder reads the page sends (GET /v2/attendees/{id}) and how many are on their way at
 * once: one is counted off before its answer is handed to the page, which cannot ask for the next
 * before it has it. `answer` may answer one itself (a failure) instead of the server.
 */
async function watchHolderReads(page: Page, answer: (attendeeId: string) => number | null = () => null) {
  const asked: string[] = [];
  let onTheirWay = 0;
  let most = 0;
  await page.route(/\/v2\/attendees\/[^/?]+$/, async (route) => {
    const attendeeId = new URL(route.request().url()).pathname.split('/').pop()!;
    asked.push(attendeeId);
    onTheirWay += 1;
    most = Math.max(most, onTheirWay);
    const status = answer(attendeeId);
    const response = status === null ? await route.fetch() : null;
    onTheirWay -= 1;
    if (response) await route.fulfill({ response });
    else
      await route.fulfill({
        status: status!,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { type: 'api_error', code: 'internal_error', message: 'Something went wrong on our side.' },
        }),
      });
  });
  return { asked, most: () => most };
}

async function openOrder(page: Page, server: VenueServer, tillKey: string, orderId: string) {
  await shiftTab(page, server, tillKey);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Orders' }).click();
  const orders = new OrdersPage(page);
  await orders.search(orderId);
  await expect(orders.detail()).toContainText(orderId);
  return orders;
}

/**
 * A school's group of 64 bought at the till. Only the first 50 holders were read: from the 51st
 * on the Holder column said "…" for good and no row offered Edit name…, so a teacher's "put
 * pupil 57's name right" could not be done. And the 50 reads all went out at once.
 */
test('a group order of 64 shows every holder, the 51st on too, read six at a time', async ({
  page,
  server,
}) => {
  const names = Array.from({ length: 64 }, (_, i) => `Pupil ${String(i + 1).padStart(2, '0')}`);
  const { orderId, tickets, tillKey } = await groupOrder(
    server,
    names.map((name) => ({ name })),
  );
  const reads = await watchHolderReads(page);
  const orders = await openOrder(page, server, tillKey, orderId);

  for (const [i, ticket] of tickets.entries()) {
    const row = orders.ticketRow(ticket.id);
    await expect(orders.holder(ticket.id), `ticket ${i + 1}`).toHaveText(names[i]!);
    await expect(row.getByRole('button', { name: 'Edit name…' })).toBeEnabled();
  }
  expect([...reads.asked].sort()).toEqual(tickets.map((t) => t.attendee_id).sort());
  expect(reads.most()).toBeGreaterThan(1);
  expect(reads.most()).toBeLessThanOrEqual(6);

  // The 57th's name put right, as any other.
  await orders.ticketRow(tickets[56]!.id).getByRole('button', { name: 'Edit name…' }).click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Pupil 57');
});

/**
 * One holder's read failed (the venue server answered 500 to that one request). Its row showed
 * "…" and no Edit name… for good, with no word of what went wrong and no way but reopening the
 * order. Now it says the name was not read, offers Try again, and reading it moves no button.
 */
test('a holder whose read failed says so, and Try again reads only that one, moving no button', async ({
  page,
  server,
}) => {
  // The one not read has the longest name and email: read, it widens the Holder column.
  const { orderId, tickets, tillKey } = await groupOrder(server, [
    { name: 'Ada Lovelace' },
    { name: 'Grace Brewster Murray Hopper', email: 'grace.brewster.murray.hopper@navy.example' },
    { name: 'Katherine Johnson' },
  ]);
  const failing = tickets[1]!;
  let serverDown = true;
  const reads = await watchHolderReads(page, (id) => (id === failing.attendee_id && serverDown ? 500 : null));
  const orders = await openOrder(page, server, tillKey, orderId);

  const row = orders.ticketRow(failing.id);
  await expect(orders.holder(failing.id)).toContainText('Name not read');
  const tryAgain = row.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeEnabled();
  await expect(row.getByRole('button', { name: 'Edit name…' })).toBeDisabled();
  // The other rows are read and usable all the same.
  await expect(orders.holder(tickets[0]!.id)).toHaveText('Ada Lovelace');
  await expect(orders.holder(tickets[2]!.id)).toHaveText('Katherine Johnson');
  await expect(orders.ticketRow(tickets[2]!.id).getByRole('button', { name: 'Edit name…' })).toBeEnabled();
  const voids = tickets.map((t) => orders.ticketRow(t.id).getByRole('button', { name: 'Void…' }));
  const before = await Promise.all(voids.map((v) => v.boundingBox()));

  // Still failing: the row says so, rather than nothing happening.
  await tryAgain.click();
  await expect(orders.holder(failing.id)).toContainText('Still not read');
  expect(reads.asked.filter((id) => id === failing.attendee_id)).toHaveLength(2);

  serverDown = false;
  const askedBefore = reads.asked.length;
  await tryAgain.click();
  await expect(orders.holder(failing.id)).toHaveText(
    'Grace Brewster Murray Hopper · grace.brewster.murray.hopper@navy.example',
  );
  // Only the one not read was asked for again.
  expect(reads.asked.slice(askedBefore)).toEqual([failing.attendee_id]);
  expect(await Promise.all(voids.map((v) => v.boundingBox()))).toEqual(before);
  expect(before.every(Boolean)).toBe(true);

  await row.getByRole('button', { name: 'Edit name…' }).click();
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Grace Brewster Murray Hopper');
});

/**
 * Ada's name was on screen; a ticket of the order was voided and the order read again, and the
 * read of her holder again met a server blip. Her row then said "Name not read": the box office
 * lost a name it had. Now it keeps the name, says it may be out of date, and offers Try again;
 * a holder never read still says so.
 */
test('a holder read before whose read again fails keeps the name, marked, until read again', async ({
  page,
  server,
}) => {
  const { orderId, tickets, tillKey } = await groupOrder(server, [
    { name: 'Ada Lovelace', email: 'ada@example.org' },
    { name: 'Grace Hopper' },
    { name: 'Katherine Johnson' },
  ]);
  const [ada, grace, katherine] = tickets as [SoldTicket, SoldTicket, SoldTicket];
  let graceDown = true;
  let blip = false;
  const reads = await watchHolderReads(page, (id) => (id === grace.attendee_id && graceDown ? 500 : null));
  // Ada's read is dropped on the network (no answer at all) while the blip lasts.
  await page.route(/\/v2\/attendees\/[^/?]+$/, async (route) => {
    if (blip && route.request().url().endsWith(ada.attendee_id)) await route.abort('connectionreset');
    else await route.fallback();
  });
  const orders = await openOrder(page, server, tillKey, orderId);
  await expect(orders.holder(ada.id)).toHaveText('Ada Lovelace · ada@example.org');
  await expect(orders.holder(grace.id)).toContainText('Name not read');

  blip = true;
  const asked = reads.asked.length;
  await orders.voidTicket(katherine.id, false);
  await expect(orders.ticketRow(katherine.id)).toContainText('voided');
  const adaRow = orders.ticketRow(ada.id);
  await expect(orders.holder(ada.id)).toContainText('May be out of date');
  await expect(orders.holder(ada.id)).toContainText('Ada Lovelace · ada@example.org');
  await expect(orders.holder(ada.id)).not.toContainText('not read');
  // Grace was never read: her row says so still.
  await expect(orders.holder(grace.id)).toContainText('Still not read');
  expect(reads.asked.slice(asked)).toEqual(expect.arrayContaining([grace.attendee_id]));
  // A name that may be out of date is not edited nor mailed to: those wait for it to be read.
  await expect(adaRow.getByRole('button', { name: 'Edit name…' })).toBeDisabled();

  blip = false;
  graceDown = false;
  await adaRow.getByRole('button', { name: 'Try again' }).click();
  await expect(orders.holder(ada.id)).toHaveText('Ada Lovelace · ada@example.org');
  await expect(orders.holder(grace.id)).toHaveText('Grace Hopper');
  await expect(adaRow.getByRole('button', { name: 'Edit name…' })).toBeEnabled();
});

/**
 * A holder with a long email and no spaces in it (a school's booking address). The Holder column
 * would not wrap it: it squeezed the actions column on a 1280 px screen until the row's buttons
 * stood one per line and ran past the order's right edge, out of reach.
 */
test('a long email in the Holder column wraps and keeps every row button inside the order', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = 'bookings.yearninetrip.stbartholomewssecondary@schooldistrictofsomewhere.example.org';
  const { orderId, tickets, tillKey } = await groupOrder(server, [
    { name: 'Ms Okafor', email },
    { name: 'Tom' },
  ]);
  const orders = await openOrder(page, server, tillKey, orderId);
  await expect(orders.holder(tickets[0]!.id)).toHaveText(`Ms Okafor · ${email}`);

  const pane = (await orders.detail().boundingBox())!;
  for (const ticket of tickets) {
    const buttons = orders.ticketRow(ticket.id).getByRole('button');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const box = (await buttons.nth(i).boundingBox())!;
      expect(box.x + box.width, `${ticket.id} button ${i + 1}`).toBeLessThanOrEqual(pane.x + pane.width);
    }
  }
});
