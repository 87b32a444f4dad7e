import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, dataFolderReadOnly, errorBody, insufficientStorage, storeMoved } from '../errors.js';
import type { StorageHealth } from '../store/storage-health.js';
import { apiErrorFromValidation } from './validation-errors.js';

/** Fastify's own client errors, by code, mapped to the contract's codes. */
const fastifyClientErrors: Record<string, (err: FastifyError) => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new ApiError(400, 'invalid_json', 'The request body is not valid JSON.'),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new ApiError(413, 'payload_too_large', 'The request body is larger than the 1 MiB limit.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError(415, 'unsupported_media_type', 'Send request bodies as application/json.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError(400, 'invalid_request', 'The Content-Length header does not match the body.'),
};

function toApiError(err: FastifyError): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err.validation) return apiErrorFromValidation(err.validation, err.validationContext);
  const mapped = err.code ? fastifyClientErrors[err.code] : undefined;
  if (mapped) return mapped(err);
  // Malformed JSON surfaces as a SyntaxError with statusCode 400 from the body parser.
  if (err.statusCode === 400 && err instanceof SyntaxError) {
    return new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (err.statusCode === 429) return new ApiError(429, 'rate_limited', err.message);
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(err.statusCode, 'invalid_request', err.message);
  }
  return undefined;
}

/**
 * A write the store could not take: the disk is full (507), its file moved away (503), or the
 * data folder takes no writes at all (503).
 */
function storageRefusal(storage: StorageHealth, err: unknown): ApiError | undefined {
  const problem = storage.state;
  if (problem?.status === 'moved' && storage.refusedAsMoved(err))
    return storeMoved(problem.change, problem.rescuedTo);
  if (storage.noteFailure(err)) return insufficientStorage();
  return storage.isReadOnlyError(err) ? dataFolderReadOnly() : undefined;
}

/**
 * One place turns every failure into the contract's envelope; 5xx never leak internals. A write
 * that failed because the disk is full is 507 `insufficient_storage` (and turns GET /v2/health
 * to degraded until space is back), not a 500: nobody needs to report a bug, someone needs to
 * free space. SQLite rolled the change back, so a retry with the same Idempotency-Key is safe.
 * `pages` answers an unknown path, and a rate-limited page, in HTML when that is what the asker is
 * reading (an attendee's browser on a mangled or busy event or wallet link).
 */
type PageAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

/** Answers in HTML for a person reading a page; undefined leaves the request to the JSON envelope. */
export interface PageAnswers {
  notFound: PageAnswer;
  tooManyRequests: PageAnswer;
}

export function installErrorHandling(
  app: FastifyInstance,
  storage: StorageHealth,
  pages?: PageAnswers,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const apiError = toApiError(err) ?? storageRefusal(storage, err);
    if (apiError?.statusCode === 429) {
      const page = pages?.tooManyRequests(request, reply.headers(apiError.headers));
      if (page) return page;
    }
    if (apiError) return reply.code(apiError.statusCode).headers(apiError.headers).send(errorBody(apiError));
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      error: {
        type: 'api_error',
        code: 'internal_error',
        message: `Something went wrong on the venue server. Quote request id ${request.id} when reporting it.`,
      },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const page = pages?.notFound(request, reply);
    if (page) return page;
    const error = new ApiError(
      404,
      'route_not_found',
      `No route for ${request.method} ${request.url.split('?')[0]}. See /v2/openapi.json.`,
    );
    return reply.code(404).send(errorBody(error));
  });
}

/**
 * The router's own refusals (Fastify's `frameworkErrors`), raised before any route or hook runs:
 * without this they answer in Fastify's shape, and an over-long id even as a bare 414.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(
          400,
          'invalid_field',
          'A path parameter is too long; no id is longer than 80 characters.',
        )
      : new ApiError(400, 'invalid_request', 'The request URL is malformed.');
  void reply.code(apiError.statusCode).send(errorBody(apiError));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, a bad header
 * or Content-Length, broken chunked encoding, a request head over 16 KiB, a client too slow to
 * send its head): answered in the contract's envelope rather than Fastify's own shape, on the raw
 * socket, which is then closed (the stream cannot be trusted past the error). Fastify's
 * `clientErrorHandler`.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError(431, 'headers_too_large', 'The request line and headers are larger than 16 KiB.')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError(408, 'request_timeout', 'The request was not received in time.')
        : new ApiError(400, 'invalid_request', 'The request is not well-formed HTTP/1.1.');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(apiError));
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
