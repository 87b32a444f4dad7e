import { test as base, expect, type Browser } from '@playwright/test';
import { BoxOffice } from './pages/box-office.js';
import { collectPageErrors } from './support/page-errors.js';
import { startVenueServer, type VenueServer } from './support/venue-server.js';

interface Fixtures {
  /**
   * Watches every page the test opens from the worker's browser: an uncaught error in any of
   * them fails the test even when every assertion passed. Automatic: a spec need not ask for it,
   * unless it launches a browser of its own, which it hands to `watch`.
   */
  pageErrors: { watch: (browser: Browser) => void };
  /** A fresh headless server with its own data dir, for this test only. */
  server: VenueServer;
  /** The UI, signed in through the login screen with the admin key. */
  boxOffice: BoxOffice;
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ browser }, use) => {
      const watches = [collectPageErrors(browser)];
      try {
        await use({ watch: (other) => void watches.push(collectPageErrors(other)) });
      } finally {
        for (const watch of watches) watch.stop();
      }
      expect(
        watches.flatMap((watch) => watch.errors),
        'uncaught errors in the pages',
      ).toEqual([]);
    },
    { auto: true },
  ],
  // Playwright reads the fixture's dependencies from this pattern; the server needs none.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startVenueServer();
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  boxOffice: async ({ page, server }, use) => {
    const boxOffice = new BoxOffice(page, server);
    await boxOffice.signIn();
    await use(boxOffice);
  },
});

export { expect };
