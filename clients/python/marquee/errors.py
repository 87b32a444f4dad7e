"""Typed errors: one class per error `type` of the API's envelope, plus the client's own."""

from __future__ import annotations

from typing import Any, Mapping, Optional


class MarqueeError(Exception):
    """Anything the API refused, or that stopped a request from reaching it."""

    def __init__(
        self,
        message: str,
        *,
        status: Optional[int] = None,
        type: Optional[str] = None,
        code: Optional[str] = None,
        param: Optional[str] = None,
        request_id: Optional[str] = None,
        retry_after: Optional[float] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.type = type
        self.code = code
        self.param = param
        self.request_id = request_id
        self.retry_after = retry_after

    def __str__(self) -> str:
        parts = [f"{self.status} {self.code}" if self.status else None, self.message]
        if self.param:
            parts.append(f"(param {self.param})")
        if self.request_id:
            parts.append(f"[request {self.request_id}]")
        return " ".join(p for p in parts if p)


class InvalidRequestError(MarqueeError):
    """400, 408, 413, 415, 431: the request itself is wrong; `param` names the field."""


class AuthenticationError(MarqueeError):
    """401: no key, or an unknown or revoked one."""


class PermissionError(MarqueeError):  # noqa: A001 - the API's name, inside this package
    """403: the key's scope (or the staff member's role) does not cover the operation."""


class NotFoundError(MarqueeError):
    """404: an unknown id or route."""


class ConflictError(MarqueeError):
    """409: the resource's state refuses the change (sold_out, tier_has_sales, …)."""


class RateLimitError(MarqueeError):
    """429: over the key's rate limit; `retry_after` says for how long (seconds)."""


class ApiError(MarqueeError):
    """500 or any answer the client does not understand."""


class NetworkError(MarqueeError):
    """The request got no answer: connection refused or reset, timeout."""


class WebhookVerificationError(Exception):
    """A webhook whose signature, timestamp or headers do not check out."""


class TicketTokenError(Exception):
    """A ticket token that does not verify; `reason` is the door's word for it.

    One of `malformed`, `invalid_signature`, `expired`, `not_yet_valid`, `wrong_event`.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


_BY_TYPE = {
    "invalid_request_error": InvalidRequestError,
    "authentication_error": AuthenticationError,
    "permission_error": PermissionError,
    "not_found_error": NotFoundError,
    "conflict_error": ConflictError,
    "rate_limit_error": RateLimitError,
    "api_error": ApiError,
}


def error_from_response(
    status: int, body: Any, headers: Mapping[str, str], retry_after: Optional[float]
) -> MarqueeError:
    """The typed error for a refusal; the envelope's `type` decides, the status when it is absent."""
    envelope = body.get("error") if isinstance(body, dict) else None
    if not isinstance(envelope, dict):
        envelope = {}
    error_type = envelope.get("type")
    cls = _BY_TYPE.get(error_type) if isinstance(error_type, str) else None
    if cls is None:
        cls = {400: InvalidRequestError, 401: AuthenticationError, 403: PermissionError,
               404: NotFoundError, 409: ConflictError, 429: RateLimitError}.get(status, ApiError)
    return cls(
        str(envelope.get("message") or f"HTTP {status}"),
        status=status,
        type=error_type if isinstance(error_type, str) else None,
        code=envelope.get("code"),
        param=envelope.get("param"),
        request_id=headers.get("x-request-id"),
        retry_after=retry_after,
    )
