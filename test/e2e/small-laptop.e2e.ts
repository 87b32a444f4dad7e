import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { DoorPage } from './pages/door-page.js';
import { KioskPage } from './pages/kiosk-page.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';
import { closeShiftInSmallWindow } from './support/close-shift-walk.js';
import { doorNight } from './support/door-night.js';
import {
  browserTextSizes,
  expectFits,
  expectReachable,
  fontSizeOf,
  hiddenWhereItIs,
  laptopWindows,
  setBrowserTextSize,
} from './support/reflow.js';

/**
 * A seller on a small laptop with big text: the till in a browser window of 1366 × 657, 1280 × 600
 * or 960 × 540, the browser's default font size set to Large (20 px) or Very large (24 px) in its
 * settings (not zoom). The words must grow with that setting, Complete sale must be in sight as the
 * sale stands (not below the fold to be hunted for), and nothing may cover or cut off a button.
 */

/** How many times larger `target`'s words are with the browser at 24 px than at 16 px (1.5 when they follow it). */
async function growthAt24(page: Page, target: Locator): Promise<number> {
  await setBrowserTextSize(page, 16);
  const medium = await fontSizeOf(target);
  await setBrowserTextSize(page, 24);
  return (await fontSizeOf(target)) / medium;
}

/** The browser's default font size as the page sees it: what `font-size: medium` is. */
const browserMedium = `(() => {
  const probe = document.createElement('span');
  probe.style.fontSize = 'medium';
  document.body.append(probe);
  const px = parseFloat(getComputedStyle(probe).fontSize);
  probe.remove();
  return px;
})()`;

const title = 'A Rather Long Event Title For The Late Night Jazz Session';
const tiers = ['General admission standing', 'VIP lounge with table service'];

for (const window of laptopWindows)
  for (const textSize of browserTextSizes)
    test(`${window.name} (${window.width} × ${window.height}), browser text ${textSize} px: a seller sells by card and cash and closes the shift`, async ({
      browser,
      server,
    }) => {
      await doorNight(server, tiers, { title });
      await server.api('POST', '/v2/staff', { name: 'Samantha Seller', role: 'seller', pin: '1357' });
      const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
        name: 'Till by the cloakroom',
        scope: 'box_office',
      });
      const context = await browser.newContext({ viewport: { width: window.width, height: window.height } });
      const page = await context.newPage();
      await setBrowserTextSize(page, textSize);
      const login = new LoginPage(page, server.url);
      await login.open('/shift');
      // The setting reached the page (the CSS keyword for the browser's default size), and the
      // body's words follow it: 14 px at the default 16.
      expect(await page.evaluate(browserMedium), 'the browser setting').toBe(textSize);
      expect(await fontSizeOf(page.locator('body')), 'body text follows the browser setting').toBe(
        (textSize * 14) / 16,
      );
      await expect(login.keyInput).toBeVisible();
      await expectFits(page, 'sign in');
      await login.signIn(till.secret);
      await new TillStaffPage(page).typePin('1357');
      // The Shift screen's form: not the keypad still checking the PIN, nor the shift still loading.
      const openShift = page.getByRole('button', { name: 'Open shift' });
      await expect(openShift).toBeVisible();
      await expectFits(page, 'open a shift');
      await expectReachable('open a shift', openShift);
      await new ShiftPage(page).open('100.00');

      const sell = new SellPage(page);
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Sell/ }).click();
      await expect(sell.tile(tiers[1]!)).toBeVisible();
      await expectFits(page, 'sell');
      expect(await fontSizeOf(sell.tile(tiers[1]!).locator('.tile-price')), 'a tier price').toBe(
        (textSize * 22) / 16,
      );
      await sell.pickTier(tiers[1]!);
      await sell.enterQuantity(2);
      expect(await fontSizeOf(sell.total()), 'the sale total grows with the browser setting').toBe(
        (textSize * 26) / 16,
      );
      const complete = page.getByRole('button', { name: /^Complete sale/ });
      // A card sale's form is the tallest: buyer name, email and the terminal's note.
      await page.getByRole('radio', { name: 'Card' }).check();
      expect(await hiddenWhereItIs(complete), 'card: Complete sale in sight').toBeNull();
      await expectReachable('card', page.getByLabel('Buyer name'), page.getByLabel('Buyer email'), complete);
      await expectFits(page, 'card');

      await sell.payCash('50');
      await expect(sell.changeDue()).toHaveText('$10.00');
      expect(await fontSizeOf(sell.changeDue()), 'the change due grows too').toBe((textSize * 26) / 16);
      expect(await hiddenWhereItIs(complete), 'cash: Complete sale in sight').toBeNull();
      await expectReachable('cash', page.getByLabel('Cash tendered'), complete);
      await expectFits(page, 'cash');
      await complete.click();
      await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
      await expect(sell.doneChange()).toContainText('$10.00');
      await expectFits(page, 'sale done');
      await expectReachable(
        'sale done',
        page.getByRole('button', { name: /^New sale/ }),
        page.getByRole('button', { name: /^Print tickets/ }),
      );
      await sell.newSale();
      await expect(sell.tile(tiers[1]!)).toBeVisible();

      await closeShiftInSmallWindow(page, expectFits, { countAgain: true });

      await context.close();
    });

for (const window of laptopWindows)
  test(`${window.name} (${window.width} × ${window.height}), browser text 24 px: the door and the kiosk`, async ({
    browser,
    server,
  }) => {
    await doorNight(server, tiers, { title });
    const kioskKey = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
      name: 'Lobby kiosk',
      scope: 'kiosk',
    });
    const context = await browser.newContext({ viewport: { width: window.width, height: window.height } });
    const page = await context.newPage();
    await setBrowserTextSize(page, 24);
    const door = new DoorPage(page, server.url);
    await door.open();
    await expectFits(page, 'door pairing');
    const pairHeading = page.getByRole('heading', { name: 'Pair this door' });
    expect(await growthAt24(page, pairHeading), 'the door heading grows').toBeCloseTo(1.5);
    // Pair is pressable once a code is pasted.
    await page.getByLabel('Or paste the pairing code').fill('marquee://pair?code=typed-by-hand');
    await expectReachable(
      'door pairing',
      page.getByLabel('Door name'),
      page.getByRole('button', { name: 'Pair', exact: true }),
    );

    const kiosk = new KioskPage(page, server.url);
    await kiosk.open(kioskKey.secret);
    await expectFits(page, 'kiosk');
    await kiosk.tier(tiers[0]!).click();
    await expectFits(page, 'kiosk, how many');
    expect(await growthAt24(page, kiosk.total()), 'the kiosk total grows').toBeCloseTo(1.5);
    await expectReachable(
      'kiosk, how many',
      page.getByRole('button', { name: 'One more' }),
      page.getByRole('button', { name: 'Continue' }),
    );
    await context.close();
  });
