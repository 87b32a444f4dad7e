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

/**
 * Save reads the event again before it sends anything (one GET), so a change another till saved
 * since the page's last 30 s read is seen too: a field typed here that they changed stops the save,
 * says what they saved under it, and nothing is written until a second Save keeps the choice.
 */
test('Save pressed before the next read of the event stops on a field another till just changed, saves nothing, and a second Save keeps the typed value', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const { event, details } = await openQuizNight(page, server, { venue: 'Back room', timezone: 'UTC' });
  const venue = details.getByLabel('Venue');
  await expect(venue).toHaveValue('Back room');

  // Another till moves it to the Main Hall; this page has not read the event since it opened.
  await server.api('PATCH', `/v2/events/${event.id}`, { venue: 'Main Hall' });
  await venue.fill('Studio');
  await details.getByRole('button', { name: 'Save changes' }).click();

  const venueNote = 'Changed at another till to “Main Hall” since you started typing. Save keeps yours.';
  await expect(details.getByRole('note').filter({ hasText: venueNote })).toBeVisible();
  await expect(venue).toHaveAccessibleDescription(venueNote);
  await expect(details.getByRole('alert')).toHaveText(
    'Not saved: another till changed the venue since you started typing. Keep yours or use theirs (said under each), then press “Save changes” again.',
  );
  await expect(venue).toHaveValue('Studio');
  await expect(details.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await expect(details.getByRole('status')).toHaveCount(0);
  // Nothing was written: the server still has the other till's venue.
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({ venue: 'Main Hall' });

  // Seen, and kept: the second Save writes the typed venue.
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');
  await expect(details.getByRole('note').filter({ hasText: venueNote })).toHaveCount(0);
  await expect(details.getByRole('alert')).toHaveCount(0);
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({ venue: 'Studio' });
});

/** A field another till changed and this one did not is never sent back as it was. */
test('Save pressed before the next read keeps the doors another till just moved when only the title was typed here', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const { year, event, details } = await openQuizNight(page, server, { venue: 'Main hall', timezone: 'UTC' });
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-05-10T19:00`);

  await server.api('PATCH', `/v2/events/${event.id}`, { doors_at: `${year}-05-10T20:30:00.000Z` });
  await details.getByLabel('Title').fill('Quiz Night (final)');
  await details.getByRole('button', { name: 'Save changes' }).click();

  await expect(details.getByRole('status')).toHaveText('Saved.');
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-05-10T20:30`);
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({
    title: 'Quiz Night (final)',
    doors_at: `${year}-05-10T20:30:00.000Z`,
  });
});

/**
 * A new zone keeps the wall times the form shows (19:00 stays 19:00 at the venue), so a zone
 * saved on the page's old read would carry the old doors time with it, undoing another till's move.
 */
test('Save pressed before the next read moves the doors another till just set to the new zone, not the old doors', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  // Doors 20:00 in London (19:00 UTC, summer time).
  const { year, event, details } = await openQuizNight(page, server, {
    venue: 'Main hall',
    timezone: 'Europe/London',
  });
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-05-10T20:00`);

  // Another till moves the doors to 21:00 London; this till, not knowing, moves the show to Paris.
  await server.api('PATCH', `/v2/events/${event.id}`, { doors_at: `${year}-05-10T20:00:00.000Z` });
  await details.getByLabel('Time zone').fill('Europe/Paris');
  await details.getByRole('button', { name: 'Save changes' }).click();

  await expect(details.getByRole('status')).toHaveText('Saved.');
  // Their 21:00, now on Paris's clock (19:00 UTC): not the 20:00 this page had read.
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-05-10T21:00`);
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({
    timezone: 'Europe/Paris',
    doors_at: `${year}-05-10T19:00:00.000Z`,
  });
});

/** Save's read of the event fails (the network): nothing is sent, and it says so in plain words. */
test('Save whose read of the event fails says so and sends nothing; Save again once it answers saves', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  const { event, details } = await openQuizNight(page, server, { venue: 'Back room', timezone: 'UTC' });
  await expect(details.getByLabel('Venue')).toHaveValue('Back room');

  const eventUrl = `**/v2/events/${event.id}`;
  await page.route(eventUrl, (route) =>
    route.request().method() === 'GET' ? route.abort('connectionrefused') : route.continue(),
  );
  await details.getByLabel('Venue').fill('Studio');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('alert')).toHaveText(
    /^Not saved: the event could not be read again to check for changes made at another till\. Cannot reach the venue server\. .* Press “Save changes” again\.$/,
  );
  await expect(details.getByRole('status')).toHaveCount(0);
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({ venue: 'Back room' });

  await page.unroute(eventUrl);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');
  await expect(details.getByRole('alert')).toHaveCount(0);
  expect(await server.api('GET', `/v2/events/${event.id}`)).toMatchObject({ venue: 'Studio' });
});
