import { expect, test } from './fixtures.js';

/**
 * The event's page reads its event again while it is open (every 30 s, and when the window comes
 * back into view). A manager half-way through an edit keeps what they typed; the fields they did
 * not touch follow the other till's edit, so saving does not put the old title back.
 */
test('an edit typed on the open event page survives a read of the event changed at another till, and saving keeps that change', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const year = new Date().getUTCFullYear() + 1;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Quiz Night',
    venue: 'Main hall',
    doors_at: `${year}-05-10T19:00:00.000Z`,
    timezone: 'UTC',
  });
  await page.goto(`${server.url}/events/${event.id}`);
  const heading = page.getByRole('heading', { level: 1 });
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByLabel('Title')).toHaveValue('Quiz Night');

  // The manager starts typing a new venue and capacity, not yet saved.
  await details.getByLabel('Venue').fill('Back room');
  await details.getByLabel('Capacity').fill('80');
  // Meanwhile another till renames the show and moves the doors an hour later.
  await server.api('PATCH', `/v2/events/${event.id}`, {
    title: 'Quiz Night (semi-final)',
    doors_at: `${year}-05-10T20:00:00.000Z`,
  });
  // The manager looks away and back: the page reads its event again.
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
  await expect(heading).toContainText('Quiz Night (semi-final)');
  await expect(details.getByLabel('Title')).toHaveValue('Quiz Night (semi-final)');
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-05-10T20:00`);
  await expect(details.getByLabel('Venue')).toHaveValue('Back room');
  await expect(details.getByLabel('Capacity')).toHaveValue('80');

  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({
    title: 'Quiz Night (semi-final)',
    venue: 'Back room',
    doors_at: `${year}-05-10T20:00:00.000Z`,
    capacity: 80,
  });
});
