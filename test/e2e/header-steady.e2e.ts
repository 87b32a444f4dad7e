import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
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
