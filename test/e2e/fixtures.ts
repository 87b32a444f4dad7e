import { test as base, expect } from '@playwright/test';
import { BoxOffice } from './pages/box-office.js';
import { startVenueServer, type VenueServer } from './support/venue-server.js';

interface Fixtures {
  /** A fresh headless server with its own data dir, for this test only. */
  server: VenueServer;
  /** The UI, signed in through the login screen with the admin key. */
  boxOffice: BoxOffice;
}

export const test = base.extend<Fixtures>({
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
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const boxOffice = new BoxOffice(page, server);
    await boxOffice.signIn();
    await use(boxOffice);
    // An uncaught exception in the UI fails the test even when every assertion passed.
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
