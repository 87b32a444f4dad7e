import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { doorNight } from './support/door-night.js';
import { textsUnderContrast } from './support/contrast.js';
import { holdRequestsTo } from './support/hold-requests.js';
import { expectQuietSync, loseAnswersTo, phoneDoor, scansOfTicket } from './support/paired-door.js';

/**
 * Checking guests in by hand on a steward's phone whose Wi-Fi drops, and the conflicts a night
 * like that leaves: what the door says, and how a steward who has dealt with one puts it away.
 */

test('a check-in by hand whose answer the Wi-Fi lost: admitted offline, and back online the sync is quiet and counts the guest once', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [dana] = await night.sell('General admission', 'Dana Deadphone');
  const { door } = await phoneDoor(browser, server, await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');

  // The check-in reaches the server, which lets Dana in; the answer never comes back. The door's
  // sync waits until its queue has been read (the next request that gets through would send it).
  const sync = await holdRequestsTo(door.page, '**/v2/scan/sync');
  await loseAnswersTo(door.page, '**/v2/tickets/*/check_in');
  await door.admitByName('dana', 'Dana Deadphone', 'Dead phone');
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await expect(door.queued()).toHaveText('1 queued');
  await door.page.unroute('**/v2/tickets/*/check_in');
  await sync.release();
  await door.dismissVerdict();

  // The door heard nothing, so it is offline until the server answers; then it syncs by itself,
  // and the queued copy is recognised as the check-in the server already has.
  await expectQuietSync(door);
  expect((await scansOfTicket(server, dana!.id)).map((s) => [s.result, s.source, s.credential])).toEqual([
    ['admitted', 'online', 'manual'],
  ]);
});

