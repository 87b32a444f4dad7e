import type { FastifyInstance } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { isLoopbackHost } from '../../shared/loopback.js';
import { errorBody, RateLimitedError } from '../errors.js';

/**
 * Open connections one client address may hold at once. A till, door or kiosk uses a handful
 * (a browser at most six per origin, plus its feeds); a phone on the venue Wi-Fi opening
 * hundreds could otherwise hold every file descriptor the server has, each for up to the
 * request deadline (request-deadline.ts), and lock every device out (docs/api.md "Slow clients").
 */
export const defaultConnectionsPerAddress = 128;

export interface ConnectionCap {
  perAddress: number;
  /** Addresses never capped; by default loopback (`isThisMachine`). */
  exempt?: (address: string) => boolean;
}

/**
 * Loopback is this machine: the desktop's own windows, the simulator and benchmarks, and a reverse
 * proxy or tunnel in front of the public listener, through which every attendee arrives from one
 * address.
 */
const isThisMachine = (address: string): boolean => isLoopbackHost(address);

const caps = new WeakMap<Server, ConnectionCap>();
/** Connections answered 429 at accept: any request read from them before they close is dropped. */
const refused = new WeakSet<object>();

/**
 * Caps the app's own server, and drops any request that arrives on a refused connection (of
 * this or a listener beside it, which route into the same app): Node's HTTP parser is attached to
 * a connection before the cap sees it, so a request sent at once could otherwise still be carried
 * out while its client reads the 429. Registered before every other hook.
 */
export function installConnectionCap(app: FastifyInstance, cap: ConnectionCap): void {
  capConnectionsPerAddress(app.server, cap);
  app.addHook('onRequest', (request, reply, done) => {
    if (!refused.has(request.raw.socket)) {
      done();
      return;
    }
    void reply.hijack();
    request.raw.socket.destroy();
  });
}

/** Gives a listener beside the app the cap of the app's own server (none if it has none). */
export function capLikeServer(from: Server, to: Server): void {
  const cap = caps.get(from);
  if (cap) capConnectionsPerAddress(to, cap);
}

/** One client address's open connections, by remote port, and whether each has a request in hand. */
type Connections = Map<number, { socket: Socket; busy: boolean }>;

/**
 * Counts connections as they are accepted, before any TLS handshake (which may itself be held
 * open). At the cap, a connection of that address with no request in hand (a browser's idle
 * keep-alive, or one that never sent anything) is closed to make room: phones behind one NAT (a
 * venue's guest Wi-Fi) share an address and each keeps a connection for a while, and browsers
 * retry on a new one. Only when every connection is busy (a request arriving, an answer or a
 * feed in flight) is the new one refused: over plain HTTP with 429 `rate_limited` in the error
 * envelope (the client reads it as the answer to the request it sends), over TLS by closing it,
 * as nothing can be said before the handshake.
 */
function capConnectionsPerAddress(server: Server, cap: ConnectionCap): void {
  caps.set(server, cap);
  const exempt = cap.exempt ?? isThisMachine;
  const plain = !(server instanceof HttpsServer);
  const byAddress = new Map<string, Connections>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    const port = socket.remotePort;
    if (address === undefined || port === undefined || exempt(address)) return;
    const open: Connections = byAddress.get(address) ?? new Map();
    if (open.size >= cap.perAddress) {
      const idle = [...open.values()].find((connection) => !connection.busy);
      if (!idle) {
        if (plain) refuse(socket, cap.perAddress);
        else socket.destroy();
        return;
      }
      open.delete(idle.socket.remotePort ?? -1);
      idle.socket.destroy();
    }
    byAddress.set(address, open);
    open.set(port, { socket, busy: false });
    socket.once('close', () => {
      if (open.get(port)?.socket === socket) open.delete(port);
      if (open.size === 0 && byAddress.get(address) === open) byAddress.delete(address);
    });
  });
  // A request marks its connection busy until its answer is done (over TLS the request's socket
  // is the TLS one, so connections are found by address and port).
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { remoteAddress, remotePort } = request.socket;
    if (remoteAddress === undefined || remotePort === undefined) return;
    const connection = byAddress.get(remoteAddress)?.get(remotePort);
    if (!connection) return;
    connection.busy = true;
    response.once('close', () => {
      connection.busy = false;
    });
  });
}

function refuse(socket: Socket, perAddress: number): void {
  refused.add(socket);
  const refusal = new RateLimitedError(
    `Too many connections from this address (at most ${perAddress} at once): close some and try again.`,
    1,
  );
  const body = JSON.stringify(errorBody(refusal));
  socket.on('error', () => {});
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 429 ${STATUS_CODES[429]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
  );
}
