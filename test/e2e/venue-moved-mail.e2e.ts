import type { CaughtMail } from '../support/smtp-catcher.js';
import { paperAndPhoneNightNextYear } from './support/paper-and-phone-event.js';
import { expect } from './fixtures.js';
import type { BoxOffice } from './pages/box-office.js';
import { mailedTest as test } from './support/mailed-venue.js';
import type { VenueServer } from './support/venue-server.js';

const newVenue = 'Studio 2, North building';
const namesNewVenue = (mail: CaughtMail) => (mail.parsed.text ?? '').includes(newVenue);

/** Until the venue's outbox has nothing waiting: every mail queued so far went (or was given up). */
const outboxEmpty = (server: VenueServer) =>
  expect
    .poll(async () => (await server.api<{ data: unknown[] }>('GET', '/v2/mail?status=pending')).data.length, {
      timeout: 20_000,
    })
    .toBe(0);

/** The event's page, opened fresh: its lists were read before the event was made through the API. */
async function openEventPage(boxOffice: BoxOffice, title: string) {
  await boxOffice.go('Events & tiers');
  await boxOffice.page.reload();
  await boxOffice.page.getByRole('link', { name: title }).click();
  return boxOffice.page.getByRole('form', { name: 'Event' });
}

/**
 * The manager moves a show to another room on its page: the page offers to mail the new venue to
 * the two orders with an email, names the walk-in sale apart, and still offers it after a reload
 * (the server keeps the change and who was told). Each order's confirmation goes again (it names
 * the venue as it is now). The answer for one order is lost on the way back (the server queued its
 * mail) and the list cannot be read for a moment: the last list stays, and "Try again" sends it
 * with the same key, so nobody gets it twice.
 */
test('after the venue changes, "Send the new venue to N orders" survives a reload and mails each buyer once, even through a retry', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  const { eventId, sell } = await paperAndPhoneNightNextYear(server, 'Moved Room Night', '05');
  await sell('ann@example.test');
  const bob = await sell('bob@example.test');
  const walkIn = await sell(null);
  await smtp.waitFor(2, 20_000);
  // Both confirmations marked sent, naming the old venue, before it changes.
  await outboxEmpty(server);

  // Bob's resend reaches the server (which queues the mail), but its answer never comes back, and
  // the list cannot be read either until the till tries Bob again.
  let lost = 0;
  let down = false;
  await page.route(`**/v2/orders/${bob.id}/resend`, async (route) => {
    if (lost > 0) {
      down = false;
      return route.continue();
    }
    lost++;
    await route.fetch();
    down = true;
    return route.abort('connectionreset');
  });
  await page.route(`**/v2/events/${eventId}/outdated_venue`, (route) =>
    down ? route.abort('connectionreset') : route.continue(),
  );

  const details = await openEventPage(boxOffice, 'Moved Room Night');
  await expect(details.getByLabel('Venue')).toHaveValue('Main hall');
  await expect(page.getByTestId('venue-move-mail')).toHaveCount(0);
  await details.getByLabel('Venue').fill(newVenue);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');

  const offer = page.getByTestId('venue-move-mail');
  const button = offer.getByRole('button', { name: 'Send the new venue to 2 orders' });
  await expect(button).toBeVisible();
  // A fresh page load (another till, or this one restarted) offers the same.
  await page.reload();
  await expect(details.getByLabel('Venue')).toHaveValue(newVenue);
  await expect(button).toBeVisible();
  await expect(offer.getByTestId('venue-no-email')).toHaveText(
    `1 walk-in order has no email: tell them at the door (${walkIn.id}).`,
  );
  await button.click();
  await expect(offer.getByRole('status')).toContainText(
    '1 order’s tickets queued to mail again. Not sent (1):',
  );
  await expect(offer.getByRole('status')).toContainText(bob.id);
  // The list read after the sending failed: the last one stays, and says so.
  await expect(offer.getByRole('alert')).toContainText('Could not read which orders have not been sent');
  await offer.getByRole('button', { name: 'Try again for the 1 not sent' }).click();
  await expect(offer.getByRole('status')).toHaveText('1 order’s tickets queued to mail again.');
  await expect(offer.getByTestId('venue-all-sent')).toBeVisible();
  await expect(offer.getByRole('button')).toHaveCount(0);
  expect(lost).toBe(1);

  // Back on the page later, and after a reload: everyone with an email has it, so nothing is offered.
  await boxOffice.go('Events & tiers');
  await page.getByRole('link', { name: 'Moved Room Night' }).click();
  await expect(details.getByLabel('Venue')).toHaveValue(newVenue);
  const read = page.waitForResponse((r) => r.url().includes('/outdated_venue') && r.ok());
  await page.reload();
  await read;
  await expect(details.getByLabel('Venue')).toHaveValue(newVenue);
  await expect(page.getByTestId('venue-move-mail')).toHaveCount(0);

  // Once the outbox is empty, each buyer got exactly one mail naming the new venue.
  await outboxEmpty(server);
  const moved = smtp.mails.filter(namesNewVenue);
  expect(moved.map((m) => m.rcptTo).sort()).toEqual([['ann@example.test'], ['bob@example.test']]);
  expect(smtp.mails).toHaveLength(4);
});

