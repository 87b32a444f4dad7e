import type { BrowserContext } from '@playwright/test';
import { DoorDevice } from '../../src/scanner/door-device.js';
import { FetchTransport } from '../../src/scanner/fetch-transport.js';
import { MemoryDeviceState } from '../../src/scanner/memory-device-state.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { formatAttendeeTime } from '../../src/shared/attendee-time.js';
import { parseTicketToken, tokenLifetimeSeconds } from '../../src/shared/ticket-token.js';
import type { Page } from '@playwright/test';
import { chromium } from 'playwright-core';
import { expect, test } from './fixtures.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { DoorPage } from './pages/door-page.js';
import { WalletPage } from './pages/wallet-page.js';
import { chromiumArgs, resolveChromium } from './support/chromium.js';
import { snap } from './support/screenshots.js';
import { startClockedVenueServer, type ClockedVenueServer } from './support/venue-clock.js';

const hour = 3_600_000;

/** Milliseconds from `at` to the next 5-minute mark, where a rotating code's window begins. */
function untilNextWindow(at: number): number {
  const windowMs = tokenLifetimeSeconds * 1000;
  return windowMs - (at % windowMs);
}

/** The rotating code's window, from its claims. */
function windowOf(token: string): { sub: string; iat: number; exp: number } {
  const claims = parseTicketToken(token)?.claims;
  if (!claims) throw new Error('the code on screen is not a rotating ticket code');
  return { sub: claims.sub, iat: claims.iat * 1000, exp: claims.exp * 1000 };
}

let venue: ClockedVenueServer;

/** When the phone's copy says the server last confirmed the ticket's details (checked_at), in ms. */
async function storedCheckedAt(page: Page): Promise<number> {
  const checkedAt = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^marquee\.wallet\.[0-9a-f]{32}$/.test(k));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { checked_at?: string }).checked_at
      : undefined;
  });
  if (!checkedAt) throw new Error('the copy on the phone has no checked_at');
  return Date.parse(checkedAt);
}

/** The words of a page with no signal whose details were last checked at `checkedAt`, hours ago. */
const lastCheckedWords = (checkedAt: number, zone: string): string =>
  `No signal: showing the ticket as last checked with the venue on ${formatAttendeeTime(checkedAt, zone)}. A change made since, such as a new doors time, shows when the signal is back.`;

/** A published night of one standing tier, doors at `doorsAt`, and one ticket sold for cash. */
async function oneTicketNight(night: {
  title: string;
  doorsAt: number;
  timezone: string;
  buyer?: { name: string; email: string };
}): Promise<{ event: { id: string }; ticket: { id: string; wallet_url: string } }> {
  const { server } = venue;
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: night.title,
    venue: 'Main hall',
    doors_at: new Date(night.doorsAt).toISOString(),
    timezone: night.timezone,
    tickets: [{ name: 'Standing', price_cents: 2000 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const order = await server.api<{ tickets: { id: string; wallet_url: string }[] }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    ...(night.buyer ? { buyer: night.buyer } : {}),
    payment_method: 'cash',
  });
  return { event, ticket: order.tickets[0]! };
}

test.beforeEach(async () => {
  venue = await startClockedVenueServer();
});

test.afterEach(async () => {
  await venue?.server.stop();
});

