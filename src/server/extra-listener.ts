import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isLoopback } from './config.js';
import { capLikeServer } from './http/connection-cap.js';
import { clientErrorHandler } from './http/error-handler.js';
import { forwardRequestsNodeRefuses, nodeHeadChecksOff } from './http/request-head-rules.js';
import { applyRequestDeadline, deadlineOf } from './http/request-deadline.js';

/** A listener beside the app's own: the desktop's loopback one, or the public one for attendees. */
export interface ExtraListener {
  /** `http://127.0.0.1:<port>` for the loopback one: where this machine's own windows reach the app. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets open requests finish, then resolves; safe to call more than once. */
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** 0 (the default) takes any free port. */
  port?: number;
  host?: string;
  /** How long open connections (a scan-feed stream, say) may hold the close before they are cut. */
  closeGraceMs?: number;
}

/**
 * A second, plain-HTTP listener on loopback serving the same Fastify app as the LAN listener.
 * The desktop's windows use it so they never depend on the LAN address (which DHCP may change)
 * or on trusting the LAN listener's self-signed certificate. Plain HTTP is fine here for the same
 * reason CONTRACT.md allows it on a loopback bind: nothing off this machine can reach it.
 */
export async function listenLoopback(
  app: FastifyInstance,
  { port = 0, host = '127.0.0.1', closeGraceMs = 5_000 }: LoopbackOptions = {},
): Promise<ExtraListener> {
  if (!isLoopback(host)) throw new Error(`the plain-HTTP listener binds loopback only, not ${host}`);
  const server = createServer(nodeHeadChecksOff, (req, res) => app.routing(req, res));
  return listenBeside(app, server, { name: 'loopback listener', scheme: 'http', host, port, closeGraceMs });
}

export interface BesideOptions {
  /** Names the shutdown tasks. */
  name: string;
  scheme: 'http' | 'https';
  host: string;
  port: number;
  closeGraceMs: number;
}

/**
 * Listens with `server` (whose handler passes requests to `app.routing`) beside the app's own
 * listener, and ties its closing to the app's: it stops accepting as the first shutdown task and
 * is waited for as the last one, so workers and the store outlive every request it took.
 */
export async function listenBeside(
  app: FastifyInstance,
  server: Server | HttpsServer,
  { name, scheme, host, port, closeGraceMs }: BesideOptions,
): Promise<ExtraListener> {
  // Routing needs the app's routes compiled: after ready() it answers exactly as app.server does.
  await app.ready();
  // Same connection limits as the app's own server, and the same answer (in the error envelope)
  // to a request too slow or not well-formed, so every listener behaves alike.
  server.keepAliveTimeout = app.initialConfig.keepAliveTimeout ?? 72_000;
  applyRequestDeadline(server, deadlineOf(app.server));
  capLikeServer(app.server, server);
  server.on('clientError', clientErrorHandler);
  forwardRequestsNodeRefuses(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const closed = closedPromise(server, closeGraceMs);
  const listener: ExtraListener = {
    url: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () => closed.wait(),
  };
  app.ctx.lifecycle.onStop(`${name}: stop accepting`, () => closed.begin(), { first: true });
  // Appended after every task buildApp added, so the store is still open for requests in flight.
  app.ctx.lifecycle.onStop(`${name}: drain`, () => closed.wait());
  return listener;
}

function closedPromise(
  server: Server | HttpsServer,
  graceMs: number,
): { begin(): void; wait(): Promise<void> } {
  let done: Promise<void> | undefined;
  const begin = (): Promise<void> =>
    (done ??= new Promise<void>((resolve) => {
      // Answers sent while closing carry `connection: close` (drain.ts), so busy keep-alive
      // connections end after their answer; idle ones are closed now.
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      cut.unref();
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    }));
  return {
    begin: () => void begin(),
    wait: begin,
  };
}