/**
 * One save postpones the show by three days and moves it to another room: both offers list the
 * same two buyers. The manager mails them from the postponement's offer, then presses the venue's
 * before its list was read again: it asks the server first, finds both told (the postponement's
 * mail names the new room), and mails nobody. Each buyer gets one mail for the save.
 */
test('a save that moves doors and venue mails each buyer once, whichever offer is pressed after the other', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  const { year, sell } = await paperAndPhoneNightNextYear(server, 'Moved Twice Night', '06');
  for (const email of ['ann@example.test', 'bob@example.test']) await sell(email);
  await smtp.waitFor(2, 20_000);
  await outboxEmpty(server);

  const details = await openEventPage(boxOffice, 'Moved Twice Night');
  await details.getByLabel('Doors open').fill(`${year}-06-13T19:00`);
  await details.getByLabel('Venue').fill(newVenue);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');

  const postpone = page.getByTestId('postpone-resend');
  const venueOffer = page.getByTestId('venue-move-mail');
  const venueButton = venueOffer.getByRole('button', { name: 'Send the new venue to 2 orders' });
  await expect(venueButton).toBeVisible();
  await postpone.getByRole('button', { name: 'Resend tickets to 2 orders' }).click();
  await expect(postpone.getByRole('status')).toHaveText('2 orders’ tickets queued to mail again.');
  // The venue's list was read before that sending: its button is still there until pressed.
  await expect(venueButton).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().includes('/outdated_venue') && r.ok());
  await venueButton.click();
  await asked;
  await expect(venueOffer).toHaveCount(0);

  await outboxEmpty(server);
  const resent = smtp.mails.slice(2);
  expect(resent.map((m) => m.rcptTo).sort()).toEqual([['ann@example.test'], ['bob@example.test']]);
  expect(resent.every(namesNewVenue)).toBe(true);
  expect(smtp.mails).toHaveLength(4);
});

/**
 * Before the show moves, one buyer hands her ticket to a friend by email and another to someone
 * with no address. The venue's offer names the transferred ticket beside the buyer still holding
 * one, mails that ticket's holder her own ticket again (her ticket is not in the buyer's mail),
 * and names the ticket handed over without an email apart, for the door.
 */
test('after the venue changes, the holder a ticket was transferred to is sent the new venue too', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  const { sell } = await paperAndPhoneNightNextYear(server, 'Handed On Night', '07');
  await sell('ann@example.test');
  const dee = await sell('dee@example.test');
  const fay = await sell('fay@example.test');
  // The three confirmations go out before the tickets are handed on (a confirmation is composed
  // when it is sent, and one composed after would hold no ticket of Dee's or Fay's).
  await smtp.waitFor(3, 20_000);
  const handOn = (ticketId: string, name: string, email: string | null) =>
    server.api<{ id: string }>('POST', `/v2/tickets/${ticketId}/transfer`, { to_email: email, name });
  await handOn(dee.tickets[0]!.id, 'Eve', 'eve@example.test');
  const friend = await handOn(fay.tickets[0]!.id, 'Friend', null);
  // Eve's own mail too, naming the old venue, before it changes.
  await smtp.waitFor(4, 20_000);
  await outboxEmpty(server);

  const details = await openEventPage(boxOffice, 'Handed On Night');
  await details.getByLabel('Venue').fill(newVenue);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');

  const offer = page.getByTestId('venue-move-mail');
  // Dee and Fay hold nothing now: their tickets are Eve's and the friend's.
  const button = offer.getByRole('button', {
    name: 'Send the new venue to 1 order and 1 transferred ticket',
  });
  await expect(button).toBeVisible();
  await expect(offer.getByTestId('venue-no-email')).toHaveText(
    `1 transferred ticket was handed over without an email: tell its holder at the door (${friend.id}).`,
  );
  await button.click();
  await expect(offer.getByRole('status')).toHaveText(
    '1 order’s tickets and 1 transferred ticket queued to mail again.',
  );
  await expect(offer.getByTestId('venue-all-sent')).toBeVisible();

  await outboxEmpty(server);
  const resent = smtp.mails.slice(4);
  expect(resent.map((m) => m.rcptTo).sort()).toEqual([['ann@example.test'], ['eve@example.test']]);
  expect(resent.every(namesNewVenue)).toBe(true);
  expect(smtp.mails).toHaveLength(6);
});
