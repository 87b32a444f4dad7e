import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kioskKeyFile, kioskKeyName, ensureKioskKey } from '../../src/main/kiosk-key.js';
import { HostStatusReader } from '../../src/main/server-snapshot.js';
import { desktopFacade } from '../../src/server/desktop-facade.js';
import { trayStatus } from '../../src/main/tray-status.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function pairDevice(app: TestApp, scope: 'scanner' | 'box_office', name: string) {
  const pairing = await app.call('POST', '/v2/devices/pairing', { scope });
  expect(pairing.statusCode, pairing.body).toBe(200);
  const paired = await app.call(
    'POST',
    '/v2/devices/pair',
    { pairing_token: (pairing.json() as { pairing_token: string }).pairing_token, name },
    null,
  );
  expect(paired.statusCode, paired.body).toBe(200);
  return paired.json() as { device: { id: string }; api_key: { secret: string } };
}

describe('the tray’s view of a hosting till, read in-process from the app', () => {
  it('counts doors online and offline, other tills, and the webhook queue', async () => {
    t = await makeTestApp();
    const reader = new HostStatusReader(desktopFacade(t.app.ctx), 'https://192.168.1.20:4380');
    expect(reader.read()).toEqual({
      mode: 'host',
      venue: 'Test venue',
      url: 'https://192.168.1.20:4380',
      up: true,
      doors: { online: 0, offline: 0 },
      tills: 0,
      webhooks: { online: true, endpoints: 0, queued: 0, failing: 0, failed: 0 },
    });

    const early = await pairDevice(t, 'scanner', 'North door');
    await pairDevice(t, 'box_office', 'Bar till');
    // A door is online once it has been heard from; a scan attempt counts.
    const scan = await t.call('POST', '/v2/scan/validate', { token: 'not-a-ticket' }, early.api_key.secret);
    expect(scan.statusCode, scan.body).toBe(200);
    t.clock.advance(180); // past the 2-minute online window
    const late = await pairDevice(t, 'scanner', 'South door');
    await t.call('POST', '/v2/scan/validate', { token: 'not-a-ticket' }, late.api_key.secret);
    const revoked = await pairDevice(t, 'scanner', 'Lost phone');
    expect((await t.call('DELETE', `/v2/devices/${revoked.device.id}`)).statusCode).toBe(200);

    const endpoint = await t.call('POST', '/v2/webhook_endpoints', {
      url: 'https://hooks.example.test/marquee',
      events: ['order.created'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const { eventId, tierId } = await publishedEvent(t);
    const order = await t.call('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 1 }],
      buyer: { name: 'Ada', email: 'ada@example.test' },
      payment_method: 'cash',
    });
    expect(order.statusCode, order.body).toBe(200);
    expect((await t.call('PATCH', '/v2/settings', { venue_name: 'The Roxy' })).statusCode).toBe(200);

    const snapshot = reader.read();
    expect(snapshot).toMatchObject({
      venue: 'The Roxy',
      doors: { online: 1, offline: 1 }, // the revoked one is not a door any more
      tills: 1,
      webhooks: { online: true, endpoints: 1, queued: 1, failing: 0, failed: 0 },
    });
    // The same numbers as the API's own views.
    const status = (await t.call('GET', '/v2/webhooks/status')).json() as { queued: number };
    expect(status.queued).toBe(1);
    expect(trayStatus(snapshot).level).toBe('warning');
    expect(trayStatus(snapshot).tooltip).toContain('Doors: 1 online, 1 offline');
  });

  it('reports the server down once the app has closed, without touching the closed store', async () => {
    t = await makeTestApp();
    const reader = new HostStatusReader(desktopFacade(t.app.ctx), 'http://127.0.0.1:1');
    await t.close();
    expect(reader.read()).toMatchObject({ up: false, venue: 'Test venue' });
    expect(trayStatus(reader.read()).level).toBe('down');
    t = undefined;
  });
});

describe('ensureKioskKey', () => {
  it('issues one kiosk key, keeps it (mode 0600) and reuses it while valid', async () => {
    t = await makeTestApp();
    const secret = ensureKioskKey(t.app.ctx.keys, t.dataDir);
    const file = join(t.dataDir, kioskKeyFile);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureKioskKey(t.app.ctx.keys, t.dataDir)).toBe(secret);
    const keys = (await t.call('GET', '/v2/api_keys')).json() as {
      data: { id: string; name: string; scope: string }[];
    };
    const kiosk = keys.data.filter((k) => k.name === kioskKeyName);
    expect(kiosk).toEqual([expect.objectContaining({ scope: 'kiosk' })]);

    // It reads what a customer may buy, but neither the orders of others nor any staff route.
    expect((await t.call('GET', '/v2/events', undefined, secret)).statusCode).toBe(200);
    for (const url of ['/v2/api_keys', '/v2/orders', '/v2/settings'])
      expect((await t.call('GET', url, undefined, secret)).statusCode, url).toBe(403);

    // Revoked in Settings: the next start makes a new one.
    expect((await t.call('DELETE', `/v2/api_keys/${kiosk[0]!.id}`)).statusCode).toBe(200);
    const renewed = ensureKioskKey(t.app.ctx.keys, t.dataDir);
    expect(renewed).not.toBe(secret);
    expect(t.app.ctx.keys.authenticate(renewed)?.scope).toBe('kiosk');
  });

  it('replaces the box_office kiosk key an older Marquee saved, revoking it', async () => {
    t = await makeTestApp();
    const old = t.app.ctx.keys.create(kioskKeyName, 'box_office');
    writeFileSync(join(t.dataDir, kioskKeyFile), `${old.secret}\n`, { mode: 0o600 });
    const secret = ensureKioskKey(t.app.ctx.keys, t.dataDir);
    expect(secret).not.toBe(old.secret);
    expect(t.app.ctx.keys.authenticate(secret)?.scope).toBe('kiosk');
    expect(readFileSync(join(t.dataDir, kioskKeyFile), 'utf8').trim()).toBe(secret);
    // The old key is dead at once: it could refund, comp and list every buyer.
    expect((await t.call('GET', '/v2/orders', undefined, old.secret)).statusCode).toBe(401);
  });
});
