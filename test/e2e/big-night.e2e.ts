import { expect, test } from './fixtures.js';
import { MonitorPage } from './pages/monitor-page.js';
import { doorNight } from './support/door-night.js';
import { holdRequestsTo } from './support/hold-requests.js';
import type { VenueServer } from './support/venue-server.js';

/**
 * The box office at the end of a busy night, when a lot has piled up: what a manager sees must
 * stay a page they can read, not every row at once (findings-scale.md).
 */

/** A published event tonight and `orders` one-ticket sales with a buyer email each. */
async function soldOut(server: VenueServer, orders: number): Promise<void> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Big Night',
    venue: 'Main hall',
    doors_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    tickets: [{ name: 'Floor', price_cents: 2000, quantity: orders }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  for (let i = 0; i < orders; i++) {
    await server.api('POST', '/v2/orders', {
      event_id: event.id,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
      buyer: { name: `Guest ${i}`, email: `guest${i}@example.com` },
      payment_method: 'card',
    });
  }
}

test('with the mail server down, Settings › Mail counts what waits and lists the oldest 100, more on request', async ({
  server,
  boxOffice,
  page,
}) => {
  // No MARQUEE_SMTP_URL: every confirmation waits in the outbox.
  await soldOut(server, 130);
  await boxOffice.go('Settings');
  const table = page.getByRole('table', { name: 'Mail not sent yet' });
  await expect(page.getByText('130 mails not sent yet. The oldest 100 are listed.')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(100);
  await expect(table.locator('tbody tr').first()).toContainText('guest0@example.com');

  await page.getByRole('button', { name: 'Show 30 more' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(130);
  await expect(table.locator('tbody tr').last()).toContainText('guest129@example.com');
  await expect(page.getByText('130 mails not sent yet.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
});

test("the scan monitor shows the server's count at once, reads only the last hour of the log, and counts a live scan once", async ({
  server,
  boxOffice,
  page,
}) => {
  const night = await doorNight(server, ['Floor'], { capacity: 100 });
  for (const guest of ['Ada', 'Grace', 'Alan']) {
    const [ticket] = await night.sell('Floor', guest);
    await server.api('POST', '/v2/scan/validate', { token: ticket!.paper_pass, event_id: night.eventId });
  }
  const monitor = new MonitorPage(page);
  const logReads: string[] = [];
  page.on('request', (request) => {
    if (/\/v2\/scans\?/.test(request.url())) logReads.push(request.url());
  });
  // Both answers held back: until the server's count arrives the figures say they are counting.
  const count = await holdRequestsTo(page, '**/v2/scan/occupancy?*');
  const log = await holdRequestsTo(page, '**/v2/scans?*');
  await boxOffice.go('Monitor');
  await expect.poll(() => count.count()).toBeGreaterThan(0);
  await expect(monitor.insideCount()).toHaveText('…');
  await expect(monitor.admittedByCredential()).toHaveText('…');
  // The count needs no scan log: on a night of 15,000 scans it is there as soon as the server answers.
  await count.release();
  await expect(monitor.insideCount()).toHaveText('3');
  await expect(monitor.admittedByCredential()).toHaveText('0 · 3 · 0');
  await expect(monitor.admittedLastHour()).toHaveText('…');
  await log.release();
  await expect(monitor.admittedLastHour()).toHaveText('3');
  // One page of the last hour, not the whole log from its start.
  expect(logReads).toHaveLength(1);
  expect(new URL(logReads[0]!).searchParams.get('since')).not.toBeNull();

  // A scan on the feed after the count is added once.
  const [late] = await night.sell('Floor', 'Linus');
  await server.api('POST', '/v2/scan/validate', { token: late!.paper_pass, event_id: night.eventId });
  await expect(monitor.insideCount()).toHaveText('4');
  await expect(monitor.admittedByCredential()).toHaveText('0 · 4 · 0');
  await expect(monitor.admittedLastHour()).toHaveText('4');

  // Every event: each event's count added up, here the one event with scans.
  await page.getByRole('combobox', { name: 'Event' }).selectOption('all');
  await expect(page).toHaveURL(/\/monitor\/all$/);
  await expect(monitor.insideCount()).toHaveText('4');
  await expect(monitor.admittedByCredential()).toHaveText('0 · 4 · 0');
});
