import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../src/server/config.js';
import { isAttendeeRequest } from '../../src/server/public-listener.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { decodeQrPng } from '../support/qr-decode.js';
import { api, spawnServer, type SpawnedServer } from '../support/spawned-server.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';
import { eventually } from '../support/eventually.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** One request over node:http with the path exactly as given (fetch would resolve `..`). */
function raw(base: string, method: string, path: string, key: string | null = adminSecret): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path,
        agent: false,
        headers: key ? { authorization: `Bearer ${key}` } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The server with its public listener on loopback; `rateLimitPerMinute` to run out of it fast. */
async function startWithPublic(rateLimitPerMinute?: number): Promise<RunningServer> {
  const dataDir = tempDataDir();
  const server = await startServer(
    testOptions(dataDir, {
      publicPort: 0,
      publicHost: '127.0.0.1',
      baseUrl: undefined,
      ...(rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute }),
    }),
  );
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => server.close());
  return server;
}

/** A published event with one sold ticket, made through the LAN listener's API. */
async function soldTicket(lan: string): Promise<{ eventId: string; walletPath: string }> {
  const created = await api(lan, '/v2/events', 'POST', {
    title: 'Open air',
    venue: 'Park',
    doors_at: '2026-11-27T00:00:00Z',
    timezone: 'America/New_York',
    tickets: [{ name: 'Lawn', price_cents: 1000, quantity: 10 }],
  });
  const event = (await created.json()) as { id: string };
  await api(lan, `/v2/events/${event.id}/publish`, 'POST', {});
  const tiers = (await (await api(lan, `/v2/events/${event.id}/tiers`)).json()) as { data: { id: string }[] };
  const order = await api(lan, '/v2/orders', 'POST', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    payment_method: 'cash',
  });
  expect(order.status).toBe(200);
  const ticket = ((await order.json()) as { tickets: { wallet_url: string }[] }).tickets[0]!;
  return { eventId: event.id, walletPath: new URL(ticket.wallet_url).pathname };
}

