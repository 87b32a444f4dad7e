import type { Browser } from '@playwright/test';
import type { components } from '../../src/shared/api/schema.js';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { MonitorPage } from './pages/monitor-page.js';
import { doorNight } from './support/door-night.js';
import { pairedDoor } from './support/paired-door.js';
import { snap } from './support/screenshots.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import type { VenueServer } from './support/venue-server.js';
import { holdPageClock } from './support/hold-page-clock.js';

type ScanRecord = components['schemas']['Scan'];

/** The door on a tablet, paired for tonight and online (the box office holds the test's `page`). */
async function openDoor(browser: Browser, server: VenueServer, code: string) {
  const opened = await pairedDoor(browser, server, code, { viewport: { width: 800, height: 1000 } });
  await expect(opened.door.connection()).toHaveText('Online');
  return opened;
}

const scansOf = async (server: VenueServer, eventId: string) =>
  (await server.api<{ data: ScanRecord[] }>('GET', `/v2/scans?event_id=${eventId}&limit=100`)).data;

test('a dead-phone guest is found by name and admitted with a reason; the monitor counts it as manual', async ({
  server,
  boxOffice,
  browser,
}) => {
  const night = await doorNight(server, ['General admission', 'VIP lounge']);
  const [dana] = await night.sell('VIP lounge', 'Dana Deadphone');
  await night.sell('General admission', 'Dan Other');
  const monitor = new MonitorPage(boxOffice.page);
  await boxOffice.go('Monitor');
  await expect(monitor.feedStatus()).toHaveText(/Live/);
  await expect(monitor.admittedBy()).toHaveText('0 · 0 · 0');

  const { door } = await openDoor(browser, server, await night.pairingCode());
  // Part of the name, any case; the other "Dan" is listed too and not picked.
  await door.page.getByLabel('Guest name or order id').fill('dan');
  await expect(door.page.getByRole('list', { name: 'Guests found' }).getByRole('button')).toHaveCount(2);
  await door.admitByName('deadph', 'Dana Deadphone', 'Dead phone');
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toHaveAttribute('data-credential', 'manual');
  await expect(door.verdict()).toContainText('Checked in by hand: Dead phone');
  await expect(door.tier()).toHaveText('★ VIP lounge');
  await snap(door.page, 'door-manual');
  keepScreenshot('door-manual');

  const scans = await scansOf(server, night.eventId);
  expect(scans.map((s) => [s.ticket_id, s.result, s.credential, s.note])).toEqual([
    [dana!.id, 'admitted', 'manual', 'Dead phone'],
  ]);
  await expect(monitor.admittedBy()).toHaveText('0 · 0 · 1');
  await expect(monitor.latestRows().first()).toContainText('manual');
  await expect(monitor.latestRows().first()).toContainText('Dead phone');

  // Found again, the guest is inside and cannot be admitted twice.
  await door.dismissVerdict();
  await door.page.getByLabel('Guest name or order id').fill('Dana');
  const again = door.page
    .getByRole('list', { name: 'Guests found' })
    .getByRole('button', { name: /Dana Deadphone/ });
  await expect(again).toContainText('Inside');
  await expect(again).toBeDisabled();
});

