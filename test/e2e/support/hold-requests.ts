import type { Page, Route } from '@playwright/test';

export interface HeldRequests {
  /** How many requests are waiting. */
  count(): number;
  /** Sends the waiting ones on, and lets later ones through. */
  release(): Promise<void>;
}

/**
 * Requests to `url` wait in the browser until `release()` sends them on: an answer held back so a
 * test sees the page before it arrives (the header before the venue name), or a door's background
 * sync held while a test reads what the door has queued, which it would otherwise send (and clear)
 * as soon as any request gets through again, however fast the test looks.
 */
export async function holdRequestsTo(page: Page, url: string): Promise<HeldRequests> {
  const held: Route[] = [];
  let holding = true;
  await page.route(url, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    count: () => held.length,
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(url);
    },
  };
}
