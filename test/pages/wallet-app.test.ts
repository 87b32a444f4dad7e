import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAttendeeRequest } from '../../src/server/public-listener.js';
import type { WalletTicketInfo } from '../../src/shared/wallet-offline.js';
import type { StripToken } from '../../src/shared/wallet-strip.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
let path: string;
let ticketId: string;
let html: string;

/** The page's embedded data, as the wallet app reads it. */
function pageData(page: string): { info: WalletTicketInfo; live: StripToken | null } {
  const json = /<script type="application\/json" id="wallet-data">(.*?)<\/script>/s.exec(page)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as { info: WalletTicketInfo; live: StripToken | null };
}

const versionOf = (page: string): string => /\/w\/app\.js\?v=([0-9a-f]+)"/.exec(page)?.[1] ?? '';

beforeAll(async () => {
  t = await makeTestApp();
  const { eventId, tierId } = await publishedEvent(t);
  const order = await t.call('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
    payment_method: 'cash',
  });
  const ticket = (order.json() as { tickets: { id: string; wallet_url: string }[] }).tickets[0]!;
  ticketId = ticket.id;
  path = new URL(ticket.wallet_url).pathname;
  html = (await t.app.inject({ method: 'GET', url: path })).body;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the wallet web app: the page', () => {
  it('embeds what the phone keeps (no secret, no email) and the live code with its window', () => {
    const { info, live } = pageData(html);
    expect(info).toEqual({
      ticket_id: ticketId,
      event_title: 'Night show',
      venue: 'Main hall',
      doors_at: '2026-12-24T19:00:00.000Z',
      time_zone: 'UTC',
      tier_name: 'General admission',
      attendee_name: 'Ada Lovelace',
      state: 'valid',
    });
    expect(JSON.stringify(info)).not.toContain(path.slice(3));
    expect(JSON.stringify(info)).not.toContain('ada@example.test');
    const check = t.app.ctx.tokens.verify(live!.token);
    expect(check.ok && check.claims.sub).toBe(ticketId);
    if (!check.ok) return;
    expect(live!.not_before).toBe(new Date(check.claims.iat * 1000).toISOString());
    expect(live!.not_after).toBe(new Date(check.claims.exp * 1000).toISOString());
  });
});

describe('the wallet web app: its files under /w/', () => {
  it('serves the script the page names, cached for good under its version and checked otherwise', async () => {
    const version = versionOf(html);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const app = await t.app.inject({ method: 'GET', url: `/w/app.js?v=${version}` });
    expect(app.statusCode).toBe(200);
    expect(app.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(app.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bundle draws QR codes itself, keeps the strip under a hashed key, registers the worker.
    // (Checked as booleans: a failure must not print 40 kB of minified script.)
    expect(app.body.includes('toCanvas')).toBe(true);
    expect(app.body.includes('marquee.wallet.')).toBe(true);
    expect(app.body.includes('/w/sw.js?v=')).toBe(true);
    expect(app.body.length).toBeLessThan(80_000);
    const unversioned = await t.app.inject({ method: 'GET', url: '/w/app.js' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect(unversioned.body).toBe(app.body);
  });

  it('serves the service worker from /w/, so its scope covers every ticket page, always revalidated', async () => {
    const sw = await t.app.inject({ method: 'GET', url: `/w/sw.js?v=${versionOf(html)}` });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toContain('/w/offline');
    expect(sw.body).toContain('marquee-wallet-');
  });

  it('serves the offline shell: the same card and script, naming no ticket', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/w/offline' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(shell.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(shell.body).toContain(`<script src="/w/app.js?v=${versionOf(html)}" defer></script>`);
    for (const id of ['w-title', 'w-meta', 'w-tier', 'w-name', 'w-status', 'qr', 'w-offline', 'w-notice']) {
      expect(shell.body).toContain(`id="${id}"`);
    }
    expect(shell.body).not.toContain(ticketId);
    expect(shell.body).not.toContain('wallet-data');
    expect(shell.body).not.toContain('manifest');
  });

  it("answers each ticket's manifest: installed, the app opens on that ticket; icons are PNGs", async () => {
    const manifest = await t.app.inject({ method: 'GET', url: `${path}/manifest.webmanifest` });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-store');
    const body = manifest.json() as {
      start_url: string;
      scope: string;
      id: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(body).toMatchObject({ start_url: path, id: path, scope: '/w/', display: 'standalone' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(['256x256', '512x512']);
    for (const icon of body.icons) {
      const png = await t.app.inject({ method: 'GET', url: icon.src });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('names an icon a browser tab and an iPhone home screen use (no 404 for /favicon.ico)', async () => {
    // iOS takes the home-screen icon from apple-touch-icon, not from the manifest.
    for (const rel of ['icon', 'apple-touch-icon']) {
      const href = new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
      expect(href, rel).toBeDefined();
      const png = await t.app.inject({ method: 'GET', url: href! });
      expect(png.statusCode, rel).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
    }
  });

  it('refuses the manifest of an unknown secret', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/w/notARealSecret00000000000/manifest.webmanifest',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('resource_missing');
  });

  it('is reachable on the public listener, like the rest of /w/', () => {
    for (const url of [
      '/w/app.js?v=1',
      '/w/sw.js',
      '/w/offline',
      '/w/icon-512.png',
      `${path}/manifest.webmanifest`,
    ]) {
      expect(isAttendeeRequest('GET', url)).toBe(true);
    }
  });
});
