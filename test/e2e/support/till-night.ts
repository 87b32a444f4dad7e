import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page.js';
import { TillStaffPage } from '../pages/till-staff-page.js';
import type { VenueServer } from './venue-server.js';

/** POSTs as the till (its key, and a staff session when given) and expects a 2xx answer. */
export function tillCaller(server: VenueServer, tillKey: string) {
  return async (path: string, body: unknown, session?: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tillKey}`,
        'content-type': 'application/json',
        ...(session ? { 'marquee-staff': session } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.ok, await res.clone().text()).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
}

/** Maria signed in at the till and her shift opened with a $100 float: POSTs as her from then on. */
export async function mariasShift(server: VenueServer, tillKey: string) {
  const call = tillCaller(server, tillKey);
  const session = (await call('/v2/staff/sign_in', { pin: '2468' })).session_token as string;
  await call('/v2/shifts', { opening_float_cents: 10_000, currency: 'usd' }, session);
  return (path: string, body: unknown) => call(path, body, session);
}

/** A published dollar event of one $25 tier (100 of them), with that tier's id. */
export async function dollarEvent(
  server: VenueServer,
  fields: { title: string; doors_at: string; timezone?: string },
): Promise<{ event: { id: string }; tierId: string }> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    ...fields,
    venue: 'Main hall',
    currency: 'usd',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  return { event, tierId: tiers.data[0]!.id };
}

/** A published dollar event of one $25 tier, Maria (manager, PIN 2468) and a box-office till key. */
export async function dollarEventAndTill(
  server: VenueServer,
  fields: { title: string; doors_at: string; timezone?: string },
): Promise<{ event: { id: string }; till: { secret: string }; tierId: string }> {
  const { event, tierId } = await dollarEvent(server, fields);
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const till = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  return { event, till, tierId };
}

/** A till in a browser context of its own, signed in as Maria on the Shift screen; close `context` after. */
export async function tillShiftTab(
  browser: Browser,
  server: VenueServer,
  tillKey: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await shiftTab(page, server, tillKey);
  return { context, page };
}

/** A till tab signed in with the till's key and Maria's PIN, on the Shift screen. */
export async function shiftTab(page: Page, server: VenueServer, tillKey: string): Promise<void> {
  const login = new LoginPage(page, server.url);
  await login.open('/shift');
  await login.signIn(tillKey);
  const staff = new TillStaffPage(page);
  await staff.typePin('2468');
  await expect(staff.signedIn()).toContainText('Maria · manager');
}
