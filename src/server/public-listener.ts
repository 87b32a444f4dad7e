import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { nodeHeadChecksOff } from './http/request-head-rules.js';
import { usesHttps, type ServerOptions } from './config.js';
import { ApiError, errorBody } from './errors.js';
import { listenBeside, type ExtraListener } from './extra-listener.js';
import { ensureTlsMaterial } from './tls.js';

/**
 * What the public listener serves: the event pages and the wallets, with everything under them
 * (the wallet's QR image, token and strip, and any assets a page adds under its own prefix), and
 * a link cut off at `/e/` or `/w/`, so the attendee reads the page's "not found" words.
 * A page that needs a file elsewhere must move it under /e/ or /w/ rather than widen this.
 */
const attendeePath = /^\/[ew](?:\/[^/]|\/?(?:$|\?))/;

/** Only reading: no attendee page takes a POST, and nothing else may be reached from outside. */
const readMethods = new Set(['GET', 'HEAD']);

export function isAttendeeRequest(method: string | undefined, url: string | undefined): boolean {
  return readMethods.has(method ?? '') && attendeePath.test(url ?? '');
}

const notHere = JSON.stringify(
  errorBody(
    new ApiError(
      404,
      'route_not_found',
      'This address serves only event pages (/e/…) and tickets (/w/…); the API is on the venue network.',
    ),
  ),
);

/**
 * Everything but an attendee page is answered here, before the app sees it, so no hook, route
 * or plugin added later can make /v2 or the box office reachable from outside. The router never
 * resolves `..` or decodes a `/`, so a path that starts with /e/ or /w/ can only reach those routes.
 */
function attendeeOnly(app: FastifyInstance) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (isAttendeeRequest(req.method, req.url)) {
      app.routing(req, res);
      return;
    }
    req.resume();
    res
      .writeHead(404, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(notHere),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .end(notHere);
  };
}

/**
 * The public listener (MARQUEE_PUBLIC_PORT): the attendee pages of the same app, for an organiser
 * to publish through a reverse proxy or tunnel (docs/publishing.md) while /v2 stays on the LAN.
 * The same rule as the LAN listener decides its scheme: plain HTTP on a loopback bind (a proxy or
 * tunnel on this machine, which terminates TLS for the world) or with MARQUEE_TLS=off, otherwise
 * HTTPS with the LAN certificate, so wallet links never cross the venue network in the clear.
 */
export async function listenPublic(
  app: FastifyInstance,
  options: Pick<ServerOptions, 'dataDir' | 'tls'> & { port: number; host: string },
): Promise<ExtraListener> {
  const handler = attendeeOnly(app);
  const secure = usesHttps({ host: options.host, tls: options.tls });
  const server = secure
    ? createHttpsServer(
        { ...ensureTlsMaterial(options.dataDir, options.host), ...nodeHeadChecksOff },
        handler,
      )
    : createServer(nodeHeadChecksOff, handler);
  return listenBeside(app, server, {
    name: 'public listener',
    scheme: secure ? 'https' : 'http',
    host: options.host,
    port: options.port,
    closeGraceMs: 5_000,
  });
}
