import type { Page } from '@playwright/test';
import { afterCloseMs } from '../../src/renderer/src/lib/verdict-keys.js';
import { typedPairingCode } from '../../src/shared/pairing-check.js';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { codesAskedAbout } from './support/codes-asked.js';
import { doorNight } from './support/door-night.js';
import { holdPageClock } from './support/hold-page-clock.js';
import { expectDoorCached } from './support/paired-door.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { snap } from './support/screenshots.js';
import { silentListener } from './support/silent-listener.js';
import { wedgeScan } from './support/wedge-scan.js';

/**
 * How long a verdict ignores keys and taps after it appears: use-settled.ts's `settleMs`, not
 * imported because that module's React types would land in the e2e type-check (no DOM library).
 */
const settleMs = 500;

/**
 * Moves a held page clock exactly past the guard of the verdict on screen, once: the verdict's
 * half-second timer and its 3 s auto-close are set when it renders (the scan's answer reaches the
 * door store, whose updates React renders and runs the effects of in one go), so a verdict on
 * screen has both timers waiting on the held clock. Then the page is waited for, never the clock
 * moved again: a step repeated while a slow page had not yet shown the settled verdict took another
 * half second off the auto-close each time, until the verdict closed by itself.
 */
async function untilVerdictSettles(page: Page, verdict: ReturnType<DoorPage['verdict']>): Promise<void> {
  // Up and still guarded: nothing has moved the clock past its guard before this step.
  await expect(verdict).toHaveAttribute('aria-disabled', 'true');
  await page.clock.runFor(settleMs);
  await expect(verdict).not.toHaveAttribute('aria-disabled');
}

/**
 * Records where each click on the page lands from now on, as "verdict", "start" (Start scanning)
 * or the tag of whatever else, with its click count: a tap's effect is judged only once it is
 * known to have reached the element meant.
 */
async function clicksLanding(page: Page): Promise<() => Promise<string[]>> {
  // A string: the e2e tests are type-checked without the DOM library.
  await page.evaluate(`window.clicksLanded = [];
    document.addEventListener('click', (event) => {
      const on = event.target.closest('.door-verdict') ? 'verdict' : event.target.closest('.door-start') ? 'start' : event.target.tagName;
      window.clicksLanded.push(on + ' ' + event.detail);
    }, true);`);
  return () => page.evaluate<string[]>('window.clicksLanded');
}

test('a wedge scan admits with no field focused, and the verdict tells a VIP apart', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission', 'VIP lounge']);
  const [vip] = await night.sell('VIP lounge', 'Vera Vip');
  const [general] = await night.sell('General admission', 'Gus General');
  const [late] = await night.sell('General admission', 'Lou Late');
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  // The live region is there before any verdict, and stays the same element while verdicts come.
  const announcer = page.getByTestId('door-announcer');
  await expect(announcer).toHaveText('');
  await page.evaluate(`document.querySelector('[data-testid="door-announcer"]').dataset.mark = 'first'`);
  // Nothing clicked since pairing: the scanner "types" into the page itself.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await door.wedgeScan(vip!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Vera Vip');
  await expect(door.tier()).toHaveText('★ VIP lounge');
  await expect(door.tier()).toHaveAttribute('data-special', 'true');
  await expect(announcer).toHaveText('Admitted. Welcome in. Vera Vip. VIP lounge.');
  await snap(page, 'door-vip');
  keepScreenshot('door-vip');

  // A scan arriving while a verdict is up is a scan: its Enter decides it, not "close".
  await door.wedgeScan(general!.qr_token);
  await expect(door.verdict()).toContainText('Gus General');
  await expect(announcer).toHaveText('Admitted. Welcome in. Gus General. General admission.');
  await expect(announcer).toHaveAttribute('data-mark', 'first');
  // Esc closes it (once it takes keys), and the focus is where scanning goes on.
  await expect(door.verdict()).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Escape');
  await expect(door.verdict()).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start scanning' })).toBeFocused();

  // With a button focused, the scan's Enter decides the scan instead of pressing the button.
  await door.wedgeScan(late!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.tier()).toHaveText('General admission');
  await expect(door.tier()).toHaveAttribute('data-special', 'false');
  await expect(page.getByLabel('Camera: ticket QR')).toHaveCount(0);
  // Enter closes the verdict; it does not also press the button under it.
  await expect(door.verdict()).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Enter');
  await expect(door.verdict()).toHaveCount(0);
  await expect(page.getByLabel('Camera: ticket QR')).toHaveCount(0);

  const scans = await server.api<{ data: { ticket_id: string; result: string }[] }>(
    'GET',
    `/v2/scans?event_id=${night.eventId}`,
  );
  expect(scans.data.map((s) => [s.ticket_id, s.result])).toEqual([
    [vip!.id, 'admitted'],
    [general!.id, 'admitted'],
    [late!.id, 'admitted'],
  ]);
});

