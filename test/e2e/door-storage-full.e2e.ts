import { expect, test } from './fixtures.js';
import type { DoorPage } from './pages/door-page.js';
import { doorNight } from './support/door-night.js';
import type { VenueServer } from './support/venue-server.js';
import { expectDoorCached, fillStorageLeaving, phoneDoor, storedSizes } from './support/paired-door.js';

/**
 * A big night offline on the door page: its queue lives in the browser's localStorage (~5 MB), so
 * past the room there the scans it still admits are in the page only. The door first lets go of
 * what the server gives back (the guest list's names); past that the steward must be told, in
 * words, not to reload, and the warning must go once a sync has made room.
 */

/**
 * Other data fills the door's origin, leaving room for about two queued scans, and then each guest
 * is admitted offline, the verdict put away as a steward does between guests.
 */
async function admitIntoFullStorage(door: DoorPage, guests: readonly { qr_token: string }[]) {
  expect(await fillStorageLeaving(door.page, 1_500)).toBeGreaterThan(1_000_000);
  for (const guest of guests) {
    await door.typeCode(guest.qr_token);
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
    await door.dismissVerdict();
  }
  await expect(door.queued()).toHaveText(`${guests.length} queued`);
}

/** The alert that scans are in the page only, and the note that the names were let go. */
function storageWords(door: DoorPage) {
  return {
    storageAlert: door.page.getByRole('alert').filter({ hasText: 'storage is full' }),
    storageNote: door.page.getByRole('status').filter({ hasText: 'Storage was full' }),
  };
}

/** The admitted scans the server holds for the night. */
async function admittedScans(server: VenueServer, eventId: string) {
  const scans = await server.api<{ data: { ticket_id: string; result: string }[] }>(
    'GET',
    `/v2/scans?event_id=${eventId}&limit=100`,
  );
  return scans.data.filter((scan) => scan.result === 'admitted');
}

test('the browser storage full offline: the door keeps admitting, says not to reload, and is quiet again after sync', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const guests = await night.sell('General admission', 'Ada Guest', 6);
  // No live feed (an open stream outlives the browser going offline).
  const { door, context } = await phoneDoor(browser, server, await night.pairingCode(), async (c) => {
    await c.route('**/v2/scans/stream**', (route) => route.abort());
  });
  await expect(door.connection()).toHaveText('Online');
  await context.setOffline(true);
  await expect(door.connection()).toHaveText(/^Offline/);

  // Room for about two queued scans (the six names, ≈ 700 characters, are dropped first and make
  // room for one more).
  const { storageAlert, storageNote } = storageWords(door);
  await admitIntoFullStorage(door, guests);
  // The names went first, then there was nothing left the server could give back.
  await expect(storageNote).toContainText("the guest list's names were dropped");
  await expect(storageAlert).toHaveText(
    /^This device's storage is full: the last [2-5] offline scans are kept only while this page stays open\. Do not reload or close it; sync as soon as the network is back/,
  );

  // Back online: all six go up, the queue is saved again, and the warning goes.
  await context.setOffline(false);
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(storageAlert).toHaveCount(0);
  // The pull after the sync brought the names back into the room the queue left.
  await expect(storageNote).toHaveCount(0);
  expect(await admittedScans(server, night.eventId)).toHaveLength(6);
});

test("the browser storage full offline: the door drops the guest list's names before any scan, a reload keeps every scan, and the next sync brings the names back", async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission', 'Balcony']);
  const guests = await night.sell('General admission', 'Ada Guest', 6);
  // A guest list big enough to make room with: 80 more names (at most 10 tickets an order).
  for (const [i, tier] of ['General admission', 'Balcony'].flatMap((t) => [t, t, t, t]).entries())
    await night.sell(tier, `Wilhelmina Featherstonehaugh-Montgomery ${i}`, 10);
  const { door } = await phoneDoor(browser, server, await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');
  await expectDoorCached(door.page);
  const names = () => door.page.evaluate(() => localStorage.getItem('marquee.door.names')?.length ?? 0);
  await expect.poll(names).toBeGreaterThan(0);
  const namesSize = await names();
  // The 86 names are the largest part of what the door keeps: the room the door can free.
  const sizes = await storedSizes(door.page);
  expect(sizes[0]).toEqual(['marquee.door.names', namesSize + 'marquee.door.names'.length]);
  test.info().annotations.push({ type: 'localStorage sizes', description: JSON.stringify(sizes) });

  // The venue server goes away (the Wi-Fi is down); other data leaves room for about two scans.
  await server.halt();
  await expect(door.connection()).toHaveText(/^Offline/, { timeout: 10_000 });
  const { storageAlert, storageNote } = storageWords(door);
  await admitIntoFullStorage(door, guests);
  // Every scan is in storage: the names made the room, and the door says so, not "do not reload".
  await expect(storageNote).toHaveText(
    "Storage was full: the guest list's names were dropped from this device to keep your offline scans. Finding a guest by name works until the page is reloaded; the names come back at the next sync.",
  );
  await expect(storageAlert).toHaveCount(0);
  expect(await names()).toBe(0);
  const search = door.page.getByLabel('Guest name or order id');
  await search.fill('Featherstone');
  await expect(door.page.getByRole('list', { name: 'Guests found' }).getByRole('button')).not.toHaveCount(0);

  // A reload mid-night keeps every queued scan and who is inside; only the names are gone.
  await door.page.reload();
  await expect(door.page.getByRole('region', { name: 'Door scanner' })).toBeVisible();
  await expect(door.queued()).toHaveText('6 queued');
  await expect(storageNote).toBeVisible();
  await search.fill('Featherstone');
  await expect(
    door.page.getByText(
      /^No ticket matches “Featherstone” in the names this door still has\. Storage was full/,
    ),
  ).toBeVisible();
  await door.typeCode(guests[0]!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
  await expect(door.queued()).toHaveText('7 queued');

  // Back: the queue goes up, the whole pack brings the names back, and the note goes.
  await server.resume();
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect.poll(names, { timeout: 10_000 }).toBe(namesSize);
  await expect(storageNote).toHaveCount(0);
  await expect(storageAlert).toHaveCount(0);
  expect(await admittedScans(server, night.eventId)).toHaveLength(6);
});
