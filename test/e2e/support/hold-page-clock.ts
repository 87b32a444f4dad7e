import { expect, type Page } from '@playwright/test';

/**
 * Holds the page's clock (installed with `page.clock.install()`) a moment ahead of its now, so
 * steps that must fall within a half-second guard do not depend on the machine's speed. On a busy
 * machine that moment can pass before the call lands ("Cannot fast-forward to the past"); the
 * failed call has already held the clock, so the next try reads a now that stays put.
 */
export async function holdPageClock(page: Page, aheadMs = 100): Promise<void> {
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + aheadMs);
  }).toPass();
}
