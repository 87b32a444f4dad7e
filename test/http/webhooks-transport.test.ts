import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookTransport } from '../../src/server/webhooks/transport.js';
import { closedPort } from '../support/webhook-receiver.js';

/** How a single POST is classified: the line between "offline" (not counted) and a failure. */
const servers: Server[] = [];
const transports: WebhookTransport[] = [];
afterEach(async () => {
  for (const tr of transports.splice(0)) tr.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

function transport(timeoutMs = 2_000): WebhookTransport {
  const tr = new WebhookTransport({ maxSocketsPerHost: 4, timeoutMs, allowLinkLocal: false });
  transports.push(tr);
  return tr;
}

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const send = (tr: WebhookTransport, url: string, signal = new AbortController().signal) =>
  tr.send({ url, body: '{"id":"msg_1"}', headers: { 'content-type': 'application/json' }, signal });

describe('WebhookTransport', () => {
  it('reports the status and Retry-After of an answer', async () => {
    const url = await serve((_req, res) => res.writeHead(503, { 'retry-after': '7' }).end('busy'));
    expect(await send(transport(), url)).toEqual({ kind: 'response', status: 503, retryAfter: '7' });
  });

  it('a refused connection is offline', async () => {
    const result = await send(transport(), `http://127.0.0.1:${await closedPort()}/`);
    expect(result.kind).toBe('offline');
    expect(result).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('a reset before any answer is offline', async () => {
    const url = await serve((req) => req.socket.destroy());
    expect((await send(transport(), url)).kind).toBe('offline');
  });

  it('connected but silent past the timeout is a counted failure', async () => {
    const url = await serve(() => undefined);
    const started = Date.now();
    const result = await send(transport(300), url);
    expect(result).toEqual({ kind: 'error', error: 'no answer within 0.3 s' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('a 200 cut off before the end of its body is a counted failure, not a delivery', async () => {
    // The receiver promises 100 bytes, writes 7 and dies: the answer was never read completely.
    const url = await serve((req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial', () => req.socket.destroy());
    });
    expect(await send(transport(), url)).toEqual({
      kind: 'error',
      error: 'the answer (HTTP 200) was cut off before its end',
    });
    // The same receiver answering in full is a delivery.
    const whole = await serve((_req, res) => res.writeHead(200, { 'content-length': '2' }).end('ok'));
    expect(await send(transport(), whole)).toEqual({ kind: 'response', status: 200, retryAfter: undefined });
  });

  it('a garbage reply is a counted failure', async () => {
    const url = await serve((req) => req.socket.end('NOT HTTP\r\n\r\n'));
    expect((await send(transport(), url)).kind).toBe('error');
  });

  it('never connects to a link-local or metadata literal, in any spelling', async () => {
    for (const [url, reason] of [
      ['http://169.254.10.10/latest', /link-local/],
      ['http://169.254.169.254/latest', /metadata/],
      ['http://[::ffff:a9fe:a9fe]/latest', /metadata/],
      ['http://[64:ff9b::6464:64c8]/latest', /100\.100\.100\.200.*metadata/],
    ] as const) {
      const result = await send(transport(), url);
      expect(result, url).toMatchObject({ kind: 'error', error: expect.stringMatching(reason) });
    }
  });

  it('reuses kept-alive connections', async () => {
    const ports = new Set<number>();
    const url = await serve((req, res) => {
      ports.add(req.socket.remotePort!);
      res.writeHead(200).end();
    });
    const tr = transport();
    for (let i = 0; i < 5; i++) expect(await send(tr, url)).toMatchObject({ status: 200 });
    expect(ports.size).toBe(1);
  });

  it('abandons an attempt when aborted', async () => {
    const url = await serve(() => undefined);
    const abort = new AbortController();
    const pending = send(transport(), url, abort.signal);
    setTimeout(() => abort.abort(), 50);
    expect(await pending).toEqual({ kind: 'aborted' });
  });
});
