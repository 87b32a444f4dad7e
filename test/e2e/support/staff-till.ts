import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page.js';
import { SellPage } from '../pages/sell-page.js';
import { ShiftPage } from '../pages/shift-page.js';
import { TillStaffPage } from '../pages/till-staff-page.js';
import type { VenueServer } from './venue-server.js';

/**
 * A published event of one General admission tier at $25.00 (100 of them), in the main hall on
 * New Year's Eve: the event the staff specs sell, with its tier's id.
 */
export async function generalAdmissionNight(
  server: VenueServer,
  title: string,
): Promise<{ event: { id: string }; tierId: string }> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title,
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  return { event, tierId: tiers.data[0]!.id };
}

/**
 * The night the staff specs work in: a published event with one General admission tier at
 * $25.00 (100 of them) and a box-office key named **Till 1** for the till at the counter.
 */
export async function staffNight(
  server: VenueServer,
  title: string,
): Promise<{ event: { id: string }; tillKey: { secret: string } }> {
  const { event } = await generalAdmissionNight(server, title);
  const tillKey = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  return { event, tillKey };
}

export interface StaffTill {
  context: BrowserContext;
  till: Page;
  staff: TillStaffPage;
  sell: SellPage;
  shift: ShiftPage;
  /** A link in the till's Screens navigation. */
  nav: (name: string) => Locator;
}

/**
 * A second browser window for the till, beside the manager's box office (its own context, so its
 * own sign-in), with the page models the staff specs drive it through.
 */
export async function openStaffTill(browser: Browser): Promise<StaffTill> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const till = await context.newPage();
  return {
    context,
    till,
    staff: new TillStaffPage(till),
    sell: new SellPage(till),
    shift: new ShiftPage(till),
    nav: (name) => till.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }),
  };
}

/** Opens the till's Sell screen and signs the till in with its box-office key (not a PIN yet). */
export async function signInTill(till: Page, server: VenueServer, secret: string): Promise<void> {
  const login = new LoginPage(till, server.url);
  await login.open('/sell');
  await login.signIn(secret);
}
