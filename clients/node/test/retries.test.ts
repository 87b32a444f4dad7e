import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  ConflictError,
  InvalidRequestError,
  MarqueeClient,
  NetworkError,
  NotFoundError,
  RateLimitError,
} from '../src/index.js';

// Retries and typed errors against a scripted HTTP server on 127.0.0.1: the failures a live server
// cannot be made to produce on demand (503s, 429s with Retry-After, refused connections).

type Answer = [status: number, body: unknown, headers?: Record<string, string>];
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function scripted(...answers: Answer[]) {
  const requests: { method: string; key: string | undefined; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({
        method: request.method!,
        key: request.headers['idempotency-key'] as string | undefined,
        body,
      });
      const [status, json, headers] = answers.shift()!;
      response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-7', ...headers });
      response.end(JSON.stringify(json));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sleeps: number[] = [];
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new MarqueeClient('sk_live_test', { baseUrl, sleep: async (s) => void sleeps.push(s) });
  return { client, requests, sleeps };
}

const refusal = (
  status: number,
  type: string,
  code: string,
  param?: string,
  headers?: Record<string, string>,
): Answer => [status, { error: { type, code, message: `${code}!`, param } }, headers];

describe('MarqueeClient retries', () => {
  it('retries a POST with the same Idempotency-Key and body', async () => {
    const { client, requests, sleeps } = await scripted(
      refusal(503, 'api_error', 'unavailable'),
      refusal(409, 'conflict_error', 'idempotency_key_in_use'),
      [200, { id: 'ord_1' }],
    );
    // A loose call (a path of the API, any body) reaches the scripted server as written.
    expect(await client.post('/v2/payouts', { body: { event_id: 'evt_1' } })).toEqual({ id: 'ord_1' });
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.key)).size).toBe(1);
    expect(requests[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests.map((r) => r.body)).toEqual(Array(3).fill('{"event_id":"evt_1"}'));
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(0.25);
    expect(sleeps[0]).toBeLessThanOrEqual(0.5);
    expect(sleeps[1]).toBeGreaterThanOrEqual(0.5);
    expect(sleeps[1]).toBeLessThanOrEqual(1);
  });

  it('gives each POST call a key of its own', async () => {
    const { client, requests } = await scripted([200, {}], [200, {}]);
    await client.post('/v2/payouts', { body: { event_id: 'evt_1' } });
    await client.post('/v2/payouts', { body: { event_id: 'evt_1' } });
    expect(requests[0]!.key).not.toBe(requests[1]!.key);
  });

  it('waits out Retry-After on 429, even for a PATCH, then throws a RateLimitError', async () => {
    const limited = refusal(429, 'rate_limit_error', 'rate_limited', undefined, { 'retry-after': '3' });
    const { client, requests, sleeps } = await scripted(limited, limited, limited);
    const error = await client
      .patch('/v2/events/{id}', { path: { id: 'evt_1' }, body: { title: 'x' } })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 3, requestId: 'req-7' });
    expect(sleeps).toEqual([3, 3]);
    expect(requests).toHaveLength(3);
  });

  it('leaves a long Retry-After to the caller', async () => {
    const { client, requests, sleeps } = await scripted(
      refusal(429, 'rate_limit_error', 'rate_limited', undefined, { 'retry-after': '600' }),
    );
    await expect(client.get('/v2/events')).rejects.toBeInstanceOf(RateLimitError);
    expect([requests.length, sleeps]).toEqual([1, []]);
  });

  it('does not retry a DELETE after a 5xx, nor final refusals', async () => {
    const { client, requests } = await scripted(
      refusal(503, 'api_error', 'unavailable'),
      refusal(400, 'invalid_request_error', 'invalid_field', 'x'),
      refusal(409, 'conflict_error', 'sold_out'),
    );
    await expect(client.delete('/v2/tiers/{id}', { path: { id: 'tkt_1' } })).rejects.toBeInstanceOf(ApiError);
    await expect(client.post('/v2/payouts', { body: { event_id: 'evt_1' } })).rejects.toMatchObject({
      param: 'x',
    });
    const conflict = client.post('/v2/payouts', { body: { event_id: 'evt_1' } });
    await expect(conflict).rejects.toBeInstanceOf(ConflictError);
    expect(requests).toHaveLength(3);
  });

  it('retries a GET after network errors, then throws a NetworkError', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve)); // a port nobody listens on now
    const sleeps: number[] = [];
    const client = new MarqueeClient('sk_live_test', {
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 3,
      sleep: async (s) => void sleeps.push(s),
    });
    await expect(client.get('/v2/events')).rejects.toBeInstanceOf(NetworkError);
    expect(sleeps).toHaveLength(3);
  });

  it('retries a POST whose answer was cut off after its headers, under the same key', async () => {
    const keys: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      keys.push(request.headers['idempotency-key'] as string | undefined);
      request.resume();
      request.on('end', () => {
        const body = JSON.stringify({ id: 'ord_1' });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
        // The first answer: headers and half the body, then the connection drops.
        if (keys.length === 1) response.write(body.slice(0, 5), () => response.socket?.destroy());
        else response.end(body);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const sleeps: number[] = [];
    const client = new MarqueeClient('sk_live_test', { baseUrl, sleep: async (s) => void sleeps.push(s) });

    expect(await client.post('/v2/payouts', { body: { event_id: 'evt_1' } })).toEqual({ id: 'ord_1' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(sleeps).toHaveLength(1);

    // A PATCH that may have run is not sent again: the cut-off answer is a NetworkError.
    keys.length = 0;
    const error = await client
      .patch('/v2/events/{id}', { path: { id: 'evt_1' }, body: { title: 'x' } })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NetworkError);
    expect(keys).toHaveLength(1);
  });

  it('types an answer without an envelope by its status', async () => {
    const { client } = await scripted([404, { unexpected: true }]);
    const error = await client.get('/v2/events').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: undefined });
    expect(error).not.toBeInstanceOf(InvalidRequestError);
  });
});
