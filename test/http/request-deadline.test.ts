import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { listenLoopback, type ExtraListener } from '../../src/server/extra-listener.js';
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

/** Sends a request head and only the start of its body, then waits for the server's answer and close. */
function stalledBody(
  toPort: number,
  path = '/v2/devices/pair',
): Promise<{ status: number; head: string; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(toPort, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server still held the connection after 5 s'));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head: text,
        body,
        ms: Date.now() - started,
      });
    });
    // The keyless pairing step: anyone on the venue network can reach it.
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
  });
}

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
