import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.mjs';
import { MarqueeClient, RateLimitError } from '../src/index.js';

/**
 * The client at a live server's per-key rate limit (MARQUEE_RATE_LIMIT=3 a minute): the 429 the
 * server really sends, with its real Retry-After (the rest of the minute). Retry-After's waits,
 * their cap and the Idempotency-Key kept across retries are in retries.test.ts.
 */
describe('@marquee/client at the rate limit of a live server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MARQUEE_RATE_LIMIT: '3' });
    const client = new MarqueeClient(server.apiKey, { baseUrl: server.url });
    for (let i = 0; i < 3; i++) await client.get('/v2/events');
  }, 60_000);
  afterAll(() => server?.stop());

  it('tells the key’s rate limit from the last answer, to pace a job before a 429', async () => {
    const client = new MarqueeClient(server.apiKey, { baseUrl: server.url, maxRetries: 0 });
    expect(client.rateLimit).toBeUndefined();
    const error = (await client.get('/v2/events').catch((err: unknown) => err)) as RateLimitError;
    expect(client.rateLimit).toEqual({ limit: 3, remaining: 0, resetSeconds: error.retryAfter });
  });

  it('throws a RateLimitError carrying the Retry-After the server sent', async () => {
    const client = new MarqueeClient(server.apiKey, { baseUrl: server.url, maxRetries: 0 });
    const error = await client.get('/v2/events').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RateLimitError);
    const { retryAfter, code, status, requestId } = error as RateLimitError;
    expect({ code, status }).toEqual({ code: 'rate_limited', status: 429 });
    expect(requestId).toMatch(/^req-/);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  // The wait ignored the signal: a caller that gave up sat out up to 60 s, then got a NetworkError.
  it('stops waiting out Retry-After when the caller aborts, and throws the 429', async () => {
    const controller = new AbortController();
    const waits: number[] = [];
    const client = new MarqueeClient(server.apiKey, {
      baseUrl: server.url,
      // A wait that never ends by itself: only the abort can end it.
      sleep: (seconds) => {
        waits.push(seconds);
        controller.abort();
        return new Promise(() => {});
      },
    });
    const create = client.post('/v2/events', {
      body: { title: 'Night show', venue: 'Main hall', doors_at: '2030-12-24T19:00:00Z' },
      signal: controller.signal,
    });
    const error = await create.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(waits).toEqual([(error as RateLimitError).retryAfter]);
  });

  it('with its own timer too: a deadline signal ends the real wait of a Retry-After', async () => {
    const client = new MarqueeClient(server.apiKey, { baseUrl: server.url });
    const error = await client
      .get('/v2/events', { signal: AbortSignal.timeout(500) })
      .catch((err: unknown) => err);
    // The window began in beforeAll: the Retry-After is the rest of the minute, not 0.5 s.
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeGreaterThan(0);
  });
});
