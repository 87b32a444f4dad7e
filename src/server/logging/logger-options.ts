import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { stdoutLogDestination, type LogSink } from './log-destination.js';
import { acceptableRequestId, maskUrl, redacted } from './mask-secrets.js';

const credentialFields = [
  'secret',
  'api_key',
  'pairing_token',
  'stream_token',
  'qr_token',
  'paper_pass',
  'access_code',
  'session_token',
  'pin',
  'token',
  'smtpUrl',
];

/**
 * Fields pino blanks before a line is written, should any log call ever pass a request's headers
 * or body, or a resource carrying a credential. The request logs Fastify writes carry none of
 * these; the list is the net under future log calls, and the line scrub (mask-secrets.ts) the
 * net under it. Explicit paths only: a wildcard (`*.secret`) made pino run every request's
 * child-logger bindings through the redactor, ~5 µs a request even with logging at `warn`.
 */
export const redactPaths = [
  'authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["marquee-staff"]',
  'headers.authorization',
  'headers.cookie',
  'headers["marquee-staff"]',
  ...credentialFields,
  ...credentialFields.map((field) => `body.${field}`),
  'endpoint.secret',
];

/**
 * The `req` of "incoming request" lines: Fastify's fields, with the URL masked. Headers are never
 * logged. Whatever else a log call passes as `req` must not make the serializer throw.
 */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? maskUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's `genReqId` for one app: a caller's own `x-request-id` when it is short and plain, else
 * one made here, `req-<start>-<n>`. `<start>` is random per start of the server, so the id a 500
 * asks people to quote names one request in the logs even though a venue restarts every night
 * (a bare counter began at `req-1` each time).
 */
export function requestIds(): (req: IncomingMessage) => string {
  const start = randomBytes(4).readUInt32BE().toString(36);
  let lastNumber = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    if (acceptableRequestId(given)) return given;
    lastNumber = (lastNumber + 1) & 0x7fffffff;
    return `req-${start}-${lastNumber.toString(36)}`;
  };
}

/** Fastify's `logger` option: pino at `level`, redacting, on a destination that never blocks. */
export function loggerOptions(level: string, destination: LogSink = stdoutLogDestination()) {
  return {
    level,
    stream: destination,
    redact: { paths: redactPaths, censor: redacted },
    serializers: { req: requestForLog },
  };
}
