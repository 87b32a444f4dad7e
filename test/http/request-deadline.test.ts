import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { listenLoopback, type ExtraListener } from '../../src/server/extra-listener.js';
import { rawExchange } from '../support/raw-http.js';
import { SseClient } from '../support/sse-client.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

// A short deadline, so a stalled request is cut within the test's time (the default is 60 s).
const deadlineMs = 400;

let app: FastifyInstance;
let dataDir: string;
let port: number;
let loopback: ExtraListener;

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await buildApp(testOptions(dataDir, { requestTimeoutMs: deadlineMs }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
  loopback = await listenLoopback(app);
});
afterAll(async () => {
  await app.close();
  await loopback.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request head and only the start of its body: then nothing more. */
const stalledBody = (toPort: number, path = '/v2/devices/pair') =>
  // The keyless pairing step: anyone on the venue network can reach it.
  rawExchange(
    toPort,
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
  );

describe('a request must arrive whole within the deadline', () => {
  it('a body that stops arriving: 408 request_timeout in the envelope, and the connection closed', async () => {
    const answer = await stalledBody(port);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { type: 'invalid_request_error', code: 'request_timeout' },
    });
    expect(answer.ms).toBeGreaterThanOrEqual(deadlineMs);
  });

  it('the same on a listener beside the app (the desktop loopback one; the public one is built alike)', async () => {
    const answer = await stalledBody(loopback.port);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'request_timeout' } });
  });

  it('a scan feed is not cut: its request was whole at its head', async () => {
    const feed = await SseClient.open(`http://127.0.0.1:${port}/v2/scans/stream`, {
      authorization: `Bearer ${adminSecret}`,
    });
    expect(feed.status).toBe(200);
    // Past several deadlines and checks, the stream is still open.
    await new Promise((resolve) => setTimeout(resolve, deadlineMs * 4));
    expect(feed.ended).toBe(false);
    feed.close();
  });

  it('and well-formed requests are answered as before', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v2/health`);
    expect(res.status).toBe(200);
  });
});
