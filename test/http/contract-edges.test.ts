import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey } from '../support/foundation-fixtures.js';
import {
  expectInvalidOverHttp,
  jsonOverHttp,
  listenOnLoopback,
  type HttpCall,
} from '../support/http-client.js';
import { makeSaleTestApp, orderBody, type Sale, type TicketJson } from '../support/sales-fixtures.js';
import { sellTickets } from '../support/scan-fixtures.js';
import type { TestApp } from '../support/test-app.js';

// Inputs an independent suite sends to check CONTRACT.md over real HTTP, where the answer was
// once something else than the contract's refusal or verdict.

let t: TestApp;
let sale: Sale;
let call: HttpCall;

beforeEach(async () => {
  ({ t, sale } = await makeSaleTestApp({ outbox: false }));
  call = await listenOnLoopback(t);
});
afterEach(() => t.close());

describe('an empty string where an id goes is a malformed field (400), not an unknown id (404)', () => {
  it('in a checkout body, a payout body and a list filter', async () => {
    expectInvalidOverHttp(await call('/v2/orders', 'POST', orderBody(sale, { event_id: '' })), 'event_id');
    expectInvalidOverHttp(
      await call('/v2/orders', 'POST', orderBody(sale, { items: [{ tier_id: '', quantity: 1 }] })),
      'items[0].tier_id',
    );
    expectInvalidOverHttp(await call('/v2/payouts', 'POST', { event_id: '' }), 'event_id');
    expectInvalidOverHttp(await call('/v2/orders?event_id='), 'event_id');
    expectInvalidOverHttp(await call('/v2/attendees?event_id='), 'event_id');
    // An id that is merely unknown is still 404.
    const unknown = await call('/v2/attendees?event_id=evt_00000000000000000000');
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: { code: 'resource_missing', param: 'event_id' } },
    });
  });
});

describe('scanned_at can reach the whole acceptance window of a fresh code', () => {
  it('judges a code at exp + 29 s as admitted and at exp + 31 s as expired, not 400', async () => {
    const [first, second] = (await sellTickets(t, sale, 2)) as [TicketJson, TicketJson];
    const expOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp;
    const at = (token: string, seconds: number) => new Date((expOf(token) + seconds) * 1000).toISOString();

    const late = await call('/v2/scan/validate', 'POST', {
      token: first.qr_token,
      scanned_at: at(first.qr_token, 31),
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({ result: 'rejected', reason: 'expired' });

    const inTime = await call('/v2/scan/validate', 'POST', {
      token: second.qr_token,
      scanned_at: at(second.qr_token, 29),
    });
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
    expect(inTime.body).toMatchObject({ result: 'admitted', reason: null });
  });
});

describe("a box office key's refused tier change says, in words, what needs an admin", () => {
  it('one field: "name needs an admin key"; two: "name, quantity need an admin key"', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const boxOffice = await createKey(t, 'box_office');
    const patch = (body: unknown) => jsonOverHttp(base, `/v2/tiers/${sale.tierId}`, 'PATCH', body, boxOffice);

    const one = await patch({ name: 'VIP' });
    expect(one).toMatchObject({ status: 403, body: { error: { code: 'insufficient_scope' } } });
    expect(JSON.stringify(one.body)).toContain('; name needs an admin key.');
    const two = await patch({ name: 'VIP', quantity: 5 });
    expect(JSON.stringify(two.body)).toContain('; name, quantity need an admin key.');
  });
});
