import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ConnectionCap } from '../../src/server/http/connection-cap.js';
import { listenLoopback, type ExtraListener } from '../../src/server/extra-listener.js';
import { eventually } from '../support/eventually.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

let app: FastifyInstance | undefined;
let beside: ExtraListener | undefined;
let dataDir: string | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await beside?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = beside = dataDir = undefined;
});

async function serve(connectionCap?: ConnectionCap): Promise<number> {
  dataDir = tempDataDir();
  app = await buildApp(testOptions(dataDir, connectionCap ? { connectionCap } : {}));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/** A connection that sends nothing: a browser's idle keep-alive, or one a client just holds. */
async function idle(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** A connection with a request in hand: a scan feed, open once its first bytes arrive. */
async function busy(port: number): Promise<Socket> {
  const socket = await idle(port);
  const answered = new Promise((resolve) => socket.once('data', resolve));
  socket.write(`GET /v2/scans/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${adminSecret}\r\n\r\n`);
  await answered;
  return socket;
}

/** One GET /v2/health on a fresh connection: the status line and body, read until the close. */
function health(port: number): Promise<{ status: number; head: string; body: string }> {
  return send(port, 'GET /v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
}

/** Writes `request` as soon as the connection opens; reads the answer until the close. */
function send(port: number, request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => reject(new Error('no answer within 5 s')), 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.write(request);
  });
}

// Every test connects from 127.0.0.1, which the cap spares by default; `exempt` stands the
// test's address in for a phone on the venue Wi-Fi.
const lanClient: ConnectionCap = { perAddress: 3, exempt: () => false };

describe('connections one address may hold at once', () => {
  it('past the cap: 429 rate_limited in the envelope with Retry-After, then closed', async () => {
    const port = await serve(lanClient);
    for (let i = 0; i < 3; i++) await busy(port);
    const refused = await health(port);
    expect(refused.status).toBe(429);
    expect(refused.head).toMatch(/retry-after: 1/i);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { type: 'rate_limit_error', code: 'rate_limited' },
    });
  });

  it('a request sent on a refused connection is never carried out', async () => {
    const port = await serve(lanClient);
    const held = [await busy(port), await busy(port), await busy(port)];
    const body = JSON.stringify({ name: 'made on a refused connection', scope: 'scanner' });
    const refused = await send(
      port,
      `POST /v2/api_keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${adminSecret}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(refused.status).toBe(429);
    for (const socket of held) socket.destroy();
    const keys = await eventually(
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/v2/api_keys?limit=100`, {
          headers: { authorization: `Bearer ${adminSecret}` },
        });
        return res.status === 200 ? ((await res.json()) as { data: { name: string }[] }) : undefined;
      },
      5_000,
      'a place freed',
    );
    expect(keys.data.map((key) => key.name)).not.toContain('made on a refused connection');
  });

  it('at the cap, an idle connection makes room (phones behind one NAT): the new one is served', async () => {
    const port = await serve(lanClient);
    const waiting = [await idle(port), await idle(port), await busy(port)];
    expect((await health(port)).status).toBe(200);
    // The oldest idle one was closed for it; the busy one was not.
    await eventually(
      () => (waiting[0]!.destroyed || waiting[0]!.readableEnded ? true : undefined),
      5_000,
      'closed',
    );
    expect(waiting[2]!.readableEnded).toBe(false);
  });

  it('a connection closed frees its place', async () => {
    const port = await serve(lanClient);
    const held = [await busy(port), await busy(port), await busy(port)];
    held[0]!.destroy();
    await eventually(
      async () => ((await health(port)).status === 200 ? true : undefined),
      5_000,
      'a place freed',
    );
  });

  it('a listener beside the app keeps the same cap', async () => {
    await serve(lanClient);
    beside = await listenLoopback(app!);
    for (let i = 0; i < 3; i++) await busy(beside.port);
    expect((await health(beside.port)).status).toBe(429);
  });

  it('loopback is spared by default (desktop windows, the simulator, a proxy for the public listener)', async () => {
    const port = await serve({ perAddress: 3 });
    for (let i = 0; i < 5; i++) await idle(port);
    expect((await health(port)).status).toBe(200);
  });
});
