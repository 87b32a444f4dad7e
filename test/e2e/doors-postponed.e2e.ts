import { paperAndPhoneEvent } from './support/paper-and-phone-event.js';
import { expect, test } from './fixtures.js';

/**
 * A show is postponed by three days. Printed and mailed tickets carry a pass that ends a day
 * after the old doors, so on the new night the door refuses them ("Printed ticket out of date").
 * The person moving the doors is told so before saving, counting only the tickets that have a
 * paper pass (a phone-only ticket's wallet page follows the new doors) and not the voided ones.
 */
test('doors moved three days later: the form says the printed or mailed tickets stop getting in, and that wallet links keep working', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const year = new Date().getUTCFullYear() + 1;
  const { eventId, tierId: tier } = await paperAndPhoneEvent(server, {
    title: 'Postponed Night',
    doors_at: `${year}-02-10T19:00:00.000Z`,
    timezone: 'UTC',
  });
  const sell = (name: string, quantity: number) =>
    server.api<{ tickets: { id: string }[] }>('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tier(name), quantity }],
      buyer: { name: 'Guest', email: 'guest@example.test' },
      payment_method: 'cash',
    });

  // Only phone-only tickets sold: nothing printed can go stale, so nothing is said.
  await sell('Balcony', 3);
  await boxOffice.go('Events & tiers');
  await page.reload(); // the list was read before the event was made through the API
  await page.getByRole('link', { name: 'Postponed Night' }).click();
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-10T19:00`);
  await details.getByLabel('Doors open').fill(`${year}-02-13T19:00`);
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-13T19:00`);
  await expect(page.getByTestId('doors-moved-warning')).toHaveCount(0);

  // Three paper tickets sold, one of them voided since: two printed or mailed passes to redo.
  const paper = await sell('Stalls', 3);
  await server.api('POST', `/v2/tickets/${paper.tickets[0]!.id}/void`, {});
  await page.reload();
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-10T19:00`);
  await details.getByLabel('Doors open').fill(`${year}-02-13T19:00`);
  await expect(page.getByTestId('doors-moved-warning')).toHaveText(
    new RegExp(
      `^The 2 tickets already sold, if printed or mailed, stop getting in after \\w+, 11 Feb ${year}, 19:00( \\S+)?, before the new doors: the door will refuse them as out of date\\. After saving, their holders need them sent again \\(Orders → Email tickets…\\) or reprinted\\. Wallet links keep working\\.$`,
    ),
  );
  // Within a day of the old doors the passes still last: nothing to say.
  await details.getByLabel('Doors open').fill(`${year}-02-11T18:00`);
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-11T18:00`);
  await expect(page.getByTestId('doors-moved-warning')).toHaveCount(0);
});