describe('public listener (MARQUEE_PUBLIC_PORT)', () => {
  it('serves event pages and wallets, with their QR and token, to anyone', async () => {
    const server = await startWithPublic();
    expect(server.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.publicUrl).not.toBe(server.url);
    const { eventId, walletPath } = await soldTicket(server.url);
    const pub = server.publicUrl!;

    const page = await raw(pub, 'GET', `/e/${eventId}`, null);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('doors Thu 26 Nov 2026, 19:00 (New York time)');
    const wallet = await raw(pub, 'GET', walletPath, null);
    expect(wallet.status).toBe(200);
    expect(wallet.body.toString()).toContain('data-status="valid"');
    const token = await raw(pub, 'GET', `${walletPath}/token`, null);
    expect(JSON.parse(token.body.toString())).toMatchObject({ status: 'active' });
    const qr = await raw(pub, 'GET', `${walletPath}/qr.png`, null);
    expect(qr.type).toBe('image/png');
    expect(decodeQrPng(qr.body)).toBe(JSON.parse(token.body.toString()).qr_token);
    expect((await raw(pub, 'HEAD', `/e/${eventId}`, null)).status).toBe(200);
    expect((await raw(pub, 'GET', '/e/evt_missing', null)).status).toBe(404);
    // A link cut off after /e/ or /w/ reads as the page's "not found", not the API's words.
    const cutShort: [string, string][] = [
      ['/e/', 'Event not found'],
      ['/e', 'Event not found'],
      ['/w/', 'Ticket not found'],
      ['/w?utm_source=mail', 'Ticket not found'],
    ];
    for (const [path, words] of cutShort) {
      const cut = await raw(pub, 'GET', path, null);
      expect(cut.status, path).toBe(404);
      expect(cut.type, path).toMatch(/^text\/html/);
      expect(cut.body.toString(), path).toContain(words);
    }
  });

  it('answers 404 for the API, the box office and every way of spelling a way to them', async () => {
    const server = await startWithPublic();
    const { walletPath } = await soldTicket(server.url);
    const pub = server.publicUrl!;
    const refused: [string, string][] = [
      ['GET', '/v2/health'],
      ['GET', '/v2/events'],
      ['GET', '/v2/openapi.json'],
      ['GET', '/v2/scan/jwks'],
      ['POST', '/v2/orders'],
      ['GET', '/'],
      ['GET', '/sell'],
      ['GET', '/e/../v2/events'],
      ['GET', '/e/%2e%2e/v2/events'],
      ['GET', '/w/x/../../v2/events'],
      ['GET', '/e/x%2f..%2f..%2fv2%2fevents'],
      ['GET', '//v2/events'],
      ['GET', '/%76%32/events'],
      ['GET', '/E/x'],
      ['GET', '/e//v2/events'],
      ['GET', '/ew'],
      ['GET', `${server.url}/v2/events`],
      ['POST', `${walletPath}/token`],
      ['DELETE', walletPath],
    ];
    for (const [method, path] of refused) {
      const answer = await raw(pub, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      const text = answer.body.toString();
      expect(text, `${method} ${path}`).not.toMatch(/"object":"list"|"status":"ok"|"openapi":|"keys":|evt_/);
    }
    const body = JSON.parse((await raw(pub, 'GET', '/v2/events')).body.toString());
    expect(body.error).toMatchObject({ type: 'not_found_error', code: 'route_not_found' });
    expect(body.error.message).toMatch(/only event pages/);

    // The LAN listener is unchanged: the API answers there.
    const health = await raw(server.url, 'GET', '/v2/events');
    expect(health.status).toBe(200);
  });

  it('behind a proxy on this machine, each attendee has their own allowance (X-Forwarded-For), not one shared by all', async () => {
    const server = await startWithPublic(3);
    // A wallet page (the scripts and icons are not counted): no ticket has this link, so 404.
    const page = (client: string) =>
      fetch(`${server.publicUrl!}/w/no-such-wallet-link`, { headers: { 'x-forwarded-for': client } }).then(
        (res) => res.status,
      );
    // One client uses up its allowance through the proxy…
    for (let i = 0; i < 3; i++) expect(await page('198.51.100.66')).toBe(404);
    expect(await page('198.51.100.66')).toBe(429);
    // …and another attendee coming through the same proxy still gets their wallet.
    expect(await page('203.0.113.7')).toBe(404);
  });

  it("a wallet's scripts, worker, offline shell and icons do not use up an address's allowance; its page and code image do", async () => {
    const server = await startWithPublic(3);
    const status = async (path: string) => (await raw(server.publicUrl!, 'GET', path, null)).status;
    const assets = ['/w/app.js', '/w/sw.js', '/w/offline', '/w/icon-256.png', '/w/icon-512.png'];
    // Several phones behind one venue NAT opening their wallets: every file, twice over.
    for (const path of [...assets, ...assets]) expect(await status(path), path).toBe(200);
    // The address's whole allowance is still there for pages: three, then 429.
    for (let i = 0; i < 3; i++) expect(await status('/w/no-such-wallet-link')).toBe(404);
    expect(await status('/w/no-such-wallet-link')).toBe(429);
    expect(await status('/w/no-such-wallet-link/qr.png')).toBe(429);
    expect(await status('/w/no-such-wallet-link/strip')).toBe(429);
    // Over the limit, a phone still gets the files its offline wallet runs on.
    for (const path of assets) expect(await status(path), path).toBe(200);
  });

  it('lets only reads of /e/… and /w/… through', () => {
    expect(isAttendeeRequest('GET', '/e/evt_1?tier=tkt_1')).toBe(true);
    expect(isAttendeeRequest('HEAD', '/w/secret/qr.png')).toBe(true);
    expect(isAttendeeRequest('POST', '/w/secret')).toBe(false);
    expect(isAttendeeRequest('GET', '/v2/health')).toBe(false);
    expect(isAttendeeRequest('GET', '/e//v2')).toBe(false);
    expect(isAttendeeRequest('GET', '/w/')).toBe(true);
    expect(isAttendeeRequest('GET', '/e?x=1')).toBe(true);
    expect(isAttendeeRequest('GET', '/ev2')).toBe(false);
    expect(isAttendeeRequest('GET', '/e/?')).toBe(true);
    expect(isAttendeeRequest(undefined, undefined)).toBe(false);
  });

  it('is configured by MARQUEE_PUBLIC_PORT and MARQUEE_PUBLIC_HOST', () => {
    expect(optionsFromEnv({})).toMatchObject({ publicPort: undefined });
    expect(optionsFromEnv({ MARQUEE_PUBLIC_PORT: '8080' })).toMatchObject({
      publicPort: 8080,
      publicHost: '0.0.0.0',
    });
    expect(optionsFromEnv({ MARQUEE_PUBLIC_PORT: '8080', MARQUEE_PUBLIC_HOST: '127.0.0.1' })).toMatchObject({
      publicHost: '127.0.0.1',
    });
    expect(() => optionsFromEnv({ MARQUEE_PUBLIC_PORT: 'http' })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ MARQUEE_PUBLIC_PORT: '70000' })).toThrow(/MARQUEE_PUBLIC_PORT/);
  });

  // A real process start: 5–7 s from the sources on a busy 2-core machine, more under load.
  it("as a real process: prints the public URL, serves pages there, and an event's default zone is the machine's", async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const child: SpawnedServer = await spawnServer(dataDir, {
      MARQUEE_PUBLIC_PORT: '0',
      MARQUEE_PUBLIC_HOST: '127.0.0.1',
      TZ: 'Asia/Tokyo',
    });
    cleanups.push(() => child.stop());
    const pub = await eventually(
      () => /attendee pages \(public listener\) on (http:\/\/\S+)/.exec(child.output())?.[1],
      10_000,
      () => `the public URL printed:\n${child.output()}`,
    );
    const created = await api(child.url, '/v2/events', 'POST', {
      title: 'Tokyo night',
      venue: 'Shibuya',
      doors_at: '2026-11-27T10:00:00Z',
    });
    const event = (await created.json()) as { id: string; timezone: string };
    expect(event.timezone).toBe('Asia/Tokyo');
    // The box office offers the same zone for a new event: it reads it from the settings.
    const settings = (await (await api(child.url, '/v2/settings')).json()) as { server_timezone: string };
    expect(settings.server_timezone).toBe('Asia/Tokyo');
    const page = await fetch(`${pub}/e/${event.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('doors Fri 27 Nov 2026, 19:00 (Tokyo time)');
    expect((await fetch(`${pub}/v2/health`)).status).toBe(404);
    expect((await fetch(`${child.url}/v2/health`)).status).toBe(200);
  }, 120_000);
});
