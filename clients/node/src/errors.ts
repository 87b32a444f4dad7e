/** The error envelope of every refusal (CONTRACT.md "Errors"). */
export interface ErrorEnvelope {
  error: { type: string; code: string; message: string; param?: string | null };
}

export interface MarqueeErrorDetails {
  status?: number;
  type?: string;
  code?: string;
  param?: string;
  requestId?: string;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number;
  cause?: unknown;
}

/** Anything the API refused, or that kept a request from reaching it. */
export class MarqueeError extends Error {
  readonly status?: number;
  readonly type?: string;
  /** The stable machine code: `sold_out`, `tier_has_sales`, `invalid_field`, … */
  readonly code?: string;
  /** The one field at fault, when there is one. */
  readonly param?: string;
  /** The answer's `x-request-id`. */
  readonly requestId?: string;
  readonly retryAfter?: number;

  constructor(message: string, details: MarqueeErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.status = details.status;
    this.type = details.type;
    this.code = details.code;
    this.param = details.param;
    this.requestId = details.requestId;
    this.retryAfter = details.retryAfter;
  }
}

/** 400, 408, 413, 415, 431: the request itself is wrong; `param` names the field. */
export class InvalidRequestError extends MarqueeError {}
/** 401: no key, or an unknown or revoked one. */
export class AuthenticationError extends MarqueeError {}
/** 403: the key's scope (or the staff member's role) does not cover the operation. */
export class PermissionError extends MarqueeError {}
/** 404: an unknown id or route. */
export class NotFoundError extends MarqueeError {}
/** 409: the resource's state refuses the change (sold_out, tier_has_sales, …). */
export class ConflictError extends MarqueeError {}
/** 429: over the key's rate limit; `retryAfter` says for how long. */
export class RateLimitError extends MarqueeError {}
/** 500, or an answer the client does not understand. */
export class ApiError extends MarqueeError {}
/** No answer at all: connection refused or reset, timeout. */
export class NetworkError extends MarqueeError {}

/** A webhook whose signature, timestamp or headers do not check out. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export type TicketTokenRejection =
  'malformed' | 'invalid_signature' | 'expired' | 'not_yet_valid' | 'wrong_event';

/** A ticket token that does not verify; `reason` is the door's word for it. */
export class TicketTokenError extends Error {
  override name = 'TicketTokenError';
  constructor(
    readonly reason: TicketTokenRejection,
    message: string,
  ) {
    super(message);
  }
}

const byType: Record<string, typeof MarqueeError> = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  not_found_error: NotFoundError,
  conflict_error: ConflictError,
  rate_limit_error: RateLimitError,
  api_error: ApiError,
};

const byStatus: Record<number, typeof MarqueeError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

const isEnvelope = (body: unknown): body is ErrorEnvelope =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'object' &&
  (body as { error?: unknown }).error !== null;

/** The typed error for a refusal: the envelope's `type` decides, the status when it is absent. */
export function errorFromResponse(
  status: number,
  body: unknown,
  requestId: string | undefined,
  retryAfter: number | undefined,
): MarqueeError {
  const envelope = isEnvelope(body) ? body.error : undefined;
  const ErrorClass = (envelope && byType[envelope.type]) || byStatus[status] || ApiError;
  return new ErrorClass(envelope?.message ?? `HTTP ${status}`, {
    status,
    type: envelope?.type,
    code: envelope?.code,
    param: envelope?.param ?? undefined,
    requestId,
    retryAfter,
  });
}
