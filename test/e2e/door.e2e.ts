import type { Browser, Route } from '@playwright/test';
import type { components } from '../../src/shared/api/schema.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { typedPairingCode } from '../../src/shared/pairing-check.js';
import { expect, test } from './fixtures.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { DoorPage } from './pages/door-page.js';
import { chromiumArgs, resolveChromium } from './support/chromium.js';
import { codesAskedAbout } from './support/codes-asked.js';
import { writeQrVideo, type VideoScene } from './support/qr-video.js';
import { snap } from './support/screenshots.js';
import type { VenueServer } from './support/venue-server.js';

type Ticket = components['schemas']['Ticket'];
type ScanRecord = components['schemas']['Scan'];

/** A published event and one ticket sold to a named guest, as the door will see it. */
async function ticketForTonight(
  server: VenueServer,
  guest: string,
): Promise<{ eventId: string; ticket: Ticket }> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Door Night',
    venue: 'Main hall',
    doors_at: '2026-12-24T19:00:00Z',
    tickets: [{ name: 'General admission', price_cents: 2000 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const order = await server.api<{ tickets: Ticket[] }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    buyer: { name: guest, email: 'guest@example.com' },
    payment_method: 'cash',
  });
  return { eventId: event.id, ticket: order.tickets[0]! };
}

async function pairingCode(server: VenueServer, eventId: string): Promise<string> {
  return (await server.api<{ qr: string }>('POST', '/v2/devices/pairing', { event_id: eventId })).qr;
}

/** The pairing code a person types: the token and its check letters (src/shared/pairing-check.ts). */
async function typedCode(server: VenueServer, eventId: string): Promise<string> {
  const pairing = await server.api<{ pairing_token: string; cert_fingerprint: string | null }>(
    'POST',
    '/v2/devices/pairing',
    { event_id: eventId },
  );
  return typedPairingCode(pairing.pairing_token, pairing.cert_fingerprint);
}

async function scansOf(server: VenueServer, ticketId: string): Promise<ScanRecord[]> {
  return (await server.api<{ data: ScanRecord[] }>('GET', `/v2/scans?ticket_id=${ticketId}`)).data;
}

/**
 * Chromium with its fake camera playing `video` (looped). The feed is fixed per launch, hence a
 * browser per video rather than a context.
 */
async function browserWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: resolveChromium(process.env, () => chromium.executablePath()),
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * Makes the Y4M in a temp dir and opens a door page on a browser whose camera plays it; that
 * browser is the test's own, so it is handed to the fixture that fails the test on a page error.
 */
async function doorWithVideo(
  server: VenueServer,
  pageErrors: { watch: (browser: Browser) => void },
  scenes: VideoScene[],
  run: (door: DoorPage) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-door-video-'));
  const video = join(dir, 'camera.y4m');
  await writeQrVideo(video, scenes);
  const browser = await browserWithCamera(video);
  pageErrors.watch(browser);
  try {
    const page = await (await browser.newContext({ viewport: { width: 800, height: 900 } })).newPage();
    await run(new DoorPage(page, server.url));
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the door pairs by camera, admits a ticket and rejects its replay through the camera', async ({
  server,
  pageErrors,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Ada Guest');
  const pairing = await pairingCode(server, eventId);
  // The camera sees the pairing QR, then the ticket, each followed by an empty view, looping:
  // the ticket comes back after being out of view, which is a second presentation (a replay).
  const scenes: VideoScene[] = [
    { text: pairing, seconds: 2 },
    { text: null, seconds: 2 },
    { text: ticket.qr_token, seconds: 2 },
    { text: null, seconds: 3 },
  ];
  await doorWithVideo(server, pageErrors, scenes, async (door) => {
    await door.open();
    await door.nameDoor('Door 2');
    await door.pairWithCamera();
    await expect(door.page.getByText('Door Night')).toBeVisible();
    await door.startScanning();

    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted', { timeout: 20_000 });
    await expect(door.verdict()).toContainText('Admitted');
    await expect(door.verdict()).toContainText('Ada Guest');
    await expect(door.verdict()).toContainText('Checked with the venue server');
    await snap(door.page, 'door-admitted');
    keepScreenshot('door-admitted');

    await expect(door.verdict()).toHaveAttribute('data-result', 'rejected', { timeout: 20_000 });
    await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
    await expect(door.verdict()).toContainText(/Already scanned \d\d:\d\d at this door/);
    await snap(door.page, 'door-rejected');
    keepScreenshot('door-rejected');
  });

  const scans = await scansOf(server, ticket.id);
  expect(scans.map((s) => [s.result, s.reason, s.source])).toEqual([
    ['admitted', null, 'online'],
    ['rejected', 'already_scanned', 'online'],
  ]);
  // Held in front of the camera for 2 s at ~10 decodes a second, yet decided once per showing.
  expect(scans).toHaveLength(2);
});

