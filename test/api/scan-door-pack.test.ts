import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, expectError, expectInvalid, expectMissing } from '../support/foundation-fixtures.js';
import type { Sale, TicketJson } from '../support/sales-fixtures.js';
import { doorSale, pairDevice, scan, sellTickets } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let sale: Sale;
let scanner: string;

interface PackJson {
  event: { id: string; status: string };
  jwks: { keys: { kid: string; x: string }[] };
  revoked: { ticket_id: string; status: string }[];
  scanned: string[];
  exited: string[];
  full: boolean;
  generated_at: string;
  cursor: string;
}

beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
  scanner = await createKey(t, 'scanner');
});
afterEach(async () => t.close());

async function pack(query: string, auth = scanner): Promise<PackJson> {
  const res = await t.call('GET', `/v2/scan/door_pack?${query}`, undefined, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PackJson;
}

describe('GET /v2/scan/door_pack', () => {
  it('carries the event, the JWKS, revoked tickets and who is inside', async () => {
    const [a, b, c, d] = (await sellTickets(t, sale, 4)) as [TicketJson, TicketJson, TicketJson, TicketJson];
    await scan(t, { token: a.qr_token });
    await scan(t, { token: b.qr_token });
    await scan(t, { token: b.qr_token, direction: 'out' });
    await t.call('POST', `/v2/tickets/${c.id}/void`, { refund: false });
    await t.call('POST', `/v2/tickets/${d.id}/transfer`, { to_email: 'grace@example.com' });

    const body = await pack(`event_id=${sale.eventId}`);
    expect(body.event).toMatchObject({ id: sale.eventId, status: 'published' });
    expect(body.jwks).toEqual(t.app.ctx.signingKeys.jwks());
    expect(body.revoked).toEqual(
      expect.arrayContaining([
        { ticket_id: c.id, status: 'voided' },
        // When it was transferred (the injected clock's now), for an offline door's words.
        { ticket_id: d.id, status: 'transferred', transferred_at: new Date(t.clock.ms).toISOString() },
      ]),
    );
    expect(body.revoked).toHaveLength(2);
    expect(body.scanned).toEqual([a.id]);
    expect(body.exited).toEqual([]);
    expect(body.full).toBe(true);
    expect(body.generated_at).toBe(new Date(t.clock.ms).toISOString());
    expect(body.cursor).toMatch(/^\d+$/);
  });

  it('with since, lists only what changed after that cursor, including exits', async () => {
    const [a, b, c] = (await sellTickets(t, sale, 3)) as [TicketJson, TicketJson, TicketJson];
    await scan(t, { token: a.qr_token });
    const first = await pack(`event_id=${sale.eventId}`);
    expect(first.scanned).toEqual([a.id]);

    const nothing = await pack(`event_id=${sale.eventId}&since=${first.cursor}`);
    expect(nothing).toMatchObject({
      revoked: [],
      scanned: [],
      exited: [],
      full: false,
      cursor: first.cursor,
    });

    await scan(t, { token: b.qr_token });
    await scan(t, { token: a.qr_token, direction: 'out' });
    await t.call('POST', `/v2/tickets/${c.id}/void`, { refund: false });
    const delta = await pack(`event_id=${sale.eventId}&since=${first.cursor}`);
    expect(delta.scanned).toEqual([b.id]);
    expect(delta.exited).toEqual([a.id]);
    expect(delta.revoked).toEqual([{ ticket_id: c.id, status: 'voided' }]);
    expect(Number(delta.cursor)).toBeGreaterThan(Number(first.cursor));

    // Another event's changes never show up in this event's delta.
    const other = await doorSale(t);
    const [elsewhere] = (await sellTickets(t, other, 1)) as [TicketJson];
    await scan(t, { token: elsewhere.qr_token });
    const quiet = await pack(`event_id=${sale.eventId}&since=${delta.cursor}`);
    expect(quiet).toMatchObject({ revoked: [], scanned: [], exited: [] });
  });

  it('defaults to the paired event of the calling device', async () => {
    const { secret } = await pairDevice(t, { event_id: sale.eventId });
    const body = await pack('', secret);
    expect(body.event.id).toBe(sale.eventId);
  });

  it('shows a cancelled event as cancelled, for the door to refuse everything', async () => {
    await t.call('POST', `/v2/events/${sale.eventId}/cancel`);
    expect((await pack(`event_id=${sale.eventId}`)).event.status).toBe('cancelled');
  });

  it('refuses a missing or unknown event, a bad cursor and the wrong scope', async () => {
    expectMissing(await t.call('GET', '/v2/scan/door_pack', undefined, scanner), 'event_id');
    expectError(
      await t.call('GET', '/v2/scan/door_pack?event_id=evt_nope', undefined, scanner),
      404,
      'not_found_error',
      'resource_missing',
      'event_id',
    );
    expectInvalid(
      await t.call('GET', `/v2/scan/door_pack?event_id=${sale.eventId}&since=abc`, undefined, scanner),
      'since',
    );
    const boxOffice = await createKey(t, 'box_office');
    expectError(
      await t.call('GET', `/v2/scan/door_pack?event_id=${sale.eventId}`, undefined, boxOffice),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });
});
