import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasVenueStore, planStartup } from '../../src/main/first-run.js';
import { startFirstRunScreen, type FirstRunScreen } from '../../src/main/first-run-server.js';
import { terminalSnapshot } from '../../src/main/server-snapshot.js';
import { readTerminalConfig, terminalConfigFile } from '../../src/main/terminal-config.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { jsonOverHttp } from '../support/http-client.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

/**
 * A second till joins a venue hosted on this machine, the way the first-run screen does it:
 * everything over real HTTP on 127.0.0.1 (the HTTPS + mDNS path runs in a network namespace in
 * till-join-netns.test.ts).
 */
let host: RunningServer | undefined;
let hostDir: string;
let userData: string;
let screen: FirstRunScreen | undefined;

beforeEach(async () => {
  hostDir = tempDataDir('marquee-host-');
  userData = mkdtempSync(join(tmpdir(), 'marquee-till-'));
  // No fixed base URL: the pairing QR then names the address the host really listens on.
  host = await startServer(
    testOptions(hostDir, { baseUrl: undefined, venueName: 'Loopback Hall' }),
    undefined,
  );
});
afterEach(async () => {
  await screen?.close();
  screen = undefined;
  await host?.close();
  host = undefined;
  rmSync(hostDir, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

const api = <T>(path: string, method = 'GET', body?: unknown, key: string | null = adminSecret) =>
  jsonOverHttp<T>(host!.url, path, method, body, key);

async function pairingCode(scope: 'box_office' | 'scanner') {
  const made = await api<{ qr: string; pairing_token: string }>('/v2/devices/pairing', 'POST', { scope });
  expect(made.status).toBe(200);
  return made.body;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, screen!.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function openScreen(): Promise<FirstRunScreen> {
  screen = await startFirstRunScreen({ browse: false, userDataDir: userData, hostname: 'till-2' });
  return screen;
}

describe('joining a venue from the first-run screen', () => {
  it('pairs with a box_office code, saves the terminal config, and the key sells but cannot administer', async () => {
    await openScreen();
    const page = await fetch(screen!.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Host this venue here');
    expect(html).toContain('Join a venue on this network');
    const state = (await (await fetch(new URL('state', screen!.url))).json()) as Record<string, unknown>;
    expect(state).toMatchObject({
      browse: false,
      searching: false,
      choices: [],
      defaultName: 'Till on till-2',
    });

    const { qr } = await pairingCode('box_office');
    const joined = await post('join', { code: qr, name: 'Bar till' });
    expect(joined, JSON.stringify(joined.body)).toMatchObject({
      status: 200,
      body: { kind: 'terminal', venue: 'Loopback Hall', baseUrl: host!.url },
    });
    const choice = await screen!.choice;
    expect(choice.kind).toBe('terminal');

    // Saved for the next start, key and all, for this user only; no store was made here.
    const config = readTerminalConfig(userData)!;
    expect(config).toMatchObject({ baseUrl: host!.url, fingerprint: null, venue: 'Loopback Hall' });
    expect(choice).toEqual({ kind: 'terminal', config });
    if (process.platform !== 'win32')
      expect(statSync(join(userData, terminalConfigFile)).mode & 0o777).toBe(0o600);
    expect(
      planStartup({
        venueStoreExists: hasVenueStore(join(userData, 'venue-data')),
        terminal: config,
        env: {},
      }),
    ).toEqual({ kind: 'terminal', config });

    // The host lists the till as a box_office device under the name given.
    const devices = await api<{ data: { id: string; name: string; scope: string }[] }>('/v2/devices');
    expect(devices.body.data).toEqual([
      expect.objectContaining({ id: config.deviceId, name: 'Bar till', scope: 'box_office' }),
    ]);

    // The till's key sells…
    const event = await api<{ id: string }>('/v2/events', 'POST', {
      title: 'Joined night',
      venue: 'Main hall',
      doors_at: '2030-01-01T19:00:00Z',
      tickets: [{ name: 'GA', price_cents: 2000, quantity: 5 }],
    });
    await api(`/v2/events/${event.body.id}/publish`, 'POST');
    const tiers = await api<{ data: { id: string }[] }>(
      `/v2/events/${event.body.id}/tiers`,
      'GET',
      undefined,
      config.apiKey,
    );
    expect(tiers.status).toBe(200);
    const order = await api<{ status: string }>(
      '/v2/orders',
      'POST',
      {
        event_id: event.body.id,
        items: [{ tier_id: tiers.body.data[0]!.id, quantity: 2 }],
        buyer: { name: 'Walk-in', email: 'walkin@example.test' },
        payment_method: 'card',
      },
      config.apiKey,
    );
    expect(order).toMatchObject({ status: 200, body: { status: 'paid' } });
    // …but is no admin.
    for (const [path, method] of [
      ['/v2/api_keys', 'GET'],
      ['/v2/devices/pairing', 'POST'],
      ['/v2/webhooks/status', 'GET'],
    ] as const) {
      const denied = await api<{ error: { code: string } }>(
        path,
        method,
        method === 'POST' ? {} : undefined,
        config.apiKey,
      );
      expect(denied.status, path).toBe(403);
      expect(denied.body.error.code).toBe('insufficient_scope');
    }

    // The tray of that till sees its venue up, then down once the host stops.
    expect(await terminalSnapshot(config)).toEqual({
      mode: 'terminal',
      venue: 'Loopback Hall',
      url: host!.url,
      up: true,
    });
    await host!.close();
    host = undefined;
    expect((await terminalSnapshot(config, 1_000)).up).toBe(false);
  });

  it('joins with a bare token and the address typed by hand', async () => {
    await openScreen();
    const { pairing_token } = await pairingCode('box_office');
    const joined = await post('join', { code: pairing_token, url: host!.url });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(readTerminalConfig(userData)?.baseUrl).toBe(host!.url);
  });

  it('explains each refusal and lets staff try again', async () => {
    await openScreen();
    const notCode = await post('join', { code: 'hello' });
    expect(notCode.status).toBe(400);
    expect(String((notCode.body.error as { message: string }).message)).toMatch(/Another till/);

    const { qr } = await pairingCode('box_office');
    const first = await post('join', { code: qr });
    expect(first.status).toBe(200);
    // A second till reusing that code: the server's own message comes through.
    const otherDir = mkdtempSync(join(tmpdir(), 'marquee-till-'));
    const other = await startFirstRunScreen({ browse: false, userDataDir: otherDir, hostname: 'x' });
    try {
      const reuse = await fetch(new URL('join', other.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: qr }),
      });
      expect(reuse.status).toBe(400);
      expect(((await reuse.json()) as { error: { message: string } }).error.message).toMatch(
        /Pairing was refused: .*already been used/,
      );
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses a door-scanner code, saying what to do on the host', async () => {
    await openScreen();
    const { qr } = await pairingCode('scanner');
    const joined = await post('join', { code: qr, name: 'Wrong code till' });
    expect(joined.status).toBe(400);
    expect(String((joined.body.error as { message: string }).message)).toMatch(/door scanner.*Another till/);
    expect(readTerminalConfig(userData)).toBeNull();
  });

  it('hosting is a choice too, made once', async () => {
    await openScreen();
    expect(await post('host', {})).toMatchObject({ status: 200, body: { kind: 'host' } });
    expect(await screen!.choice).toEqual({ kind: 'host' });
    expect((await post('host', {})).status).toBe(409);
    expect((await post('join', { code: 'x' })).status).toBe(409);
  });

  it('answers only its secret path, its own Host name and JSON posts', async () => {
    await openScreen();
    const origin = new URL(screen!.url).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/guess/state`)).status).toBe(404);
    const form = await fetch(new URL('host', screen!.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    // A page on another name that resolves to 127.0.0.1 (DNS rebinding) is refused.
    const rebound = await new Promise<number>((resolve, reject) => {
      import('node:http').then(({ request }) => {
        const req = request(new URL('state', screen!.url), { headers: { host: 'evil.test' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      }, reject);
    });
    expect(rebound).toBe(421);
  });
});
