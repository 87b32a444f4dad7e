import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { components } from '../../../src/shared/api/schema.js';
import { DoorPage } from '../pages/door-page.js';
import type { VenueServer } from './venue-server.js';

/**
 * A door page paired with `code` in a browser context of its own (the box office keeps the test's
 * `page`), named "Front door" unless `name` says otherwise (its uncaught errors fail the test
 * through the e2e fixture, as any page's do). `setUp` runs on the context before the page opens (a blocked route, a clock).
 */
export async function pairedDoor(
  browser: Browser,
  server: VenueServer,
  code: string,
  options: {
    viewport: { width: number; height: number };
    setUp?: (context: BrowserContext) => Promise<void>;
    name?: string;
  },
): Promise<{ door: DoorPage; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: options.viewport });
  await options.setUp?.(context);
  const page = await context.newPage();
  const door = new DoorPage(page, server.url);
  await door.open();
  await door.nameDoor(options.name ?? 'Front door');
  await door.pairByPasting(code);
  return { door, context };
}

/** A steward's phone. */
export const phone = { width: 390, height: 844 };

/** The door as a steward's phone opens it, paired for tonight. */
export const phoneDoor = (
  browser: Browser,
  server: VenueServer,
  code: string,
  setUp?: (context: BrowserContext) => Promise<void>,
) => pairedDoor(browser, server, code, { viewport: phone, setUp });

/** Every scan the server recorded of one ticket, as GET /v2/scans answers them. */
export const scansOfTicket = async (server: VenueServer, ticketId: string) =>
  (await server.api<{ data: components['schemas']['Scan'][] }>('GET', `/v2/scans?ticket_id=${ticketId}`))
    .data;

/**
 * Requests to `url` reach the server, which acts on them, but their answers are lost on the way
 * back (the venue Wi-Fi dropping at the worst moment). Undo with `page.unroute(url)`.
 */
export const loseAnswersTo = (page: Page, url: string) =>
  page.route(url, async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });

/** Back online, the door syncs its one queued copy by itself, and the server takes it without a conflict. */
export async function expectQuietSync(door: DoorPage): Promise<void> {
  await expect(door.page.getByText('Synced 1 offline scan.')).toBeVisible({ timeout: 20_000 });
  await expect(door.queued()).toHaveText('0 queued');
  await expect(door.page.getByRole('alert')).toHaveCount(0);
  await expect(door.page.getByText(/conflict/)).toHaveCount(0);
}

/** The door's service worker has the page cached, so a reload with the server away shows the door. */
export async function expectDoorCached(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        `navigator.serviceWorker.ready
          .then(() => caches.open('marquee-door-v1'))
          .then((cache) => cache.match('/door'))
          .then(Boolean)`,
      ),
    )
    .toBe(true);
}

/**
 * Other data fills this origin's localStorage (key `test.filler`) until only about `room`
 * characters are left; answers how much the filler took.
 */
export const fillStorageLeaving = (page: Page, room: number): Promise<number> =>
  page.evaluate((room) => {
    const key = 'test.filler';
    let length = 0;
    // The largest filler that fits, by halving steps: at most 24 tries.
    for (let step = 1 << 23; step >= 64; step >>= 1) {
      try {
        localStorage.setItem(key, 'x'.repeat(length + step));
        length += step;
      } catch {
        // Too big: a smaller step next.
      }
    }
    localStorage.setItem(key, 'x'.repeat(length - room));
    return length;
  }, room);

/** Characters (key and value) of each key in this origin's localStorage, largest first. */
export const storedSizes = (page: Page): Promise<[string, number][]> =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .map((key): [string, number] => [key, key.length + (localStorage.getItem(key)?.length ?? 0)])
      .sort((a, b) => b[1] - a[1]),
  );
