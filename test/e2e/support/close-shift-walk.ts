import { expect, type Page } from '@playwright/test';
import { ShiftPage } from '../pages/shift-page.js';
import { expectReachable } from './reflow.js';

/**
 * The seller closes the shift in a small window (zoomed, or a small laptop): at each step the
 * screen must pass `fits` and the button the seller presses next must come into view uncovered.
 * `countAgain` also holds the closing step's **Count again** to that.
 */
export async function closeShiftInSmallWindow(
  page: Page,
  fits: (page: Page, where: string) => Promise<void>,
  { countAgain = false }: { countAgain?: boolean } = {},
): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: /^Shift/ })
    .click();
  const closeShift = page.getByRole('button', { name: 'Close shift…' });
  await expectReachable('shift', closeShift);
  await closeShift.click();
  await page.getByLabel('Cash counted in the drawer').fill('140.00');
  await fits(page, 'counting the drawer');
  await expectReachable('counting the drawer', page.getByRole('button', { name: 'Next' }));
  await page.getByRole('button', { name: 'Next' }).click();
  const closeForGood = page.getByRole('button', { name: 'Close shift', exact: true });
  await fits(page, 'closing the shift');
  await expectReachable(
    'closing the shift',
    ...(countAgain ? [page.getByRole('button', { name: 'Count again' })] : []),
    closeForGood,
  );
  await closeForGood.click();
  await expect(new ShiftPage(page).zReport()).toBeVisible();
  await fits(page, 'Z report');
  await expectReachable('Z report', page.getByRole('button', { name: 'Download CSV' }));
}
