import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { startFlakyLink, type FlakyLink } from './support/flaky-link.js';
import { adminKey, type VenueServer } from './support/venue-server.js';

/**
 * A till on the venue Wi-Fi in the doors rush, through a relay on loopback that can lose an
 * answer, hold one back or refuse connections: the sale is never sold twice nor lost, and the
 * seller is told what happened in words.
 */

const orders = 'POST /v2/orders ';

async function eventOnSale(server: VenueServer, quantity = 100): Promise<string> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Rush Night',
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    currency: 'eur',
    tickets: [{ name: 'Standing', price_cents: 2500, quantity }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  return event.id;
}

const ordersOf = async (server: VenueServer, eventId: string) =>
  (
    await server.api<{ data: { id: string; payment_method: string }[] }>(
      'GET',
      `/v2/orders?event_id=${eventId}`,
    )
  ).data;

/** The Idempotency-Key of every sale the page sends. */
function saleKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v2/orders'))
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** A till of a venue with staff: its box-office key, and Anna and Bob who sell at it. */
async function staffedTill(server: VenueServer) {
  const { secret } = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  const member = (name: string, pin: string) =>
    server.api<{ id: string }>('POST', '/v2/staff', { name, role: 'seller', pin });
  return { secret, anna: await member('Anna', '1357'), bob: await member('Bob', '2468') };
}

/**
 * A till signed in through `link` on the event's sell screen, `quantity` Standing with €60 cash
 * typed; with `as`, by a staff member's PIN on a box-office key.
 */
async function tillAtPayment(
  page: Page,
  link: FlakyLink,
  eventId: string,
  quantity = 2,
  as?: { key: string; pin: string },
): Promise<SellPage> {
  const login = new LoginPage(page, link.url);
  await login.open(`/sell/${eventId}`);
  await login.signIn(as?.key ?? adminKey);
  if (as) await new TillStaffPage(page).typePin(as.pin);
  const sell = new SellPage(page);
  await sell.pickTier('Standing');
  await sell.enterQuantity(quantity);
  await sell.payCash('60');
  return sell;
}

const completeButton = (page: Page) => page.getByRole('button', { name: /^Complete sale/ });
const doneHeading = (page: Page) => page.getByRole('heading', { name: 'Sale complete' });
/** The till checks an unanswered sale again when its health poll (every 5 s) finds the server back. */
const backByItselfMs = 20_000;
const checking =
  /^A sale from \d\d:\d\d was not confirmed\. Checking with the venue server whether it went through…$/;
const wentThrough =
  /^This is the sale from \d\d:\d\d that was not confirmed: it went through, once\. Nothing more was sold\.$/;
const saleAlert = (page: Page) => page.getByRole('region', { name: 'Sale' }).locator('.form-error');

/** `upper` wholly inside the window and wholly above `lower` (nothing of it under the button). */
async function expectInSightAbove(page: Page, upper: Locator, lower: Locator) {
  const view = page.viewportSize()!;
  const above = (await upper.boundingBox())!;
  const below = (await lower.boundingBox())!;
  expect(above.y, 'top in sight').toBeGreaterThanOrEqual(0);
  expect(above.y + above.height, 'ends above the button').toBeLessThanOrEqual(below.y + 0.5);
  expect(below.y + below.height, 'button in sight').toBeLessThanOrEqual(view.height + 0.5);
}

