import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { rawExchange } from '../support/raw-http.js';
import { tempDataDir, testOptions } from '../support/test-app.js';

let app: FastifyInstance;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await buildApp(testOptions(dataDir));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Raw bytes to the app's port, read until the server closes. */
const raw = (request: string) => rawExchange(port, request);

const envelope = (body: string) => (JSON.parse(body) as { error: Record<string, unknown> }).error;

describe('requests the HTTP parser refuses answer in the error envelope, then close', () => {
  it('an unknown method, a bad Content-Length, broken chunked encoding: 400 invalid_request', async () => {
    for (const request of [
      'FOO /v2/health HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /v2/events HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'POST /v2/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /v2/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect(answer.status, request).toBe(400);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(envelope(answer.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request' });
    }
  });

  it('a request head over 16 KiB: 431 headers_too_large', async () => {
    const answer = await raw(`GET /v2/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(envelope(answer.body)).toMatchObject({ type: 'invalid_request_error', code: 'headers_too_large' });
  });

  it('an HTTP/1.1 request without Host: 400 invalid_request in the envelope, with its request id', async () => {
    const answer = await raw('GET /v2/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/x-request-id: \S+/i);
    expect(envelope(answer.body)).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_request',
      message: 'An HTTP/1.1 request must carry a Host header.',
    });
    // HTTP/1.0 has no Host to require.
    expect((await raw('GET /v2/health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('an expectation other than 100-continue: 417 expectation_failed in the envelope; 100-continue is met', async () => {
    const answer = await raw(
      'GET /v2/health HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(417);
    expect(answer.headers).toMatch(/x-request-id: \S+/i);
    expect(envelope(answer.body)).toMatchObject({
      type: 'invalid_request_error',
      code: 'expectation_failed',
    });
    const met = await raw(
      'GET /v2/health HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nConnection: close\r\n\r\n',
    );
    // Node answers "100 Continue" first, then the request's own answer.
    expect(`${met.headers}\r\n\r\n${met.body}`).toMatch(/HTTP\/1\.1 200 OK/);
  });

  it('a CONNECT (a proxy request): 404 route_not_found in the envelope with its request id, never a tunnel', async () => {
    const answer = await raw('CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n');
    expect(answer.status).toBe(404);
    expect(answer.headers).toMatch(/x-request-id: \S+/i);
    expect(answer.headers).toMatch(/connection: close/i);
    expect(envelope(answer.body)).toMatchObject({ type: 'not_found_error', code: 'route_not_found' });
  });

  it('and the server goes on answering well-formed requests', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v2/health`);
    expect(res.status).toBe(200);
  });
});
