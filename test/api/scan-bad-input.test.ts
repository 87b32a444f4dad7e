import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import type { Sale, TicketJson } from '../support/sales-fixtures.js';
import { doorSale, pairDevice, scan, scanRows, sellTickets, validate } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
let ticket: TicketJson;

beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
  [ticket] = (await sellTickets(t, sale, 1)) as [TicketJson];
});
afterEach(async () => t.close());

describe('scanning: bad input gets a clear 4xx, never a 5xx', () => {
  it('garbage JSON', async () => {
    for (const url of ['/v2/scan/validate', '/v2/scan/sync', '/v2/devices/pair', '/v2/devices/pairing']) {
      const res = await t.call(
        'POST',
        url,
        '{"token": "abc",',
        url === '/v2/devices/pair' ? null : undefined,
      );
      expectError(res, 400, 'invalid_request_error', 'invalid_json');
    }
  });

  it('missing, mistyped and unknown fields', async () => {
    expectMissing(await validate(t, {}), 'token');
    expectInvalid(await validate(t, { token: 42 }), 'token');
    expectInvalid(await validate(t, { token: ticket.qr_token, direction: 'sideways' }), 'direction');
    expectInvalid(await validate(t, { token: ticket.qr_token, gate: 3 }), 'gate');
    expectInvalid(await validate(t, [ticket.qr_token]));
    expectMissing(await t.call('POST', '/v2/scan/sync', { scans: [] }), 'device_id');
    expectInvalid(await t.call('GET', '/v2/scans?result=maybe'), 'result');
    expectInvalid(await t.call('GET', '/v2/scans?limit=0'), 'limit');
    expectInvalid(await t.call('GET', '/v2/scans?cursor=zzz'), 'cursor');
    // An unknown event is 404, as on the feed and the door pack; other filters only narrow.
    expectError(
      await t.call('GET', '/v2/scans?event_id=evt_nope'),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expect((await t.call('GET', '/v2/scans?ticket_id=tik_nope')).statusCode).toBe(200);
    expect(scanRows(t)).toHaveLength(0);
  });

  it('huge tokens: past 4096 characters refused by the schema; up to it, a malformed scan', async () => {
    expectInvalid(await validate(t, { token: 'a'.repeat(4097) }), 'token');
    const answer = await scan(t, { token: `${'a'.repeat(2000)}.${'b'.repeat(2000)}.c` });
    expect(answer).toMatchObject({ result: 'rejected', reason: 'malformed' });
    // A whole body past 1 MiB is 413.
    const res = await validate(t, { token: 'x'.repeat(1024 * 1024 + 10) });
    expectError(res, 413, 'invalid_request_error', 'payload_too_large');
  });

  it('tokens that look right but are not: wrong segment counts, bad base64, bad JSON, wrong alg', async () => {
    const [h, p, s] = ticket.qr_token.split('.') as [string, string, string];
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'ticket+jwt', kid: 'x' })).toString(
      'base64url',
    );
    const notJson = Buffer.from('{not json').toString('base64url');
    for (const token of [
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      `${h}.${p}.${s}!`,
      `${noneHeader}.${p}.`,
      `${h}.${notJson}.${s}`,
      '..',
    ]) {
      const answer = await scan(t, { token });
      expect(answer.reason, token).toBe('malformed');
    }
    expect(scanRows(t).every((row) => row.ticket_id === null)).toBe(true);
  });

  it('unknown devices and events, and keys of the wrong scope', async () => {
    expectError(
      await validate(t, { token: ticket.qr_token, device_id: 'dev_x' }),
      404,
      'not_found_error',
      'resource_missing',
      'device_id',
    );
    expectError(await t.call('GET', '/v2/devices/dev_x'), 404, 'not_found_error', 'resource_missing', 'id');
    const boxOffice = await createKey(t, 'box_office');
    const scanner = await createKey(t, 'scanner');
    expectError(
      await t.call('GET', '/v2/devices', undefined, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await t.call('POST', '/v2/devices/pairing', {}, scanner),
      403,
      'permission_error',
      'insufficient_scope',
    );
    const { device } = await pairDevice(t);
    expectError(
      await t.call('POST', '/v2/scan/sync', { device_id: device.id, scans: [] }, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
    expectError(
      await validate(t, { token: ticket.qr_token }, 'sk_live_notakey000000000000000000'),
      401,
      'authentication_error',
      'invalid_api_key',
    );
  });

  it('bodiless POSTs where every field is optional are fine', async () => {
    const pairing = await t.call('POST', '/v2/devices/pairing');
    expect(pairing.statusCode, pairing.body).toBe(200);
    const grant = await t.call('POST', '/v2/scans/stream_token');
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({
      event_id: null,
      url: expect.stringMatching(/^\/v2\/scans\/stream\?stream_token=st_/),
    });
    expectError(
      await t.call('POST', '/v2/scans/stream_token', { event_id: 'evt_nope' }),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
  });

  it('an empty sync batch is refused, not silently accepted', async () => {
    const { device, secret } = await pairDevice(t);
    expectInvalid(
      await t.call('POST', '/v2/scan/sync', { device_id: device.id, scans: [] }, secret),
      'scans',
    );
  });

  it('the scans list filters by event, device, ticket and result, and pages', async () => {
    const [other] = (await sellTickets(t, sale, 1)) as [TicketJson];
    await scan(t, { token: ticket.qr_token });
    await scan(t, { token: ticket.qr_token });
    await scan(t, { token: other.qr_token });
    const page = async (query: string) =>
      (await t.call('GET', `/v2/scans?${query}`)).json() as {
        data: { ticket_id: string; result: string }[];
        has_more: boolean;
        next_cursor: string | null;
      };
    expect((await page(`ticket_id=${ticket.id}`)).data).toHaveLength(2);
    expect((await page(`event_id=${sale.eventId}&result=admitted`)).data.map((s) => s.ticket_id)).toEqual([
      ticket.id,
      other.id,
    ]);
    const first = await page('limit=2');
    expect(first).toMatchObject({ has_more: true });
    const second = await page(`limit=2&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.data).toHaveLength(1);
    const quiet = await doorSale(t);
    expect((await page(`event_id=${quiet.eventId}`)).data).toEqual([]);
  });
});
