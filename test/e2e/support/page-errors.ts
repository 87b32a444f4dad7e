import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * Collects the uncaught errors of every page `browser` opens from now on, in any of its contexts
 * (the test's own `page`, a second window, a steward's phone), until `stop` is called. Each
 * error names the page it happened on, so a failure says which screen threw.
 */
export function collectPageErrors(browser: Browser): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const watchPage = (page: Page) =>
    page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  const watchContext = (context: BrowserContext) => {
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
  };
  browser.on('context', watchContext);
  return { errors, stop: () => browser.off('context', watchContext) };
}