/**
 * The focus sits on Start scanning under the verdict (where Esc and Enter put it back). An Enter
 * the verdict does not take, in its first half second or as a held key's repeat, and the second
 * Enter of a quick double press, used to press that button: the camera started behind the verdict.
 */
test('Enter at a verdict never starts the camera: too early, pressed twice, or held', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission']);
  const tickets = await night.sell('General admission', 'Ada Early', 4);
  // The page's clock is held from the first scan on and moved by hand: "inside the verdict's first
  // half second" and "within half a second of a close" do not depend on how busy the machine is
  // (and the verdict's own 3 s timeout never closes it behind the test's back).
  await page.clock.install();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  const start = page.getByRole('button', { name: 'Start scanning' });
  const camera = page.getByLabel('Camera: ticket QR');
  await start.focus();
  await holdPageClock(page);

  // In the guard: the verdict stays up and the Enter is no press for the button under it.
  await door.wedgeScan(tickets[0]!.qr_token);
  await expect(door.verdict()).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(door.verdict()).toHaveAttribute('aria-disabled', 'true');
  await expect(camera).toHaveCount(0);
  await untilVerdictSettles(page, door.verdict());
  await expect(door.verdict()).toHaveCount(1);
  await expect(camera).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(door.verdict()).toHaveCount(0);
  await expect(start).toBeFocused();
  await expect(camera).toHaveCount(0);

  // A quick double Enter closes the verdict once and presses nothing (no time passes between them).
  await page.clock.runFor(afterCloseMs);
  await door.wedgeScan(tickets[1]!.qr_token);
  await untilVerdictSettles(page, door.verdict());
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(door.verdict()).toHaveCount(0);
  await expect(start).toBeFocused();
  await expect(camera).toHaveCount(0);

  // Enter held down: one press, then the keyboard's repeats, however long it is held.
  await page.clock.runFor(afterCloseMs);
  await door.wedgeScan(tickets[2]!.qr_token);
  await untilVerdictSettles(page, door.verdict());
  await page.keyboard.down('Enter');
  await expect(door.verdict()).toHaveCount(0);
  await page.clock.runFor(afterCloseMs);
  for (let i = 0; i < 3; i++) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await expect(camera).toHaveCount(0);

  // A deliberate Enter a moment after a close is the steward's again: it starts the camera.
  await door.wedgeScan(tickets[3]!.qr_token);
  await expect(door.verdict()).toContainText('Ada Early');
  await untilVerdictSettles(page, door.verdict());
  await page.keyboard.press('Escape');
  await expect(door.verdict()).toHaveCount(0);
  await page.clock.runFor(afterCloseMs);
  await page.keyboard.press('Enter');
  await expect(camera).toHaveCount(1);
  const scans = await server.api<{ data: { result: string }[] }>(
    'GET',
    `/v2/scans?event_id=${night.eventId}`,
  );
  expect(scans.data.map((s) => s.result)).toEqual(['admitted', 'admitted', 'admitted', 'admitted']);
});

/**
 * The verdict fills the screen over Start scanning. A steward double-taps it to be sure it closes:
 * the first tap closes it, and the second used to land on Start scanning and start the camera.
 */
