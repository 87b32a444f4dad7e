import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinnedTransport } from '../../src/scanner/pinned-transport.js';
import { isScannerError } from '../../src/scanner/errors.js';
import { makeCert, type TestCert } from './support/tls-cert.js';

let real: TestCert;
let impostor: TestCert;
let httpsServer: Server;
let httpServer: Server;
let requestsSeen = 0;
const sockets = new Set<Socket>();

const portOf = (server: { address(): AddressInfo | string | null }): number =>
  (server.address() as AddressInfo).port;

beforeAll(async () => {
  real = makeCert();
  impostor = makeCert();
  const handler = (
    req: { headers: Record<string, unknown> },
    res: import('node:http').ServerResponse,
  ): void => {
    requestsSeen++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, auth: req.headers.authorization ?? null }));
  };
  httpsServer = createHttpsServer({ key: real.key, cert: real.cert }, handler);
  httpServer = createHttpServer(handler);
  for (const server of [httpsServer, httpServer]) {
    server.on('connection', (s: Socket) => sockets.add(s));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([httpsServer, httpServer].map((s) => new Promise((r) => s.close(r))));
});

describe('pinned transport', () => {
  it('talks HTTPS to the server whose certificate matches the pin, in any fingerprint spelling', async () => {
    for (const pin of [real.fingerprint, real.fingerprint256, `sha256:${real.fingerprint}`]) {
      const transport = new PinnedTransport(`https://127.0.0.1:${portOf(httpsServer)}`, { fingerprint: pin });
      const answer = await transport.request({
        method: 'GET',
        path: '/v2/health',
        headers: { authorization: 'Bearer x' },
      });
      expect(answer).toEqual({ status: 200, body: { ok: true, auth: 'Bearer x' } });
      transport.close();
    }
  });

  it('refuses a server with any other certificate before a byte of the request is sent', async () => {
    const before = requestsSeen;
    const transport = new PinnedTransport(`https://127.0.0.1:${portOf(httpsServer)}`, {
      fingerprint: impostor.fingerprint,
    });
    const err = await transport
      .request({
        method: 'POST',
        path: '/v2/scan/validate',
        body: { token: 'secret' },
        headers: { authorization: 'Bearer sk_live_secret' },
      })
      .catch((e: unknown) => e);
    expect(isScannerError(err, 'pin_mismatch')).toBe(true);
    expect(String((err as Error).message)).toContain(real.fingerprint256);
    expect(requestsSeen).toBe(before);
    // The stream (SSE) path goes through the same pinned connections.
    const streamErr = await transport.stream({ path: '/v2/scans/stream' }).catch((e: unknown) => e);
    expect(isScannerError(streamErr, 'pin_mismatch')).toBe(true);
    expect(requestsSeen).toBe(before);
    transport.close();
  });

  it('needs a fingerprint for HTTPS and refuses plain HTTP off this machine', () => {
    expect(() => new PinnedTransport('https://10.99.0.1:4380')).toThrow(/fingerprint/);
    expect(() => new PinnedTransport('http://10.99.0.1:4380', { fingerprint: real.fingerprint })).toThrow(
      /plain HTTP/,
    );
    expect(() => new PinnedTransport('ftp://127.0.0.1')).toThrow(/scheme/);
  });

  it('allows plain HTTP on loopback', async () => {
    const transport = new PinnedTransport(`http://127.0.0.1:${portOf(httpServer)}`);
    expect((await transport.request({ method: 'GET', path: '/x' })).status).toBe(200);
    transport.close();
  });

  it('reports an unreachable server as unreachable, fast', async () => {
    const probe = createTcpServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = portOf(probe);
    await new Promise((r) => probe.close(r));
    const transport = new PinnedTransport(`http://127.0.0.1:${port}`);
    // Fast means without waiting out the timeout: a refusal reported only when the 15 s timeout
    // ran out would be a `timeout`, whatever the machine's speed.
    const err = await transport
      .request({ method: 'GET', path: '/v2/health', timeoutMs: 15_000 })
      .catch((e: unknown) => e);
    expect(isScannerError(err, 'unreachable')).toBe(true);
  });

  it('gives up on a server that accepts but never answers', async () => {
    const silent = createTcpServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const transport = new PinnedTransport(`http://127.0.0.1:${portOf(silent)}`);
    const started = performance.now();
    const err = await transport
      .request({ method: 'GET', path: '/v2/health', timeoutMs: 200 })
      .catch((e: unknown) => e);
    const took = performance.now() - started;
    expect(isScannerError(err, 'timeout')).toBe(true);
    // The request's own 200 ms, not the 15 s default: said in the error, and never early.
    expect((err as Error).message).toMatch(/no answer in (199|200) ms/);
    expect(took).toBeGreaterThanOrEqual(195);
    expect(took).toBeLessThan(5_000); // a bound for a loaded machine, far below the default
    transport.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });
});
