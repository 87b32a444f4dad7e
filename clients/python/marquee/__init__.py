"""Marquee venue API client: requests, typed errors, webhook and ticket-token verification."""

__version__ = "0.1.0"

from .client import Client, RateLimit  # noqa: E402
from .errors import (  # noqa: E402
    ApiError,
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    MarqueeError,
    NetworkError,
    NotFoundError,
    PermissionError,
    RateLimitError,
    TicketTokenError,
    WebhookVerificationError,
)
from .tokens import TicketVerifier, VerifiedTicket  # noqa: E402
from .webhooks import Webhook  # noqa: E402

__all__ = [
    "ApiError",
    "AuthenticationError",
    "Client",
    "ConflictError",
    "InvalidRequestError",
    "MarqueeError",
    "NetworkError",
    "NotFoundError",
    "PermissionError",
    "RateLimit",
    "RateLimitError",
    "TicketTokenError",
    "TicketVerifier",
    "VerifiedTicket",
    "Webhook",
    "WebhookVerificationError",
]
