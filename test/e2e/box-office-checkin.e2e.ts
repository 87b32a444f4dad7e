import { expect, test } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { GuestCheckInPage } from './pages/guest-check-in-page.js';
import { doorNight } from './support/door-night.js';

interface ScanRecord {
  ticket_id: string | null;
  result: string;
  credential: string;
  note: string | null;
}

test('at the box office a guest-list guest is found by part of the name and checked in by hand; again, refused as inside', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [gina, ginaPlusOne] = await night.sell('General admission', 'Gina Guestlist', 2);
  await night.sell('General admission', 'Otto Other');
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  await new BoxOffice(page, server).signIn(till.secret);
  const checkIn = new GuestCheckInPage(page);
  await checkIn.open(night.eventId);

  // One letter would list most of the guest list: the panel asks for more instead of searching.
  await checkIn.search().fill('g');
  await expect(checkIn.panel.getByText('Type at least 2 letters of the name.')).toBeVisible();
  await expect(checkIn.panel.getByRole('list', { name: 'Guests found' })).toHaveCount(0);

  await checkIn.search().fill('zq');
  await expect(checkIn.panel.getByText('Nobody at this event matches “zq”.')).toBeVisible();

  // Part of the name, any case: both tickets of Gina's order, not Otto's.
  await checkIn.search().fill('GUESTL');
  await expect(checkIn.matches()).toHaveCount(2);
  await expect(checkIn.matches().first()).toContainText('Not arrived');
  await checkIn.admit('uestli', 'Gina Guestlist', 'Guest list');
  await expect(checkIn.admitted()).toContainText('Admitted: Gina Guestlist');
  await expect(checkIn.admitted()).toContainText('Guest list');

  const scans = async () =>
    (await server.api<{ data: ScanRecord[] }>('GET', `/v2/scans?event_id=${night.eventId}&limit=100`)).data
      .map((s) => [s.ticket_id, s.result, s.credential, s.note])
      .sort();
  expect(await scans()).toEqual([[gina!.id, 'admitted', 'manual', 'Guest list']]);

  // The rest of the order in one tap, with the same reason.
  await checkIn.admitted().getByRole('button', { name: 'Admit the other 1 of this order' }).click();
  await expect(checkIn.panel.getByText('Admitted 1 more of this order.')).toBeVisible();
  expect(await scans()).toEqual(
    [
      [gina!.id, 'admitted', 'manual', 'Guest list'],
      [ginaPlusOne!.id, 'admitted', 'manual', 'Guest list'],
    ].sort(),
  );

  // The same guest again: listed as inside, and the server's refusal in plain words.
  await checkIn.search().fill('gina');
  await expect(
    checkIn.matches().filter({ has: page.getByText('Gina Guestlist', { exact: true }) }),
  ).toContainText('Inside');
  await checkIn.admit('gina', 'Gina Guestlist', 'Guest list');
  await expect(checkIn.refused()).toContainText('Not admitted: Gina Guestlist.');
  await expect(checkIn.refused()).toContainText('Already used: this ticket is inside');
  await expect(checkIn.admitted()).toHaveCount(0);
  expect(await scans()).toHaveLength(3);
});
