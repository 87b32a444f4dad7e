import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { ApiError } from '../errors.js';

/**
 * Options for every listener's `createServer`: Node answers an HTTP/1.1 request without a Host
 * header with its own empty 400 before any handler runs (no envelope, no x-request-id, no log
 * line). Turned off here so that `installRequestHeadRules` refuses it in the contract's shape.
 */
export const nodeHeadChecksOff = { requireHostHeader: false } as const;

/**
 * Lets requests whose `Expect` is not `100-continue` reach the app, which refuses them in the
 * envelope (below): with no `checkExpectation` listener Node answers them an empty 417 itself.
 */
export function forwardUnmetExpectations(server: Server | HttpsServer): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
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
