import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only steps the keyboard specs share (keyboard-sale, keyboard-manager and
 * keyboard-manager-more): reaching a control by Tab as a person would, and checking the keyboard
 * was not dropped on the page's body, where a screen reader says nothing.
 */

// A string: the e2e tests are type-checked without the DOM library.
export const focusAtBody = 'document.activeElement === null || document.activeElement === document.body';

/** Presses Tab until `target` has the keyboard; fails if `maxPresses` Tabs never reach it. */
export async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `Tab never reached it in ${maxPresses} presses`).toBeFocused();
}

/**
 * The keyboard is on something, not on the page's body. Polled: when a step removes the focused
 * control (a dialog closing, its row deleted), the body has the focus until the screen's effect
 * hands it on, a moment after the removal is drawn.
 */
export async function expectFocusNotLost(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<boolean>(focusAtBody), 'the keyboard is on the page body')
    .toBe(false);
}
