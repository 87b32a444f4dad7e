/**
 * Typed domain errors. Services throw these; one error handler turns them into the contract's
 * envelope `{"error":{type,code,message,param}}`. Anything else that escapes becomes a 500 whose
 * message says nothing internal.
 */
export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'api_error';

const typeForStatus: Record<number, ErrorType> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  408: 'invalid_request_error',
  409: 'conflict_error',
  413: 'invalid_request_error',
  415: 'invalid_request_error',
  417: 'invalid_request_error',
  431: 'invalid_request_error',
  429: 'rate_limit_error',
};

export class ApiError extends Error {
  readonly statusCode: number;
  readonly type: ErrorType;
  readonly code: string;
  readonly param: string | undefined;
  /** Headers the answer must carry besides the envelope (`Retry-After` on a 429). */
  readonly headers: Readonly<Record<string, string>> = {};

  constructor(statusCode: number, code: string, message: string, param?: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.type = typeForStatus[statusCode] ?? 'api_error';
    this.code = code;
    this.param = param;
  }
}

export interface ErrorBody {
  error: { type: ErrorType; code: string; message: string; param?: string };
}

export function errorBody(err: ApiError): ErrorBody {
  const error: ErrorBody['error'] = {
    type: err.type,
    code: err.code,
    message: err.message,
  };
  if (err.param !== undefined) error.param = err.param;
  return { error };
}

export const invalidField = (param: string, message: string): ApiError =>
  new ApiError(400, 'invalid_field', message, param);

export const missingField = (param: string): ApiError =>
  new ApiError(400, 'missing_field', `Missing required field: ${param}.`, param);

/**
 * An unknown id is 404; an empty one names nothing at all, so it is a malformed field (400, as
 * Stripe answers an empty id), not a missing resource. Decided here, on the refusal path, rather
 * than with `minLength` in every id field's schema: the checkout's schema stays as it is (#18).
 */
export const notFound = (what: string, id: string, param = 'id'): ApiError =>
  id === ''
    ? invalidField(param, `${param} cannot be empty.`)
    : new ApiError(404, 'resource_missing', `No such ${what}: '${id}'.`, param);

export const conflict = (code: string, message: string, param?: string): ApiError =>
  new ApiError(409, code, message, param);

/** 429 with `Retry-After`, for limits a route keeps itself (wrong access codes, wrong PINs). */
export class RateLimitedError extends ApiError {
  override readonly headers: Readonly<Record<string, string>>;

  constructor(message: string, retryAfterSeconds: number, param?: string) {
    super(429, 'rate_limited', message, param);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

/** A write failed for want of disk space (see http/error-handler.ts); 5xx, so type `api_error`. */
export const insufficientStorage = (): ApiError =>
  new ApiError(
    507,
    'insufficient_storage',
    "The venue server's disk is full, so nothing was saved. Free space on the computer running the " +
      'venue server, then retry (with the same Idempotency-Key, if you sent one).',
  );

/**
 * What the staff are told while marquee.db is gone from under the running server (deleted, or
 * replaced by another file; store/store-file-watch.ts), in one sentence for a refusal and for
 * GET /v2/health alike. `rescuedTo` is where the store as the server last saw it was written.
 */
export function storeMovedMessage(change: 'deleted' | 'replaced', rescuedTo: string | null): string {
  const what = `The venue server's data file was ${change} while it was running, so nothing more can be saved.`;
  if (rescuedTo === null)
    return `${what} Do not restart it yet: it is writing a copy of every sale so far. Try again in a moment.`;
  if (change === 'deleted')
    return `${what} A copy with every sale so far was put back: restart the venue server to go on selling.`;
  return (
    `${what} Every sale so far was copied to ${rescuedTo}. Ask whoever looks after the venue ` +
    'computer which file to keep (rename that one to marquee.db), then restart the venue server.'
  );
}

/** A write refused because marquee.db was deleted or replaced under the running server. */
export const storeMoved = (change: 'deleted' | 'replaced', rescuedTo: string | null): ApiError =>
  new ApiError(503, 'store_unavailable', storeMovedMessage(change, rescuedTo));

/**
 * A write refused because the data folder takes none (the disk turned read-only after a fault,
 * or its permissions changed under the server). Nothing was saved; a retry works once it is
 * fixed. SQLite rolled the change back, as for a full disk.
 */
export const dataFolderReadOnly = (): ApiError =>
  new ApiError(
    503,
    'store_read_only',
    'The venue server cannot write to its data folder (the disk turned read-only or its permissions ' +
      'were changed), so nothing was saved. Tell whoever looks after the computer running the venue ' +
      'server; once it is fixed, try again (with the same Idempotency-Key, if you sent one).',
  );
