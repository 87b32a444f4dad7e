import type { Browser, Page } from '@playwright/test';
import { csvObjects } from '../../support/csv.js';
import { expect } from '../fixtures.js';
import { LoginPage } from '../pages/login-page.js';
import { adminKey, type VenueServer } from './venue-server.js';

/** Cashing up on a manager's laptop whose clock is not the venue's (cash-up, venue-clock specs). */

/** "2026-12-01 00:30" on `zone`'s clock. */
export function wall(at: string | number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** "December 2026" for "2026-12", as the Takings screen names a month. */
export function monthWords(yearMonth: string): string {
  return new Date(`${yearMonth}-15T12:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A manager's laptop signed in with the admin key, its clock on `timezoneId`. */
export async function managerLaptop(browser: Browser, server: VenueServer, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  const login = new LoginPage(page, server.url);
  await login.open('/events');
  await login.signIn(adminKey);
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  return { page, close: () => context.close() };
}

export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name, exact: true });

/** An export's rows, as the accountant's spreadsheet reads them. */
export async function csvRows(server: VenueServer, path: string): Promise<Record<string, string>[]> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${adminKey}` } });
  expect(res.status).toBe(200);
  return csvObjects(await res.text());
}

/**
 * The time zones the page asks `GET /v2/reports/sales` for, in order, from now on: Takings must ask
 * once, on the venue's clock, never first on another and shown for a moment.
 */
export function salesReportZonesAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/v2/reports/sales'))
      asked.push(new URL(req.url()).searchParams.get('timezone') ?? '');
  });
  return asked;
}
