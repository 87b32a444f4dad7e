import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, createKey, expectError } from '../support/foundation-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('per-key rate limit', () => {
  it('answers the 4th call in a minute with 429 rate_limit_error and Retry-After', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) {
      const ok = await t.call('GET', '/v2/events');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('3');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
    }
    const limited = await t.call('GET', '/v2/events');
    const error = expectError(limited, 429, 'rate_limit_error', 'rate_limited');
    expect(error.message).toContain('3 per minute');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each key separately', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    const other = await createKey(t, 'box_office'); // the admin key's 1st call
    await t.call('GET', '/v2/events');
    await t.call('GET', '/v2/events');
    expect((await t.call('GET', '/v2/events')).statusCode).toBe(429);
    expect((await t.call('GET', '/v2/events', undefined, other)).statusCode).toBe(200);
  });

  it('limits keyless callers per address, public routes included', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', '/v2/health', undefined, null)).statusCode).toBe(200);
    const limited = await t.call('GET', '/v2/health', undefined, null);
    expectError(limited, 429, 'rate_limit_error', 'rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts a made-up Bearer value on a public route against the address, not as a fresh key', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) await t.call('GET', '/v2/health', undefined, null);
    for (const madeUp of ['garbage1', 'garbage2', 'sk_live_notakey000000000000000000001']) {
      expectError(
        await t.call('GET', '/v2/health', undefined, madeUp),
        429,
        'rate_limit_error',
        'rate_limited',
      );
    }
  });

  it('a flood of made-up Bearer values cannot reset a real key’s allowance', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) await t.call('GET', '/v2/events');
    expect((await t.call('GET', '/v2/events')).statusCode).toBe(429);
    // More distinct values than the limiter's store keeps (5,000): each used to get a counter.
    for (let i = 0; i < 5_100; i++) await t.call('GET', '/v2/health', undefined, `junk${i}`);
    expect((await t.call('GET', '/v2/events')).statusCode).toBe(429);
  }, 60_000);

  it('an attendee page over the limit, opened in a browser, says so in words; the wallet app’s fetches keep the JSON', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    const browser = { accept: 'text/html,application/xhtml+xml' };
    for (let i = 0; i < 3; i++) await t.call('GET', '/w/tk_someone', undefined, null, browser);
    for (const path of ['/w/tk_someone', '/e/evt_tonight']) {
      const page = await t.call('GET', path, undefined, null, browser);
      expect(page.statusCode).toBe(429);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      const retryAfter = Number(page.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(page.body).toContain('<h1>Busy, try again shortly</h1>');
      expect(page.body).toContain(`Reload it in ${retryAfter} seconds.`);
      expect(page.body).not.toContain('rate_limit');
    }
    // Someone on the event's page may have no ticket yet: the wallet's reassurance is not theirs.
    const ticketPage = await t.call('GET', '/w/tk_someone', undefined, null, browser);
    expect(ticketPage.body).toContain('Your ticket is not affected');
    const eventPage = await t.call('GET', '/e/evt_tonight', undefined, null, browser);
    expect(eventPage.body).not.toContain('Your ticket');
    expect(eventPage.body).toContain('Tickets already bought are not affected');
    const appFetch = await t.call('GET', '/w/tk_someone/strip', undefined, null, {
      accept: 'application/json',
    });
    expectError(appFetch, 429, 'rate_limit_error', 'rate_limited');
    // An API route asked for HTML is still the API.
    expectError(
      await t.call('GET', '/v2/health', undefined, null, browser),
      429,
      'rate_limit_error',
      'rate_limited',
    );
  });

  it('the scan feed, answered on the raw socket, still carries the x-ratelimit headers', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    const event = await createEvent(t);
    // HEAD ends at once (a GET would hold the feed open, which inject cannot wait out).
    const res = await t.call('HEAD', `/v2/scans/stream?event_id=${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    // Its first call from this address: the feed authenticates in its own handler (a key or a
    // stream token), after the limiter, so it is counted per address.
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('does not meter calls it refused with 429', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 6; i++) await t.call('GET', '/v2/events');
    // Metering happens after the response; three got through, three were refused.
    expect(t.app.ctx.usage.view().rest_calls).toBe(3);
  });

  it('is off with rateLimitPerMinute 0 (MARQUEE_RATE_LIMIT=0)', async () => {
    t = await makeTestApp({ rateLimitPerMinute: 0 });
    for (let i = 0; i < 50; i++) {
      const res = await t.call('GET', '/v2/health', undefined, null);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