test('a double tap closing a verdict does not start the camera; a later tap does', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [ticket] = await night.sell('General admission', 'Tam Tapper');
  // The page's clock is held while the taps come, so both land within half a second of the close
  // whatever the machine's speed; it is moved by hand past the guards.
  await page.clock.install();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  const start = page.getByRole('button', { name: 'Start scanning' });
  const camera = page.getByLabel('Camera: ticket QR');
  await holdPageClock(page);

  await door.wedgeScan(ticket!.qr_token);
  await expect(door.verdict()).toContainText('Tam Tapper');
  await untilVerdictSettles(page, door.verdict());
  // Both taps where Start scanning is, under the verdict.
  const box = await start.boundingBox();
  if (!box) throw new Error('Start scanning has no box');
  const taps = await clicksLanding(page);
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  await expect(door.verdict()).toHaveCount(0);
  await expect(start).toBeVisible();
  await expect(start).toHaveAttribute('aria-disabled', 'true');
  await expect(camera).toHaveCount(0);
  // The camera stayed off because Start scanning took the second tap and let it go, not because
  // that tap fell anywhere else: the first tap closed the verdict, the second clicked the button.
  expect(await taps()).toEqual(['verdict 1', 'start 2']);

  // A tap a moment later is the steward's: the button works as ever.
  await page.clock.runFor(afterCloseMs);
  await start.click();
  await expect(camera).toHaveCount(1);
});

test('a person typing at human speed is not a scan', async ({ server, page }) => {
  const night = await doorNight(server, ['General admission']);
  const [ticket] = await night.sell('General admission', 'Tia Typist');
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  const asked = codesAskedAbout(page);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  // 120 ms between keys: a fast typist, not a scanner. Slower than the scanner limit whatever the load.
  const typed = ticket!.qr_token.slice(0, 12);
  await page.keyboard.type(typed, { delay: 120 });
  await page.keyboard.press('Enter');
  // A scan afterwards is decided, and is the first code asked about: the typing's Enter came
  // before it, so a scan that Enter had started would have been sent first.
  await door.wedgeScan(ticket!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Tia Typist');
  expect(asked).toEqual([ticket!.qr_token]);
  // The same keys as one fast burst are a scan (of a cut-off code: not a ticket).
  await door.wedgeScan(typed);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'malformed');
});

