import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/foundation-fixtures.js';
import { expectInvalidOverHttp, listenOnLoopback, type HttpAnswer } from '../support/http-client.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

let t: TestApp;
let get: (path: string) => Promise<HttpAnswer>;
let eventId: string;
beforeAll(async () => {
  t = await makeTestApp();
  for (let i = 0; i < 12; i++) await createEvent(t, { title: `Event ${i}` });
  ({ eventId } = await publishedEvent(t));
  get = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

// What Number() reads but a person does not write: hex, exponent, sign, leading zero, spaces.
const notPlain = ['0x5', '1e1', '%2B5', '05', '%205', '5%20', '0b1', '0o7', '5.0', 'Infinity'];

describe('integer query parameters take plain decimal digits only', () => {
  it.each(notPlain)('refuses limit=%s with invalid_field naming limit', async (limit) => {
    expectInvalidOverHttp(await get(`/v2/events?limit=${limit}`), 'limit');
  });

  it('refuses them on every list, not only events', async () => {
    for (const path of [
      '/v2/orders',
      `/v2/events/${eventId}/tiers`,
      '/v2/webhook_endpoints',
      '/v2/audit_events',
    ]) {
      expectInvalidOverHttp(await get(`${path}?limit=1e1`), 'limit');
    }
  });

  it('refuses them for the report interval too', async () => {
    const path = `/v2/reports/events/${eventId}?interval_minutes=`;
    for (const value of ['0x3c', '6e1', '060'])
      expectInvalidOverHttp(await get(`${path}${value}`), 'interval_minutes');
    expect((await get(`${path}60`)).status).toBe(200);
  });

  it('still refuses out-of-range digits by their range', async () => {
    for (const limit of ['0', '101', '-1', '99999999999999999999']) {
      expectInvalidOverHttp(await get(`/v2/events?limit=${limit}`), 'limit');
    }
  });

  it('names a parameter given twice as repeated, not as a wrong number', async () => {
    for (const query of [
      'limit=5&limit=6',
      'limit=5&limit=5',
      'q=ann&q=bob',
      'payment_method=cash&payment_method=card',
    ]) {
      const answer = await get(`/v2/orders?${query}`);
      const param = query.split('=')[0] ?? '';
      expectInvalidOverHttp(answer, param);
      expect((answer.body as { error: { message: string } }).error.message).toBe(
        `${param} was given more than once; give it once.`,
      );
    }
  });

  it('answers a plain limit as before', async () => {
    for (const [limit, count] of [
      ['1', 1],
      ['5', 5],
      ['100', 13],
    ] as const) {
      const answer = await get(`/v2/events?limit=${limit}`);
      expect(answer.status).toBe(200);
      expect((answer.body as { data: unknown[] }).data).toHaveLength(count);
    }
  });
});
