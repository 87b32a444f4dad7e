import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from '../errors.js';
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

/** One place turns every failure into the contract's envelope; 5xx never leak internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const apiError = toApiError(err);
    if (apiError) return reply.code(apiError.statusCode).send(errorBody(apiError));
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