test('a wallet opened once keeps admitting in flight mode three hours later; an old screenshot does not', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server } = venue;
  const start = Date.now();
  // Doors in three and a half hours: the strip the phone takes now covers the whole night.
  const { event, ticket } = await oneTicketNight({
    title: 'Flight Mode Night',
    doorsAt: start + 3.5 * hour,
    timezone: 'Europe/Amsterdam',
    buyer: { name: 'Mia Phone', email: 'mia@example.test' },
  });
  const pairing = async () =>
    (await server.api<{ qr: string }>('POST', '/v2/devices/pairing', { event_id: event.id })).qr;

  // Two doors, paired and holding their packs while the server is reachable: the door page (in
  // its own browser context, on Playwright's clock) and a door running the SDK on a clock of its own.
  let sdkOffset = 0;
  const sdk = await DoorDevice.pair(parsePairingCode(await pairing()), 'SDK door', {
    state: new MemoryDeviceState(),
    transport: (p) => new FetchTransport(p.baseUrl),
    now: () => Date.now() + sdkOffset,
  });
  await sdk.pull();

  const contexts: BrowserContext[] = [];
  const newContext = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext(options);
    contexts.push(context);
    // The real time of now, not the test's start: the landing below is worked out from the real
    // clock, and a page clock behind it by however long the set-up took (seconds on a busy machine)
    // landed just before a code window's end instead of just after its start.
    await context.clock.install({ time: Date.now() });
    const page = await context.newPage();
    return { context, page };
  };
  try {
    const doorSide = await newContext({ viewport: { width: 800, height: 900 } });
    const door = new DoorPage(doorSide.page, server.url);
    await door.open();
    await door.nameDoor('Front door');
    await door.pairByPasting(await pairing());
    await expect(door.connection()).toHaveText('Online');

    // The phone: opened once, with signal.
    const phone = await newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const wallet = new WalletPage(phone.page);
    await wallet.openOnline(ticket.wallet_url);
    await expect(wallet.offlineNote()).toHaveText(
      /^Works offline all night: the codes are saved on this phone until /,
    );
    await wallet.expectCurrentWindow();
    const early = await wallet.photographCode();
    expect(windowOf(early).sub).toBe(ticket.id);

    // Flight mode, and the venue server gone too: nothing on the network answers the phone.
    await phone.context.setOffline(true);
    await doorSide.context.setOffline(true);
    await server.halt();

    // Three hours later on every clock: both browsers, the SDK door, and the server (when it is back).
    // Landed just after a code window begins, so the steps below (real seconds, however slow the
    // machine) all see the same code on screen; a landing seconds before a window's end made the
    // reload below show the next code.
    const threeHoursOn = 3 * hour + untilNextWindow(Date.now() + 3 * hour) + 5_000;
    await phone.context.clock.fastForward(threeHoursOn);
    await doorSide.context.clock.fastForward(threeHoursOn);
    sdkOffset = threeHoursOn;
    await venue.setOffset(threeHoursOn);

    const shown = await wallet.expectCurrentWindow();
    // Its details were checked with the venue three hours ago: the page says when.
    await expect(phone.page.locator('#w-connection')).toHaveText(
      lastCheckedWords(await storedCheckedAt(phone.page), 'Europe/Amsterdam'),
      { timeout: 15_000 },
    );
    const onScreen = await wallet.photographCode();
    expect(windowOf(onScreen)).toEqual({ sub: ticket.id, iat: shown.notBefore, exp: shown.notAfter });
    expect(shown.notBefore).toBeGreaterThanOrEqual(start + 3 * hour - 5 * 60_000);

    // Opened again in flight mode: the service worker answers with the shell, drawn from storage.
    await phone.page.reload();
    await expect(phone.page.locator('#w-title')).toHaveText('Flight Mode Night');
    await expect(phone.page.locator('#w-status')).toHaveText('Valid');
    await wallet.expectCurrentWindow();
    expect(await wallet.photographCode()).toBe(onScreen);
    await snap(phone.page, 'wallet-offline');
    keepScreenshot('wallet-offline');

    // The door page, offline, on its own clock: admits the code on screen.
    await door.typeCode(onScreen);
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
    await expect(door.verdict()).toContainText('Decided offline');
    await expect(door.verdict()).toHaveAttribute('data-credential', 'rotating');
    await expect(door.verdict()).toContainText('Phone code');
    await door.dismissVerdict();

    // The SDK door, offline: the screenshot taken three hours ago is refused.
    expect(await sdk.scan(early, { offline: true })).toMatchObject({
      result: 'rejected',
      reason: 'expired',
      mode: 'offline',
    });

    // Five and a half minutes later the phone shows the next code; the screenshot of the last one
    // is refused by both doors, and the SDK door admits what is on screen now.
    const later = 5.5 * 60_000 + 1_000;
    await phone.context.clock.fastForward(later);
    await doorSide.context.clock.fastForward(later);
    sdkOffset += later;
    await venue.setOffset(sdkOffset);
    await wallet.expectCurrentWindow();
    const next = await wallet.photographCode();
    expect(next).not.toBe(onScreen);
    expect(await sdk.scan(onScreen, { offline: true })).toMatchObject({
      result: 'rejected',
      reason: 'expired',
    });
    await door.typeCode(onScreen);
    await expect(door.verdict()).toHaveAttribute('data-reason', 'expired');
    await door.dismissVerdict();
    expect(await sdk.scan(next, { offline: true })).toMatchObject({
      result: 'admitted',
      mode: 'offline',
      ticketId: ticket.id,
      credential: 'rotating',
    });

    // Back on the network (the server three hours and more ahead): the door page syncs first; the
    // SDK door's admission is the reported conflict.
    await server.resume();
    await doorSide.context.setOffline(false);
    await expect(doorSide.page.getByText(/^Synced 2 offline scans/)).toBeVisible({ timeout: 20_000 });
    const report = await sdk.sync();
    expect(report).toMatchObject({ uploaded: 3, conflicts: 1 });
    const scans = await server.api<{
      data: { device_id: string; result: string; reason: string | null; source: string; conflict: boolean }[];
    }>('GET', `/v2/scans?ticket_id=${ticket.id}`);
    const byDoor = (deviceId: string | undefined) =>
      scans.data
        .filter((s) => s.device_id === deviceId)
        .map((s) => [s.result, s.reason, s.conflict])
        .sort();
    expect(byDoor(sdk.pairing?.deviceId)).toEqual([
      ['rejected', 'already_scanned', true],
      ['rejected', 'expired', false],
      ['rejected', 'expired', false],
    ]);
    const doorPageScans = scans.data.filter((s) => s.device_id !== sdk.pairing?.deviceId);
    expect(doorPageScans.map((s) => [s.result, s.reason, s.source])).toEqual([
      ['admitted', null, 'sync'],
      ['rejected', 'expired', 'sync'],
    ]);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('where the browser refuses a service worker (not a secure origin), the open page keeps its codes and says so', async ({
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const { server } = venue;
  const start = Date.now();
  const { ticket } = await oneTicketNight({
    title: 'LAN Night',
    doorsAt: start + 3.5 * hour,
    timezone: 'Europe/London',
  });
  // A name that is not localhost, over plain HTTP: not a secure origin, as a phone on the venue
  // LAN sees the server (a self-signed certificate is refused for service workers the same way).
  const lanUrl = new URL(ticket.wallet_url);
  lanUrl.hostname = 'marquee-lan.test';
  const browser = await chromium.launch({
    executablePath: resolveChromium(process.env, () => chromium.executablePath()),
    args: [...chromiumArgs, '--host-resolver-rules=MAP marquee-lan.test 127.0.0.1'],
  });
  pageErrors.watch(browser);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    // Real time of now, as in the test above: the landing below is worked out from the real clock.
    await context.clock.install({ time: Date.now() });
    const page = await context.newPage();
    const wallet = new WalletPage(page);
    await wallet.openWithoutServiceWorker(lanUrl.href);
    expect(await page.evaluate('window.isSecureContext')).toBe(false);
    await expect(wallet.supportNote()).toHaveText(
      /^This browser will not keep this page for use without signal at this address .* keep it open until you are in\.$/,
    );
    await expect(wallet.offlineNote()).toHaveText(/^Works offline all night/);

    // Flight mode with the tab left open, three hours on: the page still draws the current code
    // from what it saved, and the server (its clock moved as well) admits it.
    // Landed just after a code window begins, as in the test above: the window shown and the code
    // photographed below must be the same one however slow the machine is.
    await context.setOffline(true);
    const threeHoursOn = 3 * hour + untilNextWindow(Date.now() + 3 * hour) + 5_000;
    await context.clock.fastForward(threeHoursOn);
    await venue.setOffset(threeHoursOn);
    const shown = await wallet.expectCurrentWindow();
    await expect(page.locator('#w-connection')).toHaveText(
      lastCheckedWords(await storedCheckedAt(page), 'Europe/London'),
      { timeout: 15_000 },
    );
    const onScreen = await wallet.photographCode();
    expect(windowOf(onScreen)).toEqual({ sub: ticket.id, iat: shown.notBefore, exp: shown.notAfter });
    expect(
      await server.api<{ result: string; credential: string }>('POST', '/v2/scan/validate', {
        token: onScreen,
      }),
    ).toMatchObject({ result: 'admitted', credential: 'rotating' });

    // Reopened without signal, there is no service worker to answer: what it cannot do.
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await browser.close();
  }
});

test('a phone whose clock is ten minutes fast shows the code of the venue’s time, with signal and without, and says so', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { server } = venue;
  const start = Date.now();
  const { ticket } = await oneTicketNight({
    title: 'Fast Clock Night',
    doorsAt: start + 2 * hour,
    timezone: 'Europe/Amsterdam',
    buyer: { name: 'Ed Early', email: 'ed@example.test' },
  });
  const validate = (token: string) =>
    server.api<{ result: string; reason: string | null }>('POST', '/v2/scan/validate', { token });

  // Set ten minutes fast by hand, to be on time: by its own clock the phone would show the code
  // of a window the door has not reached yet.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await context.clock.install({ time: start + 10 * 60_000 });
    const page = await context.newPage();
    const wallet = new WalletPage(page);
    await wallet.openOnline(ticket.wallet_url);
    await expect(page.locator('#w-clock')).toHaveText(/^This phone's clock is 10 minutes fast\. /);
    await expect(wallet.code()).toBeVisible();
    const onScreen = await wallet.photographCode();
    expect(windowOf(onScreen).sub).toBe(ticket.id);
    expect(await validate(onScreen)).toMatchObject({ result: 'admitted', reason: null });

    // In flight mode, reopened from the phone's copy six minutes later (a new window): still the
    // venue's window. Shown twice, so the door says already scanned, not "not yet valid".
    await context.setOffline(true);
    await context.clock.fastForward(6 * 60_000);
    await venue.setOffset(6 * 60_000);
    await page.reload();
    await expect(page.locator('#w-connection')).toHaveText(
      'No signal: showing the code saved on this phone.',
    );
    await expect(page.locator('#w-clock')).toHaveText(/^This phone's clock is 10 minutes fast\. /);
    await expect.poll(() => wallet.photographCode(), { timeout: 10_000 }).not.toBe(onScreen);
    const offline = await wallet.photographCode();
    expect(await validate(offline)).toMatchObject({ result: 'rejected', reason: 'already_scanned' });
  } finally {
    await context.close();
  }
});

test('doors moved while the phone had no signal: hours later it says when its details were last checked with the venue; with the signal back it shows the new doors and the notice goes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { server } = venue;
  const zone = 'America/New_York';
  const doorsAt = Date.now() + 5 * hour;
  const { event, ticket } = await oneTicketNight({
    title: 'Moved Doors Night',
    doorsAt,
    timezone: zone,
    buyer: { name: 'Lou Late', email: 'lou@example.test' },
  });
  const doorsWords = (at: number) => `Main hall · doors ${formatAttendeeTime(at, zone)}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    // The page's clock runs from the real time of now (the server's clock is moved with it below).
    const opened = Date.now();
    await context.clock.install({ time: opened });
    const page = await context.newPage();
    const wallet = new WalletPage(page);
    await wallet.openOnline(ticket.wallet_url);
    const openedBy = await wallet.now();
    const meta = page.locator('#w-meta');
    const connection = page.locator('#w-connection');
    await expect(meta).toHaveText(doorsWords(doorsAt));
    // The copy on the phone records when the server confirmed the details: while the page loaded.
    const checkedAt = await storedCheckedAt(page);
    expect(checkedAt).toBeGreaterThanOrEqual(opened);
    expect(checkedAt).toBeLessThanOrEqual(openedBy);

    // Flight mode: just checked, so the plain words.
    await context.setOffline(true);
    await expect(connection).toHaveText('No signal: showing the code saved on this phone.');

    // Meanwhile the box office moves the doors an hour later; the phone hears nothing of it.
    const later = doorsAt + hour;
    await server.api('PATCH', `/v2/events/${event.id}`, { doors_at: new Date(later).toISOString() });

    // Three hours on, still no signal: the page shows the old doors, and says when it last checked.
    await context.clock.fastForward(3 * hour);
    await venue.setOffset(3 * hour);
    await expect(connection).toHaveText(lastCheckedWords(checkedAt, zone));
    await expect(meta).toHaveText(doorsWords(doorsAt));
    await wallet.expectCurrentWindow();
    // Opened again from the phone's copy (the service worker's shell): it says the same.
    await page.reload();
    await expect(page.locator('#w-title')).toHaveText('Moved Doors Night');
    await expect(connection).toHaveText(lastCheckedWords(checkedAt, zone));
    await expect(meta).toHaveText(doorsWords(doorsAt));

    // Signal again, nothing tapped: the new doors, a strip to the later night's end, no notice.
    await context.setOffline(false);
    await expect(meta).toHaveText(doorsWords(later));
    await expect(connection).toBeHidden();
    const nightEnds = Math.ceil((later + 12 * hour) / 300_000) * 300_000;
    await expect(wallet.offlineNote()).toHaveText(
      `Works offline all night: the codes are saved on this phone until ${formatAttendeeTime(nightEnds, zone)}.`,
    );
    await wallet.expectCurrentWindow();
    expect(await storedCheckedAt(page)).toBeGreaterThanOrEqual(opened + 3 * hour);

    // And the signal gone again at once: checked a moment ago, so the plain words.
    await context.setOffline(true);
    await expect(connection).toHaveText('No signal: showing the code saved on this phone.');
  } finally {
    await context.close();
  }
});

test('doors moved past the end of the saved codes, and the signal gone before new ones came: the page says until when its codes work, then that it has none, and when it last checked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { server } = venue;
  const zone = 'Europe/Amsterdam';
  const doorsAt = Date.now() + 2 * hour;
  const { event, ticket } = await oneTicketNight({ title: 'Postponed Night', doorsAt, timezone: zone });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await context.clock.install({ time: Date.now() });
    const page = await context.newPage();
    const wallet = new WalletPage(page);
    await wallet.openOnline(ticket.wallet_url);
    // The strip runs to the night's end: doors + 12 h.
    const codesEnd = Math.ceil((doorsAt + 12 * hour) / 300_000) * 300_000;

    // The box office postpones the doors by a day, past the end of the codes on the phone. The
    // page's next check hears of it, and the signal is gone before the new codes come.
    const postponed = doorsAt + 24 * hour;
    await server.api('PATCH', `/v2/events/${event.id}`, { doors_at: new Date(postponed).toISOString() });
    let asked = 0;
    await page.route('**/strip', async (route) => {
      asked++;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => asked).toBe(1);
    await expect(page.locator('#w-meta')).toHaveText(
      `Main hall · doors ${formatAttendeeTime(postponed, zone)}`,
    );
    await expect(wallet.offlineNote()).toHaveText(
      `Works offline until ${formatAttendeeTime(codesEnd, zone)}. Open it once with signal before then to extend.`,
    );
    await wallet.expectCurrentWindow();
    const checkedAt = await storedCheckedAt(page);

    // Half an hour past the end of the codes, still no signal.
    const on = codesEnd + 30 * 60_000 - (await wallet.now());
    await context.clock.fastForward(on);
    await venue.setOffset(on);
    // Hours before the new doors: not "no code for this moment", as if the ticket had stopped
    // working, but that the codes ran out before the doors, and what to do; said once.
    await expect(page.locator('#w-notice')).toHaveText(
      `The codes saved on this phone ran out on ${formatAttendeeTime(codesEnd, zone)}, before the doors. Open this page with signal before you go, to get the codes for the night.`,
    );
    await expect(wallet.code()).toBeHidden();
    // Nothing about a code that is not there, and the notice not said twice.
    await expect(page.locator('#w-hint')).toBeHidden();
    await expect(wallet.offlineNote()).toBeHidden();
    await expect(page.locator('#w-connection')).toHaveText(lastCheckedWords(checkedAt, zone));
    await expect(page.locator('#w-meta')).toHaveText(
      `Main hall · doors ${formatAttendeeTime(postponed, zone)}`,
    );

    // Signal again: the night's codes, the code on screen with its hint, the doors as they are.
    await page.unroute('**/strip');
    await context.setOffline(false);
    await wallet.expectCurrentWindow();
    await expect(page.locator('#w-notice')).toBeHidden();
    await expect(page.locator('#w-hint')).toHaveText(
      'Show this code at the door. It changes every 5 minutes, by itself.',
    );
    await expect(wallet.offlineNote()).toHaveText(/^Works offline all night: /);
    await expect(page.locator('#w-connection')).toBeHidden();
  } finally {
    await context.close();
  }
});

test('offline, the saved ticket opens from its link with a slash or punctuation stuck on the end, as it does online', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const start = Date.now();
  const { ticket } = await oneTicketNight({
    title: 'Pasted Link Night',
    doorsAt: start + 2 * hour,
    timezone: 'Europe/Amsterdam',
    buyer: { name: 'Pia Paste', email: 'pia@example.test' },
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    await context.clock.install({ time: start });
    const first = await context.newPage();
    await new WalletPage(first).openOnline(ticket.wallet_url);
    await context.setOffline(true);
    // The link as a mail app or a chat message may hand it back.
    for (const link of [`${ticket.wallet_url}/`, `${ticket.wallet_url}).`]) {
      const page = await context.newPage();
      await page.goto(link);
      const wallet = new WalletPage(page);
      await expect(page.locator('#w-title')).toHaveText('Pasted Link Night');
      await expect(page.locator('#w-status')).toHaveText('Valid');
      await wallet.expectCurrentWindow();
      expect(windowOf(await wallet.photographCode()).sub).toBe(ticket.id);
      await page.close();
    }
    // Cut short, it names no ticket saved here: the page says that the link may be the trouble.
    const cut = await context.newPage();
    await cut.goto(ticket.wallet_url.slice(0, -6));
    await expect(cut.locator('#w-notice')).toContainText('or this link is not complete');
  } finally {
    await context.close();
  }
});
