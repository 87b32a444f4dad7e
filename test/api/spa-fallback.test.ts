import type { FastifyInstance } from 'fastify';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { isUiNavigation } from '../../src/server/http/spa-fallback.js';
import { tempDataDir, testOptions } from '../support/test-app.js';

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const shell = '<!doctype html><title>Marquee</title><div id="root"></div>';

let app: FastifyInstance;
let dataDir: string;
let rendererDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  rendererDir = join(dataDir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), shell);
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  app = await buildApp(testOptions(join(dataDir, 'store')), { rendererDir });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, accept = browserAccept) => app.inject({ method: 'GET', url, headers: { accept } });

describe('the UI fallback to index.html', () => {
  it.each([
    '/sell',
    '/orders',
    '/orders/ord_abc',
    '/events/evt_1/tiers',
    '/settings',
    '/door',
    '/kiosk',
    '/login',
  ])('answers the UI shell for a browser opening %s', async (path) => {
    const res = await get(`${path}?from=test`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(shell);
  });

  it('still serves the root and the real assets', async () => {
    expect((await get('/')).body).toBe(shell);
    const asset = await get('/assets/app.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
  });

  it('serves a UI file added after the server started (a rebuild or update while it runs)', async () => {
    writeFileSync(join(rendererDir, 'assets', 'index-NEWBUILD.js'), 'console.log(2)');
    const added = await get('/assets/index-NEWBUILD.js', '*/*');
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe('console.log(2)');
    // Nothing outside the UI's folder, however the path is spelt.
    for (const url of [
      '/assets/../../store/marquee.db',
      '/assets/%2e%2e/%2e%2e/store/marquee.db',
      '/%E0%A4%A.js',
    ]) {
      const res = await get(url, '*/*');
      // 400 is Fastify's own answer to a malformed escape; never the file.
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('SQLite');
    }
  });

  it('keeps the JSON 404 for the API, for missing files and for non-HTML clients', async () => {
    for (const [url, accept] of [
      ['/v2/nope', browserAccept],
      ['/v2', browserAccept],
      ['/assets/missing.js', browserAccept],
      ['/sell', 'application/json'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { type: 'not_found_error', code: 'route_not_found' } });
    }
    const post = await app.inject({ method: 'POST', url: '/sell', headers: { accept: browserAccept } });
    expect(post.statusCode).toBe(404);
  });

  it('leaves the public event and wallet pages to their own routes', async () => {
    const page = await get('/e/evt_missing');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toBe(shell);
    const wallet = await get('/w/not-a-secret');
    expect(wallet.body).not.toBe(shell);
  });
});

describe('isUiNavigation', () => {
  it('tells screens from server paths and files', () => {
    expect(isUiNavigation('/events/evt_1', 'text/html')).toBe(true);
    expect(isUiNavigation('/events/evt_1', undefined)).toBe(false);
    expect(isUiNavigation('/v2/events', 'text/html')).toBe(false);
    expect(isUiNavigation('/e/evt_1', 'text/html')).toBe(false);
    expect(isUiNavigation('/w/abc', 'text/html')).toBe(false);
    expect(isUiNavigation('/favicon.ico', 'text/html')).toBe(false);
    // Only whole segments are reserved: a screen may start with the same letters.
    expect(isUiNavigation('/events', 'text/html')).toBe(true);
    expect(isUiNavigation('/v2x', 'text/html')).toBe(true);
  });
});
