"""Webhook signatures (the Standard Webhooks scheme Marquee signs with)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

from .errors import WebhookVerificationError

DEFAULT_TOLERANCE = 300  # seconds either side of the receiver's clock


class Webhook:
    """Checks a delivery against an endpoint's ``whsec_…`` secret.

    ``verify`` takes the raw body exactly as received (before any JSON parsing) and the request
    headers; it answers the parsed message or raises ``WebhookVerificationError``.
    """

    def __init__(self, secret: str, *, tolerance: int = DEFAULT_TOLERANCE) -> None:
        encoded = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
        try:
            self._key = base64.b64decode(encoded, validate=True)
        except binascii.Error as exc:
            raise ValueError("the webhook secret is not whsec_ followed by base64") from exc
        self.tolerance = tolerance

    def verify(self, payload: Union[bytes, str], headers: Mapping[str, str], *, now: Optional[float] = None) -> Any:
        body = payload.encode() if isinstance(payload, str) else payload
        lowered = {_header_name(k): v for k, v in headers.items()}
        msg_id = lowered.get("webhook-id")
        timestamp = lowered.get("webhook-timestamp")
        signatures = lowered.get("webhook-signature")
        if not msg_id or not timestamp or not signatures:
            raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature header")
        try:
            sent_at = int(timestamp)
        except ValueError as exc:
            raise WebhookVerificationError("webhook-timestamp is not a number") from exc
        current = time.time() if now is None else now
        if abs(current - sent_at) > self.tolerance:
            raise WebhookVerificationError("webhook-timestamp is outside the tolerance (replayed or stale)")

        signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
        expected = base64.b64encode(hmac.new(self._key, signed, hashlib.sha256).digest()).decode()
        for candidate in signatures.split(" "):
            version, _, signature = candidate.partition(",")
            # As bytes: compare_digest raises TypeError on a str with non-ASCII characters, which
            # anyone can put in a header.
            if version == "v1" and hmac.compare_digest(signature.encode(), expected.encode()):
                return json.loads(body)
        raise WebhookVerificationError("no signature matches")


def _header_name(name: str) -> str:
    """Any case, or as a WSGI environ spells it (``HTTP_WEBHOOK_ID``, Django's ``request.META``)."""
    if name.startswith("HTTP_"):
        name = name[len("HTTP_"):].replace("_", "-")
    return name.lower()