test.describe('a till on flaky Wi-Fi', () => {
  let link: FlakyLink;
  test.beforeEach(async ({ server }) => {
    link = await startFlakyLink(server.url);
  });
  test.afterEach(async () => {
    await link.close();
  });

  test('the answer to a sale is lost: the till says it cannot tell, and once the link is back shows the one sale by itself', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    const keys = saleKeys(page);
    const sell = await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'lose-answer');
    await completeButton(page).click();
    await expect(saleAlert(page)).toHaveText(
      'The venue server did not answer, so this till cannot tell whether the sale went through. Keep the customer here: the till checks by itself as soon as the server answers, or press Complete sale again. A sale that went through is shown, never sold twice.',
    );
    // All of it in sight, above the button that stays at the window's bottom, on a short laptop too.
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await expectInSightAbove(page, saleAlert(page), completeButton(page));
    }
    // It did go through: the server recorded it before the answer was lost.
    expect(await ordersOf(server, eventId)).toHaveLength(1);
    // The Wi-Fi is back: the till sends the sale again by itself, and the server replays it.
    link.release();
    await expect(doneHeading(page)).toBeVisible({ timeout: backByItselfMs });
    await expect(sell.doneChange()).toHaveText('€10.00');
    expect(await ordersOf(server, eventId)).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
  });

  test('the answer is lost, then the customer pays by card instead: the sale that went through is shown, not a second', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'lose-answer');
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Buyer name').fill('Ada Lovelace');
    await page.getByLabel('Buyer email').fill('ada@example.com');
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    // Back: whether pressed again or sent by the till itself, the cash sale is the one shown.
    link.release();
    await expect(doneHeading(page)).toBeVisible({ timeout: backByItselfMs });
    const sold = await ordersOf(server, eventId);
    expect(sold.map((order) => order.payment_method)).toEqual(['cash']);
    await expect(page.getByTestId('done-note')).toContainText('had gone through before the change');
    await expect(page.getByTestId('order-id')).toHaveText(sold[0]!.id);
    // The change due was worked out for the card sale on screen, not the cash one shown.
    await expect(page.getByTestId('done-change')).toHaveCount(0);
  });

  test('reloaded mid-sale, then the server out of reach: the sale comes back with its key, is checked by itself and sold once', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    const keys = saleKeys(page);
    await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'hold-answer');
    await completeButton(page).click();
    await expect(completeButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Selling…' })).toBeDisabled();
    // Recorded at the server; the answer waits in the Wi-Fi while the seller reloads the page.
    await expect.poll(() => ordersOf(server, eventId).then((o) => o.length)).toBe(1);
    await page.reload();
    await expect(saleAlert(page)).toHaveText(checking);
    await expect(page.getByRole('region', { name: 'Sale' })).toContainText('2 × Standing');

    // The venue server drops off the network while the till is checking.
    await link.disconnect();
    await expect(saleAlert(page)).toHaveText(
      /^A sale from \d\d:\d\d was not confirmed, and the venue server cannot be reached to check it\. This till checks again by itself when the server is back: do not sell it again meanwhile\.$/,
    );
    // Back: the till notices by itself, and shows the sale made before the reload.
    await link.reconnect();
    link.release();
    await expect(doneHeading(page)).toBeVisible({ timeout: backByItselfMs });
    await expect(page.getByTestId('done-note')).toHaveText(wentThrough);
    expect(await ordersOf(server, eventId)).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
    // The kept sale is forgotten once answered: another reload starts clean.
    await page.reload();
    await expect(page.getByText('Pick a tier to start a sale.')).toBeVisible();
  });

  test('reloaded while selling the last tickets: the tier now reads sold out, and the sale is still there, checked and shown', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server, 2);
    await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'hold-answer');
    await completeButton(page).click();
    await expect.poll(() => ordersOf(server, eventId).then((o) => o.length)).toBe(1);
    await page.reload();
    // Read afresh, the tile says sold out: this very sale sold them. It is still on the till.
    await expect(new SellPage(page).tile('Standing')).toContainText('0 left of 2');
    await expect(saleAlert(page)).toHaveText(checking);
    link.release();
    await expect(doneHeading(page)).toBeVisible();
    expect(await ordersOf(server, eventId)).toHaveLength(1);
  });

  test('the lid closed on a sale whose answer was lost: a new tab, signed in again, shows it went through, once', async ({
    server,
    page,
    context,
  }) => {
    const eventId = await eventOnSale(server);
    const keys = saleKeys(page);
    await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'lose-answer');
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    // The laptop sleeps, the browser is killed with the tab; the seller opens the till afresh.
    await page.close();
    link.trouble(orders, 'hold-answer');
    const reopened = await context.newPage();
    keys.push(...saleKeys(reopened));
    const login = new LoginPage(reopened, link.url);
    await login.open('/');
    await login.signIn(adminKey);
    // Put back on the till at once, and checked with the server by itself.
    await expect(reopened).toHaveURL(new RegExp(`/sell/${eventId}$`));
    await expect(saleAlert(reopened)).toHaveText(checking);
    await expect(reopened.getByRole('region', { name: 'Sale' })).toContainText('2 × Standing');
    link.release();
    await expect(doneHeading(reopened)).toBeVisible();
    await expect(reopened.getByTestId('done-note')).toHaveText(wentThrough);
    const sold = await ordersOf(server, eventId);
    expect(sold).toHaveLength(1);
    await expect(reopened.getByTestId('order-id')).toHaveText(sold[0]!.id);
    // Answered, so forgotten: yet another tab has nothing to check.
    const third = await context.newPage();
    const thirdLogin = new LoginPage(third, link.url);
    await thirdLogin.open(`/sell/${eventId}`);
    await thirdLogin.signIn(adminKey);
    await expect(third.getByText('Pick a tier to start a sale.')).toBeVisible();
    expect(new Set(keys).size).toBe(1);
  });

  test('two tabs of the till reopened on the same unanswered sale: one sends it at a time, both show the one order', async ({
    server,
    page,
    context,
  }) => {
    const eventId = await eventOnSale(server);
    await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'lose-answer');
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    await page.close();
    link.trouble(orders, 'hold-answer');
    const tabs = [await context.newPage(), await context.newPage()];
    // Each send of the sale by either tab from here on, as the link passes it and its answer.
    const sentBefore = link.timeline(orders).length;
    for (const tab of tabs) {
      const login = new LoginPage(tab, link.url);
      await login.open('/');
      await login.signIn(adminKey);
      await expect(saleAlert(tab)).toHaveText(checking);
    }
    link.release();
    for (const tab of tabs) await expect(doneHeading(tab)).toBeVisible();
    const sold = await ordersOf(server, eventId);
    expect(sold).toHaveLength(1);
    for (const tab of tabs) await expect(tab.getByTestId('order-id')).toHaveText(sold[0]!.id);
    // The second tab sent only once the first had its answer: a replay, never two at once.
    expect(link.timeline(orders).slice(sentBefore)).toEqual(['sent', 'answered', 'sent', 'answered']);
  });

  test('closed on a sale that never reached the server, and the last tickets sold meanwhile: told in words, nothing sold', async ({
    server,
    page,
    context,
  }) => {
    const eventId = await eventOnSale(server, 2);
    await tillAtPayment(page, link, eventId);
    await link.disconnect();
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    await page.close();
    // Another till sells the last two while this laptop sleeps.
    const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${eventId}/tiers`);
    await server.api('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
      payment_method: 'cash',
      channel: 'till',
    });
    await link.reconnect();
    const reopened = await context.newPage();
    const login = new LoginPage(reopened, link.url);
    await login.open('/');
    await login.signIn(adminKey);
    await expect(reopened.locator('.sale-panel-empty .form-error')).toHaveText(
      /^The sale from \d\d:\d\d did not go through: there are not enough tickets left now\. Nothing was sold; sell it again if the customer still wants it\.$/,
    );
    expect(await ordersOf(server, eventId)).toHaveLength(1);
    await expect(new SellPage(reopened).tile('Standing')).toContainText('0 left of 2');
  });

  test('the lid closed on Anna’s unanswered sale and Bob signs in next: told it is Anna’s, checked under its key, sold once', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    const till = await staffedTill(server);
    const keys = saleKeys(page);
    await tillAtPayment(page, link, eventId, 2, { key: till.secret, pin: '1357' });
    link.trouble(orders, 'lose-answer');
    await completeButton(page).click();
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    // Anna is signed out (by hand, or after the idle time with the lid shut); Bob takes the till.
    link.trouble(orders, 'hold-answer');
    const staff = new TillStaffPage(page);
    await staff.signOut('Anna');
    await staff.typePin('2468');
    await expect(staff.signedIn()).toContainText('Bob');
    await expect(saleAlert(page)).toHaveText(
      /^Anna's sale of 2 tickets at \d\d:\d\d was not confirmed\. Checking with the venue server whether it went through…$/,
    );
    link.release();
    await expect(doneHeading(page)).toBeVisible();
    await expect(page.getByTestId('done-note')).toHaveText(
      /^This is Anna's sale of 2 tickets at \d\d:\d\d that was not confirmed: it went through, once\. Nothing more was sold\.$/,
    );
    expect(await ordersOf(server, eventId)).toHaveLength(1);
    expect(new Set(keys).size).toBe(1);
  });

  test('the office resets Anna’s PIN mid-sale: her till goes back to the keypad by itself, saying why, and her sale waits for her', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    const till = await staffedTill(server);
    await page.clock.install();
    await tillAtPayment(page, link, eventId, 2, { key: till.secret, pin: '1357' });
    await server.api('PATCH', `/v2/staff/${till.anna.id}`, { pin: '9753' });
    // No sale pressed: the till's shift poll (every 15 s) finds the sign-in ended.
    await page.clock.runFor(15_000);
    const staff = new TillStaffPage(page);
    await expect(staff.keypad()).toBeVisible();
    await expect(page.locator('.pin-notice')).toHaveText(
      "Anna's sign-in here has ended: they signed out, or a manager has since reset their PIN or deactivated them. Sign in with your PIN again.",
    );
    await staff.typePin('9753');
    const sale = page.getByRole('region', { name: 'Sale' });
    await expect(sale).toContainText('2 × Standing');
    await expect(page.getByLabel('Cash tendered')).toHaveValue('60');
    expect(await ordersOf(server, eventId)).toHaveLength(0);
  });

  test('a slow answer: the till shows it is selling, a second Enter sells nothing more, and a lost one does not hang', async ({
    server,
    page,
  }) => {
    const eventId = await eventOnSale(server);
    const keys = saleKeys(page);
    await page.clock.install();
    const sell = await tillAtPayment(page, link, eventId);
    link.trouble(orders, 'hold-answer');
    const cash = page.getByLabel('Cash tendered');
    await cash.press('Enter');
    await expect(page.getByRole('button', { name: 'Selling…' })).toBeDisabled();
    await cash.press('Enter');
    await page.getByRole('button', { name: 'Selling…' }).dispatchEvent('click');
    link.release();
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    expect(keys).toHaveLength(1);
    expect(await ordersOf(server, eventId)).toHaveLength(1);

    // An answer that never comes: the till stops waiting and says so, instead of "Selling…" for good.
    await sell.newSale();
    await sell.pickTier('Standing');
    await sell.enterQuantity(1);
    await sell.payCash('60');
    link.trouble(orders, 'hold-answer');
    await completeButton(page).click();
    await expect(page.getByRole('button', { name: 'Selling…' })).toBeDisabled();
    await page.clock.runFor(30_000);
    await expect(saleAlert(page)).toContainText('cannot tell whether the sale went through');
    await expect(completeButton(page)).toBeEnabled();
    // The Wi-Fi then drops and comes back: the till checks the sale by itself as its health poll
    // finds the server again, with no press. A real outage, not the faked clock: runFor above may
    // or may not abort a health poll by its 3 s timeout (and so count the till offline and back),
    // depending on the machine's speed, so the check must not rest on it.
    await link.disconnect();
    await expect(page.locator('.offline-banner')).toContainText('Offline.', { timeout: backByItselfMs });
    link.release();
    await link.reconnect();
    await expect(doneHeading(page)).toBeVisible({ timeout: backByItselfMs });
    expect(await ordersOf(server, eventId)).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});

async function tillIn(browser: Browser, link: FlakyLink, eventId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await tillAtPayment(page, link, eventId, 1);
  return { context, page };
}

test('two tills sell the last ticket at once: one sells it, the other is told it is sold out', async ({
  server,
  browser,
}) => {
  const eventId = await eventOnSale(server, 1);
  const link = await startFlakyLink(server.url);
  const tills = [await tillIn(browser, link, eventId), await tillIn(browser, link, eventId)];
  try {
    await Promise.all(tills.map(({ page }) => completeButton(page).click()));
    // The till that lost the race reads the tiers again: the tile and the panel say sold out.
    const outcome = async (page: Page) => {
      const done = page.getByRole('heading', { name: 'Sale complete' });
      const refused = page.getByText('Standing: Sold out.');
      await expect(done.or(refused)).toBeVisible();
      return (await done.isVisible()) ? 'sold' : 'refused';
    };
    const outcomes = await Promise.all(tills.map(({ page }) => outcome(page)));
    expect([...outcomes].sort()).toEqual(['refused', 'sold']);
    const loser = tills[outcomes.indexOf('refused')]!.page;
    await expect(new SellPage(loser).tile('Standing')).toContainText('0 left of 1');
    await expect(new SellPage(loser).tile('Standing')).toBeDisabled();
    expect(await ordersOf(server, eventId)).toHaveLength(1);
  } finally {
    for (const { context } of tills) await context.close();
    await link.close();
  }
});
