import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { doorNight } from './support/door-night.js';
import { holdRequestsTo } from './support/hold-requests.js';
import { adminKey } from './support/venue-server.js';

/**
 * Right after sign-in the venue name, the server pill and (at a till) the staff chip arrive one
 * by one. A seller who reaches for Orders while they do must find it where it was: the header's
 * rows follow the window's width, not what has loaded. The venue settings are held back here, so
 * the first measurement is taken before the name is in, whatever the machine's speed.
 */
const navLinkBoxes = async (page: Page) => {
  const links = page.getByRole('navigation', { name: 'Screens' }).getByRole('link');
  const boxes = [];
  for (const link of await links.all())
    boxes.push({ name: await link.innerText(), box: await link.boundingBox() });
  return boxes;
};

for (const width of [1280, 1600, 1920]) {
  test(`the nav stays put while the header fills in after sign-in (${width} px wide)`, async ({
    browser,
    server,
  }) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const settings = await holdRequestsTo(page, '**/v2/settings');
    const login = new LoginPage(page, server.url);
    await login.open('/events');
    await login.signIn(adminKey);
    const venueName = page.locator('header .venue-name');
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await expect.poll(() => settings.count()).toBeGreaterThan(0);
    await expect(venueName).toHaveText('');
    const before = await navLinkBoxes(page);
    expect(before.map((link) => link.name.split(/\s/)[0])).toContain('Orders');

    await settings.release();
    await expect(venueName).toHaveText('The Blue Room');
    await expect(page.locator('header .conn')).toHaveText('Online');

    expect(await navLinkBoxes(page)).toEqual(before);
    await page.close();
  });
}

/** Whether the page is wider than the window: a phone would scroll it sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');

test('on a 390 px phone the box office never scrolls sideways: sell, orders, an order, the door', async ({
  browser,
  server,
}) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // A long title and tier names: what made the till's columns as wide as their longest line.
  const night = await doorNight(server, ['General admission standing', 'VIP lounge'], {
    title: 'A Rather Long Event Title For The Late Night Jazz Session',
  });
  const [ticket] = await night.sell('VIP lounge', 'Bartholomew Featherstonehaugh');
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Phone till',
    scope: 'box_office',
  });
  const login = new LoginPage(page, server.url);
  await login.open('/sell');
  await login.signIn(till.secret);
  const sell = new SellPage(page);
  await expect(sell.tile('VIP lounge')).toBeVisible();
  expect(await sidewaysOverflow(page), 'sell').toBeLessThanOrEqual(0);
  await sell.pickTier('VIP lounge');
  await sell.enterQuantity(2);
  await sell.payCash('50');
  await expect(sell.changeDue()).toHaveText('$10.00');
  expect(await sidewaysOverflow(page), 'sell, taking cash').toBeLessThanOrEqual(0);
  await sell.complete();
  expect(await sidewaysOverflow(page), 'sale complete').toBeLessThanOrEqual(0);
  const orderId = await sell.orderId();

  await page.goto(`${server.url}/orders`);
  await expect(page.getByRole('link', { name: orderId })).toBeVisible();
  expect(await sidewaysOverflow(page), 'orders').toBeLessThanOrEqual(0);
  await page.goto(`${server.url}/orders/${orderId}`);
  await expect(page.getByRole('article', { name: `Order ${orderId}` })).toBeVisible();
  expect(await sidewaysOverflow(page), 'an order').toBeLessThanOrEqual(0);
  await page.goto(`${server.url}/events/${night.eventId}`);
  await expect(page.getByRole('heading', { name: 'Check in a guest' })).toBeVisible();
  expect(await sidewaysOverflow(page), 'the event, with guest check-in').toBeLessThanOrEqual(0);

  const door = new DoorPage(page, server.url);
  await door.open();
  expect(await sidewaysOverflow(page), 'door pairing').toBeLessThanOrEqual(0);
  await door.pairByPasting(await night.pairingCode());
  expect(await sidewaysOverflow(page), 'door').toBeLessThanOrEqual(0);
  await door.wedgeScan(ticket!.qr_token);
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  expect(await sidewaysOverflow(page), 'door verdict').toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await page.close();
});
