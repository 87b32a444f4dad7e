import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { Server as HttpsServer } from 'node:https';
import { connect, type TLSSocket } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { ConnectionCap } from '../../src/server/http/connection-cap.js';
import { eventually } from '../support/eventually.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';

// The venue LAN is served over HTTPS (a non-loopback bind), where the cap counts connections
// before their handshake and can say nothing to the one it refuses: it closes it. The app is
// built for a LAN address (so it makes its certificate) and listens on loopback; `exempt` stands
// the test's address in for a phone on the venue Wi-Fi.

let app: FastifyInstance | undefined;
let dataDir: string | undefined;
const sockets: TLSSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = dataDir = undefined;
});

const lanClient: ConnectionCap = { perAddress: 3, exempt: () => false };

async function serveHttps(): Promise<number> {
  dataDir = tempDataDir();
  app = await buildApp(testOptions(dataDir, { host: '10.99.0.7', tls: 'auto', connectionCap: lanClient }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/** How a TLS connection attempt ended: handshake done, or closed first. */
function open(port: number): Promise<{ socket: TLSSocket; secured: boolean }> {
  return new Promise((resolve) => {
    // The certificate is the venue's own (pinned by fingerprint in real devices), not a CA's.
    const socket = connect({ port, host: '127.0.0.1', rejectUnauthorized: false });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.once('secureConnect', () => resolve({ socket, secured: true }));
    socket.once('close', () => resolve({ socket, secured: false }));
  });
}

/** A TLS connection with a request in hand: a scan feed, open once its first bytes arrive. */
async function busy(port: number): Promise<TLSSocket> {
  const { socket, secured } = await open(port);
  expect(secured).toBe(true);
  const answered = new Promise((resolve) => socket.once('data', resolve));
  socket.write(`GET /v2/scans/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${adminSecret}\r\n\r\n`);
  await answered;
  return socket;
}

/** One GET /v2/health over TLS: its status, or 0 when the connection closed without an answer. */
async function health(port: number): Promise<number> {
  const { socket, secured } = await open(port);
  if (!secured) return 0;
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write('GET /v2/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await closed;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString())?.[1] ?? 0);
}

describe('connections one address may hold at once, over the LAN’s HTTPS', () => {
  it('every connection busy: the next is closed before its handshake, nothing answered', async () => {
    const port = await serveHttps();
    expect(app!.server).toBeInstanceOf(HttpsServer);
    expect(await health(port)).toBe(200);
    for (let i = 0; i < 3; i++) await busy(port);
    const refused = await open(port);
    expect(refused.secured).toBe(false);
  });

  it('at the cap, an idle TLS connection makes room: the new one is served and the idle one closed', async () => {
    const port = await serveHttps();
    const first = await open(port);
    const second = await open(port);
    expect(first.secured && second.secured).toBe(true);
    const feed = await busy(port);
    expect(await health(port)).toBe(200);
    await eventually(
      () => (first.socket.destroyed || first.socket.readableEnded ? true : undefined),
      5_000,
      'closed',
    );
    expect(feed.readableEnded).toBe(false);
  });

  it('a busy connection closed frees its place', async () => {
    const port = await serveHttps();
    const held = [await busy(port), await busy(port), await busy(port)];
    held[0]!.destroy();
    await eventually(async () => ((await health(port)) === 200 ? true : undefined), 5_000, 'a place freed');
  });
});