test('conflicts marked Done stay done after a reload: the pill counts only what is still to check', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [ivy] = await night.sell('General admission', 'Ivy Stone');
  const [max] = await night.sell('General admission', 'Max Twice');
  // No live feed: the door hears of the box office's doings at sync, as a door whose Wi-Fi was down.
  const { door, context } = await phoneDoor(browser, server, await night.pairingCode(), async (c) => {
    await c.route('**/v2/scans/stream**', (route) => route.abort());
  });
  await expect(door.connection()).toHaveText('Online');

  await context.setOffline(true);
  await expect(door.connection()).toHaveText(/^Offline/);
  // While the door cannot hear: Ivy's ticket is refunded, Max is checked in at the box office.
  await server.api('POST', `/v2/tickets/${ivy!.id}/void`, { refund: false });
  await server.api('POST', `/v2/tickets/${max!.id}/check_in`, { reason: 'Came in by the box office' });
  await door.typeCode(ivy!.qr_token);
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await door.dismissVerdict();
  await door.admitByName('max', 'Max Twice', 'Guest list');
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await door.dismissVerdict();

  await context.setOffline(false);
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(door.conflicts()).toHaveText('2 conflicts');

  await door.conflicts().click();
  const list = door.conflictList();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Max Twice' })).toContainText(
    'Another door let this ticket in too',
  );
  // Ivy is found and sent to the box office: Done. A slip of the thumb can be undone.
  await list.getByRole('button', { name: 'Done with Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('1 conflict');
  await list.getByRole('button', { name: 'Undo Done for Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('2 conflicts');
  await list.getByRole('button', { name: 'Done with Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('1 conflict');
  await list.getByRole('button', { name: 'Close' }).click();

  // A reload keeps it: only Max is still to check.
  await door.page.reload();
  await expect(door.conflicts()).toHaveText('1 conflict', { timeout: 20_000 });
  await door.conflicts().click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Max Twice');
  await list.getByRole('button', { name: 'Done with Max Twice' }).click();
  await expect(door.page.getByRole('button', { name: 'No conflicts left to check' })).toBeVisible();
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(door.page.getByRole('button', { name: /conflict/ })).toHaveCount(0);

  await door.page.reload();
  // The queued pill is drawn with the conflicts pill, from the same stored state.
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(door.page.getByRole('button', { name: /conflict/ })).toHaveCount(0);
});

/** A small phone's screen: the narrowest a steward's phone is expected to be. */
const smallPhone = { width: 375, height: 812 };

/** Every visible button, link and disclosure on the page narrower or shorter than 44 CSS px. */
async function tapTargetsUnder44(page: Page): Promise<string[]> {
  const small: string[] = [];
  for (const target of await page.locator('button, a[href], summary').all()) {
    if (!(await target.isVisible())) continue;
    const box = await target.boundingBox();
    if (box && box.width >= 44 && box.height >= 44) continue;
    const name = (await target.textContent())?.trim() ?? '';
    small.push(`${name} ${box ? `${Math.round(box.width)}×${Math.round(box.height)}` : 'no box'}`);
  }
  return small;
}

test('on a 375 px phone every tap target of the door is at least 44 × 44 px, the reasons for admitting by hand included', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  await night.sell('General admission', 'Ada Thumb');
  const context = await browser.newContext({ viewport: smallPhone });
  const page = await context.newPage();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.nameDoor('Front door');
  expect(await tapTargetsUnder44(page), 'pairing').toEqual([]);

  await door.pairByPasting(await night.pairingCode());
  await page.getByText('Type or paste a ticket code').click();
  await expect(page.getByLabel('Ticket code')).toBeVisible();
  await page.getByLabel('Guest name or order id').fill('ada');
  await expect(page.getByRole('list', { name: 'Guests found' }).getByRole('button')).toHaveCount(1);
  expect(await tapTargetsUnder44(page), 'scanner with the guests found').toEqual([]);

  await page.getByRole('list', { name: 'Guests found' }).getByRole('button', { name: 'Ada Thumb' }).click();
  const form = page.getByRole('form', { name: 'Admit by hand' });
  await expect(form.getByRole('button', { name: 'Dead phone' })).toBeVisible();
  expect(await tapTargetsUnder44(page), 'admitting by hand').toEqual([]);
  await context.close();
});

test('on a 375 px phone in the dark, every word of the admitted and the refused verdict is readable (WCAG AA contrast)', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [ticket] = await night.sell('General admission', 'Nia Night');
  const context = await browser.newContext({ viewport: smallPhone, colorScheme: 'dark' });
  const page = await context.newPage();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.nameDoor('Front door');
  await door.pairByPasting(await night.pairingCode());

  await door.typeCode(ticket!.paper_pass!);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  // The footer says how the ticket was shown and who decided: small, and read on every scan.
  await expect(page.locator('.door-verdict-mode')).toContainText('Paper pass');
  expect(await textsUnderContrast(page, '.door-verdict'), 'admitted').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(door.verdict()).toHaveCount(0);

  await door.typeCode(ticket!.paper_pass!);
  await expect(door.verdict()).toHaveAttribute('data-reason', 'already_scanned');
  expect(await textsUnderContrast(page, '.door-verdict'), 'refused').toEqual([]);
  await context.close();
});

test('a guest search that keeps finding nobody is announced once, not again at every letter', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  await night.sell('General admission', 'Ada Blind');
  const { door } = await phoneDoor(browser, server, await night.pairingCode());
  const page = door.page;
  // Each text the live region takes, as a screen reader would be handed it.
  await page.evaluate(`(() => {
    const region = document.querySelector('[data-testid="door-lookup-news"]');
    window.__lookupNews = [];
    new MutationObserver(() => window.__lookupNews.push(region.textContent)).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  })()`);
  const field = page.getByLabel('Guest name or order id');
  // What the steward sees below the field: it does say what was searched.
  const seen = page.locator('.door-lookup p.muted').filter({ hasText: /^Nobody/ });
  await field.fill('zq');
  await expect(seen).toHaveText('Nobody of this event matches “zq”.');
  // One letter at a time, each search answered before the next letter.
  for (const typed of ['zqx', 'zqxw', 'zqxwv']) {
    await field.press(typed.at(-1)!);
    await expect(seen).toHaveText(`Nobody of this event matches “${typed}”.`);
  }
  await field.pressSequentially('kj');
  await expect(seen).toHaveText('Nobody of this event matches “zqxwvkj”.');
  expect(await page.evaluate('window.__lookupNews')).toEqual(['Nobody of this event matches.']);
});
