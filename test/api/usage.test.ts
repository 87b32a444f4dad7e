import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createEvent, createKey, eventBody } from '../support/foundation-fixtures.js';
import {
  adminSecret,
  makeTestApp,
  tempDataDir,
  TestClock,
  testOptions,
  type TestApp,
} from '../support/test-app.js';

interface UsageJson {
  period: string;
  rest_calls: number;
  free_calls: number;
  billable_calls: number;
  price_per_call_usd: number;
  amount_due_usd: number;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function usage(): Promise<UsageJson> {
  const res = await t.call('GET', '/v2/usage');
  expect(res.statusCode).toBe(200);
  return res.json() as UsageJson;
}

describe('GET /v2/usage', () => {
  it('has the contract shape on a fresh store', async () => {
    expect(await usage()).toEqual({
      period: '2026-11',
      rest_calls: 0,
      free_calls: 10000,
      billable_calls: 0,
      price_per_call_usd: 0.0001,
      amount_due_usd: 0,
    });
  });

  it('counts authenticated calls, the usage call itself once it has answered', async () => {
    await createEvent(t);
    await t.call('GET', '/v2/events');
    expect((await usage()).rest_calls).toBe(2);
    expect((await usage()).rest_calls).toBe(3);
  });

  it('counts refusals made to a known key (400, 403, 404) but not 401s', async () => {
    const boxOffice = await createKey(t, 'box_office'); // 1
    await t.call('POST', '/v2/events', { nope: 1 }); // 400 → 2
    await t.call('POST', '/v2/events', eventBody, boxOffice); // 403 → 3
    await t.call('GET', '/v2/events/evt_nope'); // 404 → 4
    await t.call('GET', '/v2/events', undefined, null); // 401, not counted
    await t.call('GET', '/v2/events', undefined, 'sk_live_unknown0000000000000000000'); // 401, not counted
    expect((await usage()).rest_calls).toBe(4);
  });

  it('does not count health, openapi.json, jwks, the event page or unknown routes', async () => {
    const event = await createEvent(t); // 1
    for (const url of ['/v2/health', '/v2/openapi.json', '/v2/scan/jwks', `/e/${event.id}`, '/v2/nowhere']) {
      await t.call('GET', url, undefined, null);
      await t.call('GET', url); // with a key: still free
    }
    expect((await usage()).rest_calls).toBe(1);
  });

  it('bills calls above the 10,000 free ones at $0.0001 each', async () => {
    t.app.ctx.db
      .prepare('INSERT INTO usage_counters (period, rest_calls) VALUES (?, ?)')
      .run('2026-11', 10_000);
    expect(await usage()).toMatchObject({ rest_calls: 10_000, billable_calls: 0, amount_due_usd: 0 });
    t.app.ctx.db.prepare('UPDATE usage_counters SET rest_calls = ? WHERE period = ?').run(13_000, '2026-11');
    // 13,000 stored + the previous usage call, still pending in memory.
    expect(await usage()).toMatchObject({
      rest_calls: 13_001,
      billable_calls: 3_001,
      amount_due_usd: 0.3001,
    });
  });

  it('starts a new period each UTC month', async () => {
    await createEvent(t);
    t.clock.ms = Date.parse('2026-12-01T00:00:00Z');
    expect(await usage()).toMatchObject({ period: '2026-12', rest_calls: 0 });
  });
});

describe('usage persistence', () => {
  it('flushes pending counts to the store on close, and a restart keeps them', async () => {
    const dataDir = tempDataDir();
    try {
      const clock = new TestClock();
      const options = testOptions(dataDir, { now: clock.now });
      const first = await buildApp(options);
      for (let i = 0; i < 5; i++) {
        await first.inject({
          method: 'GET',
          url: '/v2/events',
          headers: { authorization: `Bearer ${adminSecret}` },
        });
      }
      await first.close();
      const second = await buildApp(options);
      try {
        expect(second.ctx.usage.view().rest_calls).toBe(5);
        const row = second.ctx.db
          .prepare('SELECT rest_calls FROM usage_counters WHERE period = ?')
          .get('2026-11');
        expect(row).toEqual({ rest_calls: 5 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('counts in memory: calls do not write the store until a flush', async () => {
    for (let i = 0; i < 3; i++) await t.call('GET', '/v2/events');
    const stored = t.app.ctx.db.prepare('SELECT COUNT(*) AS n FROM usage_counters').get() as { n: number };
    expect(stored.n).toBe(0);
    expect(t.app.ctx.usage.view().rest_calls).toBe(3);
    t.app.ctx.usage.flush();
    expect(t.app.ctx.db.prepare('SELECT rest_calls FROM usage_counters').get()).toEqual({ rest_calls: 3 });
  });
});
