import { expect, test } from './fixtures.js';
import { doorNight } from './support/door-night.js';
import { phoneDoor } from './support/paired-door.js';

/**
 * A big night offline on the door page: its queue lives in the browser's localStorage (~5 MB), so
 * past the room there the scans it still admits are in the page only. The steward must be told,
 * in words, not to reload, and the warning must go once a sync has made room.
 */
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

  // Other data fills this origin's storage, leaving room for about two queued scans.
  const room = await door.page.evaluate(() => {
    const key = 'test.filler';
    let length = 0;
    // The largest filler that fits, by halving steps: at most 24 tries.
    for (let step = 1 << 23; step >= 64; step >>= 1) {
      try {
        localStorage.setItem(key, 'x'.repeat(length + step));
        length += step;
      } catch {
        // Too big: a smaller step next.
      }
    }
    localStorage.setItem(key, 'x'.repeat(length - 1_500));
    return length;
  });
  expect(room).toBeGreaterThan(1_000_000);

  const storageAlert = door.page.getByRole('alert').filter({ hasText: 'storage is full' });
  for (const guest of guests) {
    await door.typeCode(guest.qr_token);
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
    // A verdict takes taps once it has been on screen long enough to read (aria-disabled till then).
    await expect(door.verdict()).not.toHaveAttribute('aria-disabled', 'true');
    await door.verdict().click();
    await expect(door.verdict()).toHaveCount(0);
  }
  await expect(door.queued()).toHaveText('6 queued');
  await expect(storageAlert).toHaveText(
    /^This device's storage is full: the last [3-6] offline scans are kept only while this page stays open\. Do not reload or close it; sync as soon as the network is back/,
  );

  // Back online: all six go up, the queue is saved again, and the warning goes.
  await context.setOffline(false);
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(storageAlert).toHaveCount(0);
  const scans = await server.api<{ data: { ticket_id: string; result: string }[] }>(
    'GET',
    `/v2/scans?event_id=${night.eventId}&limit=100`,
  );
  expect(scans.data.filter((scan) => scan.result === 'admitted')).toHaveLength(6);
});
