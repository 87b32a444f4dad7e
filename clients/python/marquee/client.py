"""The HTTP client: key and base URL, typed errors, safe retries, cursor iteration."""

from __future__ import annotations

import random
import time
import uuid
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Dict, Iterator, Mapping, NamedTuple, Optional

import requests

from . import __version__
from .errors import MarqueeError, NetworkError, error_from_response
from .tokens import TicketVerifier

JsonObject = Dict[str, Any]

# 5xx answers worth another try; 501 and the like are not going to change.
_RETRY_STATUSES = {500, 502, 503, 504}
# A Retry-After longer than this is the caller's decision, not a silent wait.
_MAX_RETRY_AFTER = 60.0


class Client:
    """A Marquee venue server's /v2 API.

    >>> client = Client("sk_live_…", base_url="http://127.0.0.1:4380")
    >>> event = client.post("/v2/events", {"title": "Night show", ...})

    Every POST carries an ``Idempotency-Key`` (made once per call, sent again on each retry), so
    GETs and POSTs are retried on network errors, 429 (after its Retry-After), 409
    ``idempotency_key_in_use`` and 5xx, at most ``max_retries`` times with exponential backoff.
    PATCH and DELETE are retried only after a 429, which the server answers before doing anything.
    """

    def __init__(
        self,
        api_key: str,
        base_url: str = "http://127.0.0.1:4380",
        *,
        max_retries: int = 2,
        timeout: float = 30.0,
        session: Optional[requests.Session] = None,
        ca_file: Optional[str] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        """``ca_file``: a PEM file to trust for https, such as the venue server's own self-signed
        certificate (``<data dir>/tls/cert.pem``) when it is reached over the LAN."""
        if not api_key:
            raise ValueError("api_key is required")
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.timeout = timeout
        self._session = session or requests.Session()
        # Given with each request: requests lets REQUESTS_CA_BUNDLE override a session's verify.
        self._tls = {"verify": ca_file} if ca_file else {}
        self._sleep = sleep
        self._rate_limit: Optional[RateLimit] = None

    @property
    def rate_limit(self) -> Optional["RateLimit"]:
        """The key's rate limit as the last answer that carried it told it, to pace a bulk job before
        it meets a 429; None until then, and while the server's limit is off."""
        return self._rate_limit

    # -- verbs -------------------------------------------------------------------------------

    def get(self, path: str, params: Optional[Mapping[str, Any]] = None) -> Any:
        return self.request("GET", path, params=params)

    def post(self, path: str, body: Optional[JsonObject] = None, *, idempotency_key: Optional[str] = None) -> Any:
        return self.request("POST", path, body=body, idempotency_key=idempotency_key)

    def patch(self, path: str, body: JsonObject) -> Any:
        return self.request("PATCH", path, body=body)

    def delete(self, path: str) -> Any:
        return self.request("DELETE", path)

    def list(self, path: str, params: Optional[Mapping[str, Any]] = None) -> Iterator[Any]:
        """Every item of a list, oldest first, fetching page after page (``limit`` sets the page size)."""
        query = dict(params or {})
        while True:
            page = self.get(path, query)
            yield from page["data"]
            cursor = page.get("next_cursor")
            if not page.get("has_more") or not cursor:
                return
            if cursor == query.get("cursor"):
                raise MarqueeError(f"{path}: the server handed back the same cursor twice")
            query["cursor"] = cursor

    # -- verification helpers ----------------------------------------------------------------

    def jwks(self) -> JsonObject:
        """The public keys ticket tokens are signed with (``GET /v2/scan/jwks``, no key needed)."""
        return self.get("/v2/scan/jwks")

    def ticket_verifier(self) -> TicketVerifier:
        """A verifier holding the current JWKS: verifies tokens offline, and fetches the JWKS again
        (through this client) when a token names a key it does not hold."""
        return TicketVerifier(self.jwks(), refetch=self.jwks)

    # -- the one request path ----------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        *,
        body: Optional[JsonObject] = None,
        params: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        method = method.upper()
        headers = {
            "authorization": f"Bearer {self.api_key}",
            "accept": "application/json",
            "user-agent": f"marquee-python/{__version__}",
        }
        if method == "POST":
            headers["idempotency-key"] = idempotency_key or str(uuid.uuid4())
        url = f"{self.base_url}/{path.lstrip('/')}"

        attempt = 0
        while True:
            try:
                response = self._session.request(
                    method, url, headers=headers, json=body, params=_query(params), timeout=self.timeout,
                    **self._tls,
                )
            except requests.RequestException as exc:
                if attempt < self.max_retries and method in ("GET", "POST"):
                    self._sleep(self._backoff(attempt))
                    attempt += 1
                    continue
                raise NetworkError(f"{method} {path}: {exc}") from exc

            self._rate_limit = _rate_limit_of(response.headers) or self._rate_limit
            if response.status_code < 300:
                return response.json() if response.content else None

            retry_after = _retry_after_seconds(response.headers.get("retry-after"))
            error = error_from_response(response.status_code, _json_or_none(response), response.headers, retry_after)
            if attempt < self.max_retries and _retryable(method, error):
                delay = self._backoff(attempt)
                if retry_after is not None:
                    if retry_after > _MAX_RETRY_AFTER:
                        raise error
                    delay = max(delay, retry_after)
                self._sleep(delay)
                attempt += 1
                continue
            raise error

    @staticmethod
    def _backoff(attempt: int) -> float:
        """0.5 s, 1 s, 2 s, … (at most 8 s), each between half and all of it, so clients spread out."""
        ceiling = min(8.0, 0.5 * 2**attempt)
        return ceiling * random.uniform(0.5, 1.0)


class RateLimit(NamedTuple):
    """A key's rate limit from an answer's x-ratelimit-* headers."""

    limit: int  # requests allowed per minute
    remaining: int  # left in the current minute
    reset_seconds: int  # until the minute ends and `remaining` is whole again


def _rate_limit_of(headers: Mapping[str, str]) -> Optional[RateLimit]:
    try:
        return RateLimit(*(int(headers[f"x-ratelimit-{name}"]) for name in ("limit", "remaining", "reset")))
    except (KeyError, ValueError):
        return None


def _retryable(method: str, error: MarqueeError) -> bool:
    if error.status == 429:
        return True  # refused before anything ran, whatever the method
    if method not in ("GET", "POST"):
        return False
    if error.status == 409:
        return error.code == "idempotency_key_in_use"
    return error.status in _RETRY_STATUSES


def _query(params: Optional[Mapping[str, Any]]) -> Optional[Dict[str, Any]]:
    """Booleans as the API spells them: requests would send ``True`` as "True", which is refused."""
    if params is None:
        return None
    return {name: ("true" if value else "false") if isinstance(value, bool) else value
            for name, value in params.items()}


def _retry_after_seconds(value: Optional[str]) -> Optional[float]:
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _json_or_none(response: requests.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None