test('the door admits a paper pass through the camera once, and says it was paper', async ({
  server,
  pageErrors,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Pat Paper');
  const pass = ticket.paper_pass;
  expect(pass).toEqual(expect.any(String));
  const scenes: VideoScene[] = [
    { text: pass, seconds: 2 },
    { text: null, seconds: 3 },
  ];
  await doorWithVideo(server, pageErrors, scenes, async (door) => {
    await door.open();
    await door.nameDoor('Paper door');
    await door.pairByPasting(await pairingCode(server, eventId));
    await expect(door.connection()).toHaveText('Online');
    await door.startScanning();
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted', { timeout: 20_000 });
    await expect(door.verdict()).toHaveAttribute('data-credential', 'paper');
    await expect(door.verdict()).toContainText('Paper pass');
    await expect(door.verdict()).toContainText('Pat Paper');
    await expect(door.verdict()).toHaveAttribute('data-result', 'rejected', { timeout: 20_000 });
    await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
  });
  const scans = await server.api<{ data: { credential: string; result: string }[] }>(
    'GET',
    `/v2/scans?ticket_id=${ticket.id}`,
  );
  expect(scans.data.map((s) => [s.credential, s.result])).toEqual([
    ['paper', 'admitted'],
    ['paper', 'rejected'],
  ]);
});

test('the door keeps deciding with the server stopped, then syncs when it is back', async ({
  server,
  pageErrors,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Bea Offline');
  const pairing = await pairingCode(server, eventId);
  const scenes: VideoScene[] = [
    { text: ticket.qr_token, seconds: 2 },
    { text: null, seconds: 3 },
  ];
  await doorWithVideo(server, pageErrors, scenes, async (door) => {
    await door.open();
    await door.nameDoor('Side door');
    await door.pairByPasting(pairing);
    await expect(door.connection()).toHaveText('Online');
    await snap(door.page, 'door-paired');

    await server.halt();
    // Says since when, so a steward can tell how stale the door's knowledge is.
    await expect(door.connection()).toHaveText(/^Offline since \d\d:\d\d:\d\d$/, { timeout: 10_000 });
    await expect(door.page.getByTestId('door-pack')).toHaveText(/^Door pack \d\d:\d\d:\d\d$/);
    await door.startScanning();

    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted', { timeout: 20_000 });
    await expect(door.verdict()).toContainText('Decided offline');
    await expect(door.queued()).toHaveText('1 queued');
    await expect(door.verdict()).toHaveAttribute('data-result', 'rejected', { timeout: 20_000 });
    await expect(door.verdict()).toContainText(/Already scanned \d\d:\d\d at this door/);
    await expect(door.queued()).toHaveText('2 queued');
    await snap(door.page, 'door-offline');

    await server.resume();
    await expect(door.connection()).toHaveText('Online', { timeout: 15_000 });
    // The camera keeps showing the ticket every 5 s: the door's own sync may upload the queue, or
    // the next showing may (the door never asks the server about a ticket it decided offline
    // before the server has heard of it). The page announces the upload either way.
    await expect(door.page.getByText(/^Synced \d+ offline scans?\.$/)).toBeVisible({ timeout: 15_000 });
    await expect(door.queued()).toHaveText('0 queued', { timeout: 15_000 });
  });

  const scans = await scansOf(server, ticket.id);
  const synced = scans.filter((s) => s.source === 'sync');
  expect(synced.length).toBeGreaterThanOrEqual(2);
  expect([synced[0]!.result, synced[0]!.reason]).toEqual(['admitted', null]);
  for (const replay of synced.slice(1))
    expect([replay.result, replay.reason]).toEqual(['rejected', 'already_scanned']);
  const after = await server.api<{ scan_count: number }>('GET', `/v2/tickets/${ticket.id}`);
  expect(after.scan_count).toBe(1);
});

test('a revoked door admits no one, online or offline, and can be unpaired to pair again', async ({
  server,
  page,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Cy Revoked');
  const door = new DoorPage(page, server.url);
  await door.open();

  // A till's code is refused at pairing, not later as if the door had been revoked.
  const tillCode = (
    await server.api<{ qr: string }>('POST', '/v2/devices/pairing', {
      event_id: eventId,
      scope: 'box_office',
    })
  ).qr;
  await page.getByLabel('Or paste the pairing code').fill(tillCode);
  await page.getByRole('button', { name: 'Pair', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('for another till');

  await door.nameDoor('Stage door');
  // The code as Settings › Pairing shows it for typing, check letters and all.
  await door.pairByPasting(await typedCode(server, eventId));
  // A pairing code typed where tickets go is not a ticket: a hint, and no scan recorded.
  const asked = codesAskedAbout(page);
  await page.getByText('Type or paste a ticket code').click();
  await page.getByLabel('Ticket code').fill(await typedCode(server, eventId));
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('That is a pairing code; this door is already paired.')).toBeVisible();
  const logged = await server.api<{ data: unknown[] }>('GET', `/v2/scans?event_id=${eventId}`);
  expect(logged.data).toEqual([]);

  const devices = await server.api<{ data: { id: string; name: string }[] }>('GET', '/v2/devices?limit=100');
  const stage = devices.data.find((d) => d.name === 'Stage door')!;
  // The live feed would learn of the revocation too, at a moment set by the machine's speed (a
  // loaded run once turned the page to "revoked" before the test could press Check): its
  // reconnects are refused here, so the scan is what finds out.
  await page.route('**/v2/scans/stream*', (route) => route.abort());
  await server.api('DELETE', `/v2/devices/${stage.id}`);

  await page.getByLabel('Ticket code').fill(ticket.qr_token);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('heading', { name: 'This door was revoked' })).toBeVisible();
  await expect(door.verdict()).toHaveCount(0);
  const recorded = await scansOf(server, ticket.id);
  expect(recorded).toEqual([]);
  // The ticket, answered, was the first code the door asked about: the pairing code before it
  // was never sent, however late such a scan would have been recorded.
  expect(asked).toEqual([ticket.qr_token]);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Unpair to pair again' }).click();
  await expect(page.getByRole('heading', { name: 'Pair this door' })).toBeVisible();
});

/** Holds the door's online verdict requests at the browser until the test lets them through. */
async function holdVerdicts(door: DoorPage): Promise<Route[]> {
  const held: Route[] = [];
  await door.page.route('**/v2/scan/validate', (route) => void held.push(route));
  return held;
}

test('with no deadline stored, the door page decides alone when the server holds its answer, and the late answer settles it', async ({
  server,
  page,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Lou Late');
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.setDeadline(null);
  await door.pairByPasting(await pairingCode(server, eventId));
  const held = await holdVerdicts(door);

  // Late by construction: the answer is held until the door has decided, whatever the machine's speed.
  await door.typeCode(ticket.qr_token);
  await expect(door.verdict()).toContainText('Decided offline');
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  expect(held).toHaveLength(1);
  await held[0]!.continue();
  // The late answer replaces the queued offline decision: nothing to upload, recorded once.
  await expect(door.queued()).toHaveText('0 queued');
  const scans = await scansOf(server, ticket.id);
  expect(scans.map((s) => [s.result, s.source])).toEqual([['admitted', 'online']]);
});

test('with a long deadline stored, the door page waits past 300 ms for the server’s verdict', async ({
  server,
  page,
}) => {
  const { eventId, ticket } = await ticketForTonight(server, 'Pia Patient');
  // The page's timers on a clock the test moves, so "past 300 ms" does not depend on the machine.
  await page.clock.install();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await pairingCode(server, eventId));
  const held = await holdVerdicts(door);

  await door.typeCode(ticket.qr_token);
  await expect.poll(() => held.length).toBe(1);
  // Two seconds on the page's clock: far past the real 300 ms, inside the stored 10 s.
  await page.clock.runFor(2_000);
  await expect(door.verdict()).toHaveCount(0);
  await held[0]!.continue();
  await expect(door.verdict()).toContainText('Checked with the venue server');
  await expect(door.verdict()).toContainText('Pia Patient');
  await expect(door.queued()).toHaveText('0 queued');
});
