import type { FastifyInstance } from 'fastify';
import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Server as HttpsServer } from 'node:https';
import { ApiError } from '../errors.js';

/**
 * Options for every listener's `createServer`: Node answers an HTTP/1.1 request without a Host
 * header with its own empty 400 before any handler runs (no envelope, no x-request-id, no log
 * line). Turned off here so that `installRequestHeadRules` refuses it in the contract's shape.
 */
export const nodeHeadChecksOff = { requireHostHeader: false } as const;

/**
 * Lets requests Node would answer (or drop) on its own reach the app, which answers them in the
 * envelope with the request's id and a log line: an `Expect` other than `100-continue` (Node's own
 * answer is an empty 417; refused below), and a `CONNECT` (with no `connect` listener Node closes
 * the connection without a word; the router answers it 404 `route_not_found`, as any method or
 * path it has no route for). A CONNECT's socket is never tunnelled: it is closed after the answer.
 */
export function forwardRequestsNodeRefuses(server: Server | HttpsServer): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    server.emit('request', req, res);
  });
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => socket.end());
    server.emit('request', req, res);
  });
}

/**
 * What Node's parser used to refuse on its own, refused in the envelope with the request's id:
 * an HTTP/1.1 request without Host (RFC 9112 §3.2: 400), and an expectation the server cannot
 * meet (RFC 9110 §10.1.1: 417). Registered after the hook that names the request.
 */
export function installRequestHeadRules(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.httpVersion === '1.1' && raw.headers.host === undefined) {
      void reply.header('connection', 'close');
      done(new ApiError(400, 'invalid_request', 'An HTTP/1.1 request must carry a Host header.'));
      return;
    }
    const expect = raw.headers.expect;
    if (expect !== undefined && expect.trim().toLowerCase() !== '100-continue') {
      done(
        new ApiError(
          417,
          'expectation_failed',
          'The only expectation this server meets is `Expect: 100-continue`; send the request without it.',
        ),
      );
      return;
    }
    done();
  });
}
