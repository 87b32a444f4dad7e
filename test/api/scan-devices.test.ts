import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, type ListJson } from '../support/foundation-fixtures.js';
import type { Sale, TicketJson } from '../support/sales-fixtures.js';
import {
  doorSale,
  pairDevice,
  scan,
  sellTickets,
  validate,
  type DeviceJson,
} from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
});
afterEach(async () => t.close());

interface PairingJson {
  pairing_token: string;
  expires_at: string;
  scope: string;
  event_id: string | null;
  server_url: string;
  cert_fingerprint: string | null;
  qr: string;
  qr_svg: string;
}

async function startPairing(body: Record<string, unknown> = {}): Promise<PairingJson> {
  const res = await t.call('POST', '/v2/devices/pairing', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PairingJson;
}

const pair = (token: string, name = 'North door') =>
  t.call('POST', '/v2/devices/pair', { pairing_token: token, name }, null);

describe('POST /v2/devices/pairing', () => {
  it('gives a one-time token living 5 minutes and a QR link carrying server, fingerprint and token', async () => {
    const pairing = await startPairing({ event_id: sale.eventId });
    expect(pairing.pairing_token).toMatch(/^pair_[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(pairing.expires_at) - t.clock.ms).toBe(5 * 60 * 1000);
    expect(pairing).toMatchObject({
      scope: 'scanner',
      event_id: sale.eventId,
      server_url: 'http://venue.test',
    });
    // Plain HTTP in tests: nothing to pin.
    expect(pairing.cert_fingerprint).toBeNull();
    const link = new URL(pairing.qr);
    expect(link.protocol).toBe('marquee:');
    expect(Object.fromEntries(new URLSearchParams(pairing.qr.split('?')[1]))).toEqual({
      url: 'http://venue.test',
      fp: '',
      token: pairing.pairing_token,
    });
    expect(pairing.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The SVG is the same QR code the qrcode package makes for that text.
    const expected = await QRCode.toString(pairing.qr, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(pairing.qr_svg).toBe(expected);
  });

  it('stores only a hash of the token', async () => {
    const pairing = await startPairing();
    const rows = t.app.ctx.db.prepare('SELECT * FROM pairing_tokens').all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(pairing.pairing_token);
  });

  it('is admin only and checks its event', async () => {
    const boxOffice = await createKey(t, 'box_office');
    expectError(
      await t.call('POST', '/v2/devices/pairing', {}, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await t.call('POST', '/v2/devices/pairing', { event_id: 'evt_nope' }),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expectInvalid(await t.call('POST', '/v2/devices/pairing', { scope: 'admin' }), 'scope');
  });
});

describe('POST /v2/devices/pair', () => {
  it('turns the token into a device and a key of that scope; the key scans as that device', async () => {
    const pairing = await startPairing({ event_id: sale.eventId });
    const res = await pair(pairing.pairing_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { device: DeviceJson; api_key: { id: string; secret: string; scope: string } };
    expect(body.device).toMatchObject({
      name: 'North door',
      scope: 'scanner',
      event_id: sale.eventId,
      api_key_id: body.api_key.id,
      revoked_at: null,
      last_seen_at: null,
      online: false,
    });
    expect(body.device.id).toMatch(/^dev_/);
    expect(body.api_key.secret).toMatch(/^sk_live_/);
    expect(body.api_key.scope).toBe('scanner');

    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    const answer = await scan(t, { token: ticket.qr_token }, body.api_key.secret);
    expect(answer.result).toBe('admitted');
    expect(answer.scan).toMatchObject({ device_id: body.device.id, event_id: sale.eventId });
    // A scanner key is for scanning only.
    expectError(
      await t.call('GET', '/v2/events', undefined, body.api_key.secret),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });

  it('pairs a box_office till with a box_office key', async () => {
    const { device, secret } = await pairDevice(t, { scope: 'box_office', name: 'Till 2' });
    expect(device.scope).toBe('box_office');
    expect((await t.call('GET', '/v2/events', undefined, secret)).statusCode).toBe(200);
  });

  it('is one-time: the second use is invalid_pairing_token', async () => {
    const pairing = await startPairing();
    expect((await pair(pairing.pairing_token)).statusCode).toBe(200);
    const again = expectError(
      await pair(pairing.pairing_token, 'Second'),
      400,
      'invalid_request_error',
      'invalid_pairing_token',
      'pairing_token',
    );
    expect(again.message).toMatch(/already been used/);
  });

  it('expires after 5 minutes', async () => {
    const pairing = await startPairing();
    t.clock.advance(300);
    const expired = expectError(
      await pair(pairing.pairing_token),
      400,
      'invalid_request_error',
      'invalid_pairing_token',
      'pairing_token',
    );
    expect(expired.message).toMatch(/expired/);
  });

  it('works at 4 min 59 s', async () => {
    const pairing = await startPairing();
    t.clock.advance(299);
    expect((await pair(pairing.pairing_token)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and bad bodies with clear answers', async () => {
    expectError(
      await pair('pair_madeup'),
      400,
      'invalid_request_error',
      'invalid_pairing_token',
      'pairing_token',
    );
    expectError(
      await t.call('POST', '/v2/devices/pair', { pairing_token: 'x' }, null),
      400,
      'invalid_request_error',
      'missing_field',
      'name',
    );
    expectInvalid(await t.call('POST', '/v2/devices/pair', { pairing_token: 'x', name: '' }, null), 'name');
    expectInvalid(
      await t.call('POST', '/v2/devices/pair', { pairing_token: 'x', name: 'a', admin: true }, null),
      'admin',
    );
  });
});

describe('GET /v2/devices and DELETE /v2/devices/{id}', () => {
  it('lists devices with last contact and online, from calls made with their key', async () => {
    const a = await pairDevice(t, { event_id: sale.eventId, name: 'A' });
    await pairDevice(t, { name: 'B' });
    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    await scan(t, { token: ticket.qr_token }, a.secret);
    const res = await t.call('GET', '/v2/devices');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ListJson<DeviceJson>;
    expect(list.data.map((d) => d.name)).toEqual(['A', 'B']);
    expect(list.data[0]).toMatchObject({ online: true, last_seen_at: new Date(t.clock.ms).toISOString() });
    expect(list.data[1]).toMatchObject({ online: false, last_seen_at: null });
    t.clock.advance(121);
    const later = (await t.call('GET', `/v2/devices/${a.device.id}`)).json() as DeviceJson;
    expect(later.online).toBe(false);
  });

  it('flushes last_seen_at to the store instead of writing on every scan', async () => {
    const a = await pairDevice(t, { name: 'A' });
    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    await scan(t, { token: ticket.qr_token }, a.secret);
    const stored = () =>
      (
        t.app.ctx.db.prepare('SELECT last_seen_at FROM devices WHERE id = ?').get(a.device.id) as {
          last_seen_at: number | null;
        }
      ).last_seen_at;
    expect(stored()).toBeNull();
    t.app.ctx.scan.presence.flush();
    expect(stored()).toBe(t.clock.ms);
  });

  it('revoking a device revokes its key: the next call is 401', async () => {
    const { device, secret } = await pairDevice(t, { event_id: sale.eventId });
    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    const res = await t.call('DELETE', `/v2/devices/${device.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DeviceJson).revoked_at).toBe(new Date(t.clock.ms).toISOString());
    expectError(
      await validate(t, { token: ticket.qr_token }, secret),
      401,
      'authentication_error',
      'invalid_api_key',
    );
    const key = (await t.call('GET', '/v2/api_keys')).json() as ListJson<{
      id: string;
      revoked_at: string | null;
    }>;
    expect(key.data.find((k) => k.id === device.api_key_id)?.revoked_at).not.toBeNull();
    // Again is harmless.
    expect((await t.call('DELETE', `/v2/devices/${device.id}`)).statusCode).toBe(200);
    expectError(
      await t.call('DELETE', '/v2/devices/dev_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'id',
    );
  });

  it('no other key records scans for a revoked device: 409 device_revoked, nothing admitted', async () => {
    const { device } = await pairDevice(t, { event_id: sale.eventId });
    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    expect((await t.call('DELETE', `/v2/devices/${device.id}`)).statusCode).toBe(200);
    const scanner = await createKey(t, 'scanner');
    for (const key of [scanner, undefined]) {
      expectError(
        await validate(t, { token: ticket.qr_token, device_id: device.id }, key),
        409,
        'conflict_error',
        'device_revoked',
        'device_id',
      );
      expectError(
        await t.call(
          'POST',
          '/v2/scan/sync',
          {
            device_id: device.id,
            scans: [
              { token: ticket.qr_token, scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' },
            ],
          },
          key,
        ),
        409,
        'conflict_error',
        'device_revoked',
        'device_id',
      );
    }
    const after = (await t.call('GET', `/v2/tickets/${ticket.id}`)).json() as { scan_count: number };
    expect(after.scan_count).toBe(0);
  });

  it("a door paired to one event may not name another's event_id to validate, sync or follow its feed", async () => {
    const other = await doorSale(t);
    const door = await pairDevice(t, { event_id: sale.eventId });
    const [ticket] = (await sellTickets(t, other)) as [TicketJson];
    const refused = (res: Parameters<typeof expectError>[0]) =>
      expectError(res, 403, 'permission_error', 'insufficient_scope');
    // Without event_id the door judges its own night: another night's ticket is wrong_event.
    expect((await scan(t, { token: ticket.qr_token }, door.secret)).reason).toBe('wrong_event');
    refused(await validate(t, { token: ticket.qr_token, event_id: other.eventId }, door.secret));
    refused(
      await t.call(
        'POST',
        '/v2/scan/sync',
        {
          device_id: door.device.id,
          event_id: other.eventId,
          scans: [
            { token: ticket.qr_token, scanned_at: new Date(t.clock.ms).toISOString(), result: 'admitted' },
          ],
        },
        door.secret,
      ),
    );
    refused(await t.call('POST', '/v2/scans/stream_token', { event_id: other.eventId }, door.secret));
    refused(await t.call('GET', `/v2/scans/stream?event_id=${other.eventId}`, undefined, door.secret));
    // Asked for no event, its token opens its own event's feed, never the whole venue's.
    const own = (await t.call('POST', '/v2/scans/stream_token', {}, door.secret)).json() as {
      event_id: string;
    };
    expect(own.event_id).toBe(sale.eventId);
    const after = (await t.call('GET', `/v2/tickets/${ticket.id}`)).json() as { scan_count: number };
    expect(after.scan_count).toBe(0);
  });

  it('a device key reports scans as its own device only', async () => {
    const a = await pairDevice(t, { name: 'A' });
    const b = await pairDevice(t, { name: 'B' });
    const [ticket] = (await sellTickets(t, sale)) as [TicketJson];
    expectInvalid(
      await validate(t, { token: ticket.qr_token, device_id: b.device.id }, a.secret),
      'device_id',
    );
    const own = await scan(t, { token: ticket.qr_token, device_id: a.device.id }, a.secret);
    expect(own.scan.device_id).toBe(a.device.id);
  });
});