test('offline, the door hides the live feed, names the tier from its pack, and reloads with its queue', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission', 'VIP lounge']);
  const [vip] = await night.sell('VIP lounge', 'Otto Offline');
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');
  await expect(page.getByTestId('door-feed')).toHaveText('Live feed');
  // The page and its files are kept by the door's service worker before the server goes away.
  await expectDoorCached(page);

  await server.halt();
  await expect(door.connection()).toHaveText(/^Offline since/, { timeout: 10_000 });
  await expect(page.getByTestId('door-feed')).toHaveCount(0);
  await door.wedgeScan(vip!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Decided offline');
  await expect(door.tier()).toHaveText('★ VIP lounge');
  await expect(door.queued()).toHaveText('1 queued');
  // A screen-reader user hears it was the door's own decision, as a steward reads it.
  await expect(page.getByTestId('door-announcer')).toHaveText(/\. Decided offline, queued for sync\.$/);

  const offlineSince = /Offline since \d\d:\d\d/.exec((await door.connection().textContent()) ?? '')?.[0];
  expect(offlineSince).toBeDefined();
  const spellStart = await page.evaluate(() => localStorage.getItem('marquee.door.offlineSince'));
  expect(Number(spellStart)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Door scanner' })).toBeVisible();
  await expect(door.queued()).toHaveText('1 queued');
  await expect(door.connection()).toHaveText(/^Offline/, { timeout: 10_000 });
  // The spell did not start again with the reload: the same "Offline since" as before it.
  expect(await page.evaluate(() => localStorage.getItem('marquee.door.offlineSince'))).toBe(spellStart);
  await expect(door.connection()).toContainText(offlineSince!);
  await snap(page, 'door-offline-reloaded');
  // Still deciding after the reload: the replay is refused from the restored state.
  await door.wedgeScan(vip!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
  await expect(door.queued()).toHaveText('2 queued');

  // The server's port taking connections and answering nothing (a frozen laptop): a reload
  // still shows the door, from the worker's copy, instead of a blank page for minutes.
  const silent = await silentListener(Number(new URL(server.url).port));
  try {
    await page.reload({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Door scanner' })).toBeVisible();
    await expect(door.queued()).toHaveText('2 queued');
  } finally {
    await silent.close();
  }

  await server.resume();
  await expect(door.connection()).toHaveText('Online', { timeout: 15_000 });
  await expect(door.queued()).toHaveText('0 queued', { timeout: 15_000 });
  await expect(page.getByTestId('door-feed')).toBeVisible();
  const scans = await server.api<{ data: { result: string; reason: string | null; source: string }[] }>(
    'GET',
    `/v2/scans?ticket_id=${vip!.id}`,
  );
  expect(scans.data.map((s) => [s.result, s.reason, s.source])).toEqual([
    ['admitted', null, 'sync'],
    ['rejected', 'already_scanned', 'sync'],
  ]);
});

test('pairing a door defaults to tonight’s event, shows the code as text, and stops counting once used', async ({
  server,
  boxOffice,
}) => {
  const later = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Next Month',
    venue: 'Main hall',
    doors_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    tickets: [{ name: 'General admission', price_cents: 1000 }],
  });
  await server.api('POST', `/v2/events/${later.id}/publish`);
  const tonight = await doorNight(server, ['General admission'], { title: 'Tonight Show' });
  await boxOffice.go('Settings');
  const panel = boxOffice.page.getByRole('region', { name: 'Pair a door device, till or kiosk' });
  await expect(panel.getByLabel('Event (doors only)')).toHaveValue(tonight.eventId);
  await boxOffice.settings.showPairingQr();
  await expect(panel.getByTestId('pairing-countdown')).toHaveText(/^[45]:\d\d$/);
  const code = (await panel.locator('.pairing-code').textContent()) ?? '';
  expect(code).toMatch(/^pair_/);
  // Typed at a door, the code carries check letters for the server's certificate (none here:
  // plain HTTP on loopback), so a door taking the server from mDNS can tell an impostor.
  await expect(panel.getByTestId('pairing-typed-code')).toHaveText(typedPairingCode(code, null));
  // A door without a camera gets the whole pairing text (server, certificate, code) to paste.
  await panel.getByText('For a door without a camera').click();
  const text = await panel.getByTestId('pairing-text').inputValue();
  expect(text).toMatch(/^marquee:\/\/pair\?url=/);
  expect(text).toContain(`token=${code}`);

  const paired = await fetch(`${server.url}/v2/devices/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pairing_token: code, name: 'Balcony door' }),
  });
  expect(paired.status).toBe(200);
  await expect(panel.getByTestId('pairing-used')).toContainText('Paired: Balcony door');
  await expect(panel.getByTestId('pairing-countdown')).toHaveCount(0);
  const devices = await server.api<{ data: { name: string; event_id: string | null }[] }>(
    'GET',
    '/v2/devices',
  );
  expect(devices.data).toEqual([
    expect.objectContaining({ name: 'Balcony door', event_id: tonight.eventId }),
  ]);
});

test('at the box office, a wedge scan anywhere opens the ticket’s order', async ({ server, boxOffice }) => {
  const night = await doorNight(server, ['General admission']);
  const [ticket] = await night.sell('General admission', 'Bo Boxoffice');
  await boxOffice.go('Events & tiers');
  await expect(boxOffice.page.getByRole('heading', { name: 'Events & tiers' })).toBeVisible();
  // Nothing focused: the scanner types into the page itself.
  await boxOffice.page.evaluate('document.activeElement && document.activeElement.blur()');
  await new DoorPage(boxOffice.page, server.url).wedgeScan(ticket!.qr_token);
  await expect(boxOffice.page).toHaveURL(new RegExp(`/orders/${ticket!.order_id}$`));
  await expect(boxOffice.page.getByRole('heading', { name: `Order ${ticket!.order_id}` })).toBeVisible();
});

/**
 * A steward with the cursor in a field of the door page (the guest search, the reason for admitting
 * by hand) scans the next guest's ticket: the scan is decided as a scan. Its Enter used to submit
 * that form: the hand-picked guest was let in with the code as the reason, and the scanned ticket
 * (here already inside) was never checked.
 */
test('a scan into the door’s reason or search field is decided as a scan, never submitted as typing', async ({
  server,
  page,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [inside] = await night.sell('General admission', 'Ida Inside');
  const [picked] = await night.sell('General admission', 'Max Picked');
  const [next] = await night.sell('General admission', 'Nia Next');
  const [other] = await night.sell('General admission', 'Ola Other');
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.pairByPasting(await night.pairingCode());
  await door.wedgeScan(inside!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await door.dismissVerdict();

  await page.getByLabel('Guest name or order id').fill('Max');
  await page
    .getByRole('list', { name: 'Guests found' })
    .getByRole('button', { name: /Max Picked/ })
    .click();
  // The picked guest's button is gone: the form's question has the focus, not the page's top.
  await expect(page.locator(':focus')).toContainText('Admit Max Picked');
  const reason = page.getByRole('form', { name: 'Admit by hand' }).getByLabel('Reason');
  await reason.fill('On the list');
  // Let in at another door: scanned here it is refused, and decided as a scan (not Ida's code
  // again, which a scanner re-reading within 2 s would not decide twice, by design).
  await server.api('POST', '/v2/scan/validate', { token: other!.qr_token, event_id: night.eventId });
  await reason.focus();
  await door.wedgeScan(other!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
  await expect(door.verdict()).toContainText('Ola Other');
  // The reason is as the steward left it, and Max was not let in.
  await expect(reason).toHaveValue('On the list');
  await door.dismissVerdict();
  // Esc in the form goes back, as Back does.
  await reason.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form', { name: 'Admit by hand' })).toHaveCount(0);

  // The same with the cursor in the guest search: decided, and the box keeps what was typed.
  const search = page.getByLabel('Guest name or order id');
  await search.fill('Nia');
  await search.focus();
  await door.wedgeScan(next!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Nia Next');
  await expect(search).toHaveValue('Nia');

  // A scanner reading the same code twice at once decides it once: the green stays green.
  await door.dismissVerdict();
  const [pair] = await night.sell('General admission', 'Dora Double');
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await door.wedgeScan(pair!.qr_token);
  await door.wedgeScan(pair!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Dora Double');

  const scans = await server.api<{ data: { ticket_id: string; result: string; reason: string | null }[] }>(
    'GET',
    `/v2/scans?event_id=${night.eventId}`,
  );
  expect(scans.data.map((s) => [s.ticket_id, s.result, s.reason])).toEqual([
    [inside!.id, 'admitted', null],
    [other!.id, 'admitted', null],
    [other!.id, 'rejected', 'already_scanned'],
    [next!.id, 'admitted', null],
    [pair!.id, 'admitted', null],
  ]);
  expect(scans.data.some((s) => s.ticket_id === picked!.id)).toBe(false);
});

/**
 * A cashier with the cursor in the refund dialog's note scans the next customer's ticket: the
 * scan's Enter used to submit the refund (money out, tickets voided) with the code as its note.
 */
test('at the box office, a scan into a dialog’s field opens the scanned order and submits nothing', async ({
  server,
  boxOffice,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [refunding] = await night.sell('General admission', 'Rae Refund');
  const [scanned] = await night.sell('General admission', 'Sid Scanned');
  await boxOffice.go('Orders');
  await boxOffice.orders.search(refunding!.order_id);
  await boxOffice.orders.open(refunding!.order_id);
  await boxOffice.orders.detail().getByRole('button', { name: 'Refund…' }).click();
  const why = boxOffice.page.getByRole('dialog').getByLabel('Why (optional)');
  await why.fill('Changed plans');
  await why.focus();
  await wedgeScan(boxOffice.page, scanned!.qr_token);
  await expect(boxOffice.page).toHaveURL(new RegExp(`/orders/${scanned!.order_id}$`));
  const order = await server.api<{ status: string; refunded_cents: number }>(
    'GET',
    `/v2/orders/${refunding!.order_id}`,
  );
  expect(order).toMatchObject({ status: 'paid', refunded_cents: 0 });

  // A fast typist's note and Enter are theirs: the refund goes through (30 ms a key is no scanner).
  await boxOffice.orders.search(refunding!.order_id);
  await boxOffice.orders.open(refunding!.order_id);
  await boxOffice.orders.detail().getByRole('button', { name: 'Refund…' }).click();
  const note = boxOffice.page.getByRole('dialog').getByLabel('Why (optional)');
  await note.pressSequentially('Wrong day', { delay: 30 });
  await note.press('Enter');
  await expect(boxOffice.page.getByRole('dialog')).toBeHidden();
  await expect(boxOffice.orders.refunded()).toHaveText('$20.00');
});
