<?php

declare(strict_types=1);

namespace Marquee;

/** Anything the API refused, or that kept a request from reaching it. */
class MarqueeError extends \RuntimeException
{
    public function __construct(
        string $message,
        private readonly ?int $httpStatus = null,
        private readonly ?string $errorType = null,
        private readonly ?string $errorCode = null,
        private readonly ?string $param = null,
        private readonly ?string $requestId = null,
        private readonly ?float $retryAfter = null,
        ?\Throwable $previous = null,
    ) {
        parent::__construct($message, 0, $previous);
    }

    public function getHttpStatus(): ?int { return $this->httpStatus; }
    public function getErrorType(): ?string { return $this->errorType; }
    /** The stable machine code: `sold_out`, `tier_has_sales`, `invalid_field`, … */
    public function getErrorCode(): ?string { return $this->errorCode; }
    /** The one field at fault, when there is one. */
    public function getParam(): ?string { return $this->param; }
    /** The answer's `x-request-id`, to quote when asking the venue about it. */
    public function getRequestId(): ?string { return $this->requestId; }
    /** Seconds, from a 429's `Retry-After`. */
    public function getRetryAfter(): ?float { return $this->retryAfter; }

    /** The typed error for a refusal: the envelope's `type` decides, the status when it is absent. */
    public static function fromResponse(int $status, mixed $body, ?string $requestId, ?float $retryAfter): self
    {
        $envelope = is_array($body) && is_array($body['error'] ?? null) ? $body['error'] : [];
        $class = match ($envelope['type'] ?? null) {
            'invalid_request_error' => InvalidRequestError::class,
            'authentication_error' => AuthenticationError::class,
            'permission_error' => PermissionError::class,
            'not_found_error' => NotFoundError::class,
            'conflict_error' => ConflictError::class,
            'rate_limit_error' => RateLimitError::class,
            'api_error' => ApiError::class,
            default => match ($status) {
                400 => InvalidRequestError::class,
                401 => AuthenticationError::class,
                403 => PermissionError::class,
                404 => NotFoundError::class,
                409 => ConflictError::class,
                429 => RateLimitError::class,
                default => ApiError::class,
            },
        };
        return new $class(
            (string) ($envelope['message'] ?? "HTTP $status"),
            $status,
            $envelope['type'] ?? null,
            $envelope['code'] ?? null,
            $envelope['param'] ?? null,
            $requestId,
            $retryAfter,
        );
    }
}

/** 400, 408, 413, 415, 431: the request itself is wrong; getParam() names the field. */
class InvalidRequestError extends MarqueeError {}
/** 401: no key, or an unknown or revoked one. */
class AuthenticationError extends MarqueeError {}
/** 403: the key's scope (or the staff member's role) does not cover the operation. */
class PermissionError extends MarqueeError {}
/** 404: an unknown id or route. */
class NotFoundError extends MarqueeError {}
/** 409: the resource's state refuses the change (sold_out, tier_has_sales, …). */
class ConflictError extends MarqueeError {}
/** 429: over the key's rate limit; getRetryAfter() says for how long. */
class RateLimitError extends MarqueeError {}
/** 500, or an answer the client does not understand. */
class ApiError extends MarqueeError {}
/** No answer at all: connection refused or reset, timeout. */
class NetworkError extends MarqueeError {}

/** A webhook whose signature, timestamp or headers do not check out. */
class WebhookVerificationError extends \RuntimeException {}

/**
 * A ticket token that does not verify; getReason() is the door's word for it: `malformed`,
 * `invalid_signature`, `expired`, `not_yet_valid` or `wrong_event`.
 */
class TicketTokenError extends \RuntimeException
{
    public function __construct(private readonly string $reason, string $message)
    {
        parent::__construct($message);
    }

    public function getReason(): string { return $this->reason; }
}