test('offline (server stopped), the guest is found in the door pack and admitted with a reason, then synced; the monitor shows manual', async ({
  server,
  boxOffice,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [olive] = await night.sell('General admission', 'Olive Offline');
  const { door } = await openDoor(browser, server, await night.pairingCode());

  await server.halt();
  await expect(door.connection()).toHaveText(/^Offline since/, { timeout: 10_000 });
  await door.page.getByLabel('Guest name or order id').fill('olive');
  await expect(door.page.getByRole('list', { name: 'Guests found' })).toHaveAttribute('data-mode', 'offline');
  await door.admitByName('olive', 'Olive Offline', 'Guest list');
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toHaveAttribute('data-credential', 'manual');
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await expect(door.queued()).toHaveText('1 queued');
  await snap(door.page, 'door-manual-offline');
  keepScreenshot('door-manual-offline');

  await server.resume();
  await expect(door.connection()).toHaveText('Online', { timeout: 15_000 });
  await expect(door.queued()).toHaveText('0 queued', { timeout: 15_000 });
  const scans = await scansOf(server, night.eventId);
  expect(scans.map((s) => [s.ticket_id, s.result, s.credential, s.note, s.source])).toEqual([
    [olive!.id, 'admitted', 'manual', 'Guest list', 'sync'],
  ]);

  const monitor = new MonitorPage(boxOffice.page);
  await boxOffice.go('Monitor');
  await expect(monitor.admittedBy()).toHaveText('0 · 0 · 1');
  await expect(monitor.latestRows().first()).toContainText('manual');
  await expect(monitor.latestRows().first()).toContainText('Guest list');
});

test('an order of 4 is admitted with one scan and one tap', async ({ server, page }) => {
  const night = await doorNight(server, ['General admission']);
  const tickets = await night.sell('General admission', 'Grace Group', 4);
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  await door.wedgeScan(tickets[0]!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  const offer = door.page.getByRole('button', { name: 'Admit the other 3 of this order' });
  await expect(offer).toBeVisible();
  // On a phone the offer wraps inside the screen rather than running off both edges.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await offer.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'door-order-offer');
  keepScreenshot('door-order-offer');
  await offer.click();
  await expect(door.verdict()).toContainText('3 more of this order let in · 4 of 4 inside');

  const scans = await scansOf(server, night.eventId);
  expect(
    scans
      .filter((s) => s.result === 'admitted')
      .map((s) => s.ticket_id)
      .sort(),
  ).toEqual(tickets.map((t) => t.id).sort());
  expect(scans.map((s) => s.credential)).toEqual(['rotating', 'manual', 'manual', 'manual']);
});

test('a double tap on “Admit the other 2” does not close its answer unread', async ({ server, page }) => {
  const night = await doorNight(server, ['General admission']);
  const tickets = await night.sell('General admission', 'Dee Double', 3);
  // The page's clock runs, then is held, so "within half a second" does not depend on the machine.
  await page.clock.install();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  await door.wedgeScan(tickets[0]!.qr_token);
  const offer = page.getByRole('button', { name: 'Admit the other 2 of this order' });
  await expect(offer).toBeVisible();
  await holdPageClock(page);
  await page.clock.runFor(600);

  await offer.click();
  await expect(door.verdict()).toContainText('2 more of this order let in · 3 of 3 inside');
  // The second tap of the double tap lands on the answer that just replaced the button (forced:
  // a finger does not wait for the verdict to say it takes taps).
  await door.verdict().click({ force: true });
  await expect(door.verdict()).toContainText('2 more of this order let in');
  // Half a second on, a tap closes it as always.
  await page.clock.runFor(600);
  await door.dismissVerdict();
});

test('capacity 10 with 10 inside: the monitor and the door alarm, the door warns at 9', async ({
  server,
  boxOffice,
  browser,
}) => {
  const night = await doorNight(server, ['General admission'], { capacity: 10 });
  const nine = await night.sell('General admission', 'Nina Nine', 9);
  const [last] = await night.sell('General admission', 'Lew Last');
  await server.api('POST', `/v2/orders/${nine[0]!.order_id}/check_in`, {});
  const monitor = new MonitorPage(boxOffice.page);
  await boxOffice.go('Monitor');
  await expect(monitor.insideCount()).toHaveText('9');
  await expect(monitor.capacityBanner()).toHaveAttribute('data-level', 'warning');
  await expect(monitor.capacityBanner()).toHaveText('Nearly full — 9 of 10 inside, 1 place left');

  const { door } = await openDoor(browser, server, await night.pairingCode());
  await expect(door.occupancy()).toHaveText('9 / 10 inside');
  await expect(door.occupancy()).toHaveAttribute('data-level', 'warning');
  await expect(door.page.getByTestId('door-capacity-warning')).toBeVisible();

  await door.wedgeScan(last!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await door.dismissVerdict();
  await expect(door.occupancy()).toHaveText('10 / 10 inside');
  await expect(door.occupancy()).toHaveAttribute('data-level', 'full');
  await expect(door.page.getByTestId('door-capacity-alarm')).toHaveText(
    'Venue full — 10 of 10 inside. Admit only with a reason: find the guest below.',
  );
  await snap(door.page, 'door-venue-full');
  keepScreenshot('door-venue-full');

  await expect(monitor.insideCount()).toHaveText('10');
  await expect(monitor.capacityBanner()).toHaveAttribute('data-level', 'full');
  await expect(monitor.capacityBanner()).toContainText('Venue full — 10 of 10 inside');
  await snap(boxOffice.page, 'monitor-venue-full');
  keepScreenshot('monitor-venue-full');
});
