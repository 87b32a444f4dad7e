import { expect, test } from './fixtures.js';
import { doorNight } from './support/door-night.js';
import { phoneDoor, scansOfTicket } from './support/paired-door.js';

/**
 * A steward updates the door page mid-event: the page before kept its whole queue of offline
 * scans as one localStorage value (`marquee.door.queue`); this one keeps a key per scan. The
 * scans the old page queued are read after the reload, uploaded once, in order, and the old
 * value goes.
 */
test('scans queued by the door page before an update are uploaded once after the reload', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const guests = await night.sell('General admission', 'Uma Update', 2);
  const { door } = await phoneDoor(browser, server, await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');

  // What the page before the update had queued offline: both guests admitted, one value.
  await door.page.evaluate(
    (queued) => {
      const items = queued.map((guest, i) => ({
        seq: i + 1,
        kind: 'code',
        token: guest.token,
        note: null,
        ticketId: guest.ticketId,
        scannedAt: Date.now() - 1_000 + i,
        result: 'admitted',
        reason: null,
        direction: 'in',
      }));
      localStorage.setItem('marquee.door.queue', JSON.stringify({ nextSeq: 3, items }));
    },
    guests.map((guest) => ({ token: guest.qr_token, ticketId: guest.id })),
  );
  await door.page.reload();

  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  for (const guest of guests) {
    expect((await scansOfTicket(server, guest.id)).map((scan) => [scan.result, scan.reason])).toEqual([
      ['admitted', null],
    ]);
  }
  expect(await door.page.evaluate(() => localStorage.getItem('marquee.door.queue'))).toBeNull();
});
