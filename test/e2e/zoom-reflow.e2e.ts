import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { closeShiftInSmallWindow } from './support/close-shift-walk.js';
import { doorNight } from './support/door-night.js';
import {
  cutOffControls,
  expectFits,
  expectReachable,
  spaceTextOut,
  stuckHeaderShare,
  zoomedWindows,
} from './support/reflow.js';
import { adminKey } from './support/venue-server.js';

/**
 * A box-office seller with low vision runs the browser at 200 % (and, some nights, 400 %): the
 * till gets a 640 × 400 or 320 × 200 CSS-pixel window (support/reflow.ts). Every screen of a sale
 * and of a shift must fit its width (WCAG 1.4.10), and every button a seller needs must come into
 * view, unhidden by the header, when the keyboard reaches it, dialogs taller than the window too.
 */

/** What a screen must pass at one zoom: no sideways scrolling, no control cut off at an edge. */
async function fits(page: Page, where: string): Promise<void> {
  await expectFits(page, where);
  expect(await stuckHeaderShare(page), `${where}: share of the window under the header`).toBeLessThanOrEqual(
    0.25,
  );
}

/** An open dialog fits the window and keeps its buttons reachable inside it. */
async function dialogFits(page: Page, where: string, buttons: string[]): Promise<void> {
  const dialog = page.getByRole('dialog');
  const sideways = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
  expect(sideways, `${where}: the dialog scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await cutOffControls(dialog), `${where}: dialog controls cut off`).toEqual([]);
  await expectReachable(
    where,
    dialog.getByRole('button', { name: 'Close' }),
    ...buttons.map((name) => dialog.getByRole('button', { name, exact: true })),
  );
}

// A long title and tier names, as venues name them: what made columns as wide as their longest line.
const title = 'A Rather Long Event Title For The Late Night Jazz Session';
const tiers = ['General admission standing', 'VIP lounge with table service'];

for (const zoomed of zoomedWindows) {
  test(`at ${zoomed.zoom} zoom (${zoomed.width} px) a seller sells, asks for a refund and closes the shift with nothing cut off`, async ({
    browser,
    server,
  }) => {
    await doorNight(server, tiers, { title });
    await server.api('POST', '/v2/staff', { name: 'Samantha Seller', role: 'seller', pin: '1357' });
    const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
      name: 'Till by the cloakroom',
      scope: 'box_office',
    });
    const context = await browser.newContext({
      viewport: { width: zoomed.width, height: zoomed.height },
      deviceScaleFactor: 2,
    });
    if (zoomed.textSpacing) await spaceTextOut(context);
    const page = await context.newPage();
    const login = new LoginPage(page, server.url);
    await login.open('/shift');
    await expect(login.keyInput).toBeVisible();
    await fits(page, 'sign in');
    await expectReachable('sign in', login.keyInput);
    await login.signIn(till.secret);
    const staff = new TillStaffPage(page);
    await staff.typePin('1357');
    await expect(staff.signedIn()).toContainText('Samantha Seller');
    // The float's form, not "Loading the shift…" before it.
    await expect(page.getByLabel('Float in the drawer')).toBeVisible();
    await fits(page, 'open a shift');
    await new ShiftPage(page).open('100.00');
    await fits(page, 'shift open');

    const sell = new SellPage(page);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Sell/ }).click();
    await expect(sell.tile(tiers[1]!)).toBeVisible();
    await fits(page, 'sell');
    await sell.pickTier(tiers[1]!);
    await fits(page, 'sell, quantity');
    await sell.enterQuantity(2);
    await sell.payCash('50');
    await expect(sell.changeDue()).toHaveText('$10.00');
    await fits(page, 'sell, taking cash');
    const complete = page.getByRole('button', { name: /^Complete sale/ });
    await expectReachable(
      'sell',
      page.getByRole('radio', { name: 'Cash' }),
      page.getByLabel('Cash tendered'),
      complete,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    await fits(page, 'sale done');
    await expectReachable('sale done', page.getByRole('button', { name: /^New sale/ }));
    const orderId = await sell.orderId();

    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: /^Orders/ })
      .click();
    await expect(page.getByRole('link', { name: orderId })).toBeVisible();
    await fits(page, 'orders');
    await page.getByRole('link', { name: orderId }).click();
    const detail = page.getByRole('article', { name: `Order ${orderId}` });
    await expect(detail).toBeVisible();
    await fits(page, 'an order');
    const refundButton = detail.getByRole('button', { name: 'Refund…' });
    await expectReachable('an order', refundButton);
    await refundButton.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await dialogFits(page, 'refund dialog', ['Cancel Esc', 'Refund']);
    // A seller's refund is refused (a manager's job): the refusal's words must fit as well.
    await page.getByRole('dialog').getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Only a manager can refund');
    await dialogFits(page, 'refund dialog, refused', ['Cancel Esc', 'Refund']);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Esc' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await closeShiftInSmallWindow(page, fits);

    await context.close();
  });

  test(`at ${zoomed.zoom} zoom (${zoomed.width} px) the manager's Settings fit`, async ({
    browser,
    server,
  }) => {
    await server.api('POST', '/v2/staff', { name: 'Maria Manager', role: 'manager', pin: '2468' });
    await server.api('POST', '/v2/api_keys', { name: 'Till by the cloakroom', scope: 'box_office' });
    const context = await browser.newContext({
      viewport: { width: zoomed.width, height: zoomed.height },
      deviceScaleFactor: 2,
    });
    if (zoomed.textSpacing) await spaceTextOut(context);
    const page = await context.newPage();
    const login = new LoginPage(page, server.url);
    await login.open('/settings');
    await login.signIn(adminKey);
    await expect(page.getByRole('table', { name: 'Staff members' })).toBeVisible();
    await fits(page, 'settings');
    // The last button on the page, then the first again: the keyboard going back up must not end
    // under the header.
    const buttons = page.getByRole('main').getByRole('button');
    await expectReachable('settings', buttons.last(), buttons.first());
    await page.getByRole('button', { name: 'Reset PIN… of Maria Manager' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await dialogFits(page, 'reset a PIN', ['Cancel Esc', 'Set PIN']);
    await context.close();
  });
}
