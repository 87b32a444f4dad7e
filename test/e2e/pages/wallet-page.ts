import { expect, type Locator, type Page } from '@playwright/test';
import { decodeQrPng } from '../../support/qr-decode.js';

/** The attendee's wallet page (`/w/<secret>`) on a phone: the code on screen and what it says. */
export class WalletPage {
  constructor(readonly page: Page) {}

  code(): Locator {
    return this.page.locator('canvas#qr');
  }

  offlineNote(): Locator {
    return this.page.locator('#w-offline');
  }

  /** Opens the page with signal and waits until the strip is saved and the page kept for offline. */
  async openOnline(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator('html')).toHaveAttribute('data-offline', 'ready', { timeout: 20_000 });
    await expect(this.page.locator('html')).toHaveAttribute('data-saved', /Z$/);
    await this.page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  }

  /**
   * Opens the page with signal where the browser refuses a service worker (an address that is not
   * a secure origin): the codes are saved all the same, and the page says it cannot be reopened
   * offline.
   */
  async openWithoutServiceWorker(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.locator('html')).toHaveAttribute('data-offline', 'refused', { timeout: 20_000 });
    await expect(this.page.locator('html')).toHaveAttribute('data-saved', /Z$/);
  }

  supportNote(): Locator {
    return this.page.locator('#w-support');
  }

  /** The page's own clock (Playwright's, when installed). */
  now(): Promise<number> {
    return this.page.evaluate(() => Date.now());
  }

  /** Waits until the code on screen is the one for the page's current 5-minute window. */
  async expectCurrentWindow(): Promise<{ notBefore: number; notAfter: number }> {
    let window = { notBefore: 0, notAfter: 0 };
    await expect
      .poll(
        async () => {
          const now = await this.now();
          const [notBefore, notAfter] = await this.code().evaluate((canvas) => [
            Date.parse(canvas.dataset.notBefore ?? ''),
            Date.parse(canvas.dataset.notAfter ?? ''),
          ]);
          window = { notBefore: notBefore!, notAfter: notAfter! };
          return notBefore! <= now && now < notAfter!;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(this.code()).toBeVisible();
    return window;
  }

  /** A screenshot of the code, read as a door camera reads it. */
  async photographCode(): Promise<string> {
    return decodeQrPng(await this.code().screenshot());
  }
}
