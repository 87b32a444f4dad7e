import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import type { VenueServer } from './support/venue-server.js';

/** Quiz Night next year (doors 10 May, 19:00 UTC), its page open with the event's form. */
async function openQuizNight(page: Page, server: VenueServer, fields: { venue: string; timezone: string }) {
  const year = new Date().getUTCFullYear() + 1;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Quiz Night',
    doors_at: `${year}-05-10T19:00:00.000Z`,
    ...fields,
  });
  await page.goto(`${server.url}/events/${event.id}`);
  return { year, event, details: page.getByRole('form', { name: 'Event' }) };
}

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
  const { year, event, details } = await openQuizNight(page, server, { venue: 'Main hall', timezone: 'UTC' });
  const heading = page.getByRole('heading', { level: 1 });
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

/**
 * A field typed here that another till changed meanwhile is not silently kept: the form says under
 * it what the other till saved ("Save keeps yours"), with "Use theirs" to take that instead.
 */
test('a typed field another till changed meanwhile says so under it, Use theirs takes their value, and Save keeps the typed one', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const { year, event, details } = await openQuizNight(page, server, {
    venue: 'Back room',
    timezone: 'Europe/London',
  });
  const venue = details.getByLabel('Venue');
  const doors = details.getByLabel('Doors open');
  await expect(venue).toHaveValue('Back room');

  // The manager starts typing a new venue and later doors (20:00 → 22:00 in London), not saved.
  await venue.fill('Studio');
  await doors.fill(`${year}-05-10T22:00`);
  // Meanwhile another till moves it to the Main Hall, doors at 21:00 London (20:00 UTC).
  await server.api('PATCH', `/v2/events/${event.id}`, {
    venue: 'Main Hall',
    doors_at: `${year}-05-10T20:00:00.000Z`,
  });
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");

  // Typed values stay, and each field says what the other till saved, tied to the field.
  const venueNote = 'Changed at another till to “Main Hall” since you started typing. Save keeps yours.';
  await expect(details.getByRole('note').filter({ hasText: venueNote })).toBeVisible();
  await expect(venue).toHaveAccessibleDescription(venueNote);
  await expect(venue).toHaveValue('Studio');
  // Doors on the event's clock as the box office shows times (the zone named on a till elsewhere).
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short' }).format(
    new Date(`${year}-05-10T12:00:00Z`),
  );
  await expect(doors).toHaveAccessibleDescription(
    new RegExp(
      `^Venue time \\(Europe/London\\) Changed at another till to “${day}, 10 May ${year}, 21:00( BST)?” since you started typing\\. Save keeps yours\\.$`,
    ),
  );
  await expect(doors).toHaveValue(`${year}-05-10T22:00`);

  // Their doors, taken: the field shows them and its note goes; the venue's stays.
  const doorsNote = details.getByRole('note').filter({ hasText: /May/ });
  await expect(doorsNote).toHaveText(/Use theirs$/);
  await doorsNote.getByRole('button', { name: 'Use theirs' }).click();
  await expect(doors).toHaveValue(`${year}-05-10T21:00`);
  await expect(doorsNote).toHaveCount(0);
  await expect(doors).toHaveAccessibleDescription('Venue time (Europe/London)');
  await expect(details.getByRole('note').filter({ hasText: venueNote })).toBeVisible();

  // Saved without taking their venue: the typed one wins, on purpose, and the note goes.
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');
  await expect(details.getByRole('note').filter({ hasText: venueNote })).toHaveCount(0);
  await expect(venue).toHaveAccessibleDescription('');
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({
    title: 'Quiz Night',
    venue: 'Studio',
    doors_at: `${year}-05-10T20:00:00.000Z`,
  });
});
