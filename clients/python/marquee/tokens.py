"""Ticket tokens (rotating codes and paper passes), verified offline against the JWKS."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional

import jwt
import requests

from .errors import TicketTokenError

ROTATING_LIFETIME = 300  # a rotating code lives exactly this long
SKEW = 30  # validators accept from iat − 30 s to exp + 30 s
_KINDS = {"ticket+jwt": "rotating", "ticket-pass+jwt": "paper"}
# A key it does not hold makes a fetched verifier fetch the JWKS again, at most this often (s), so
# a forger inventing kids costs the venue one request per 30 s (jose's remote key sets do the same).
REFETCH_COOLDOWN = 30


@dataclass(frozen=True)
class VerifiedTicket:
    kind: str  # "rotating" (the phone's 5-minute code) or "paper" (the printed pass)
    ticket_id: str
    event_id: str
    tier_id: str
    issued_at: int
    expires_at: int
    key_id: str


class TicketVerifier:
    """Holds a JWKS (``GET /v2/scan/jwks``) and verifies ticket tokens with it, without the network.

    A door with a JWKS fetched earlier keeps working offline. A verifier made by ``fetch`` (or
    ``Client.ticket_verifier``) follows a key rotation: a token whose ``kid`` it does not hold makes
    it fetch the JWKS again (at most once every 30 s; offline, the token stays refused). One made
    from a JWKS dict never touches the network. Verifying a token proves the venue issued it;
    whether the ticket is still active or already admitted is the server's
    (``POST /v2/scan/validate``) or a door pack's to say.
    """

    def __init__(self, jwks: Mapping[str, Any], *, refetch: Optional[Callable[[], Mapping[str, Any]]] = None) -> None:
        self._keys = _load_keys(jwks)
        self._refetch = refetch
        self._refetched_at: Optional[float] = None

    @classmethod
    def fetch(cls, base_url: str, *, timeout: float = 10.0) -> "TicketVerifier":
        """Fetches the JWKS from a venue server (a public route: no API key)."""

        def get_jwks() -> Mapping[str, Any]:
            response = requests.get(f"{base_url.rstrip('/')}/v2/scan/jwks", timeout=timeout)
            response.raise_for_status()
            return response.json()

        return cls(get_jwks(), refetch=get_jwks)

    def _key(self, kid: Any, now: float) -> Any:
        key = self._keys.get(kid)
        if key is not None or self._refetch is None:
            return key
        if self._refetched_at is not None and now - self._refetched_at < REFETCH_COOLDOWN:
            return None
        self._refetched_at = now
        try:
            self._keys = _load_keys(self._refetch())
        except Exception:  # offline or a bad answer: keep the keys held, refuse this token
            return None
        return self._keys.get(kid)

    def verify(self, token: str, *, event_id: Optional[str] = None, now: Optional[float] = None) -> VerifiedTicket:
        try:
            header = jwt.get_unverified_header(token)
        except jwt.InvalidTokenError as exc:
            raise TicketTokenError("malformed", "not a JWS") from exc
        kind = _KINDS.get(header.get("typ"))
        if header.get("alg") != "EdDSA" or kind is None or "crit" in header:
            raise TicketTokenError("malformed", "not a Marquee ticket token (alg, typ or crit)")
        current = time.time() if now is None else now
        key = self._key(header.get("kid"), current)
        if key is None:
            raise TicketTokenError("invalid_signature", "signed with a key the JWKS does not hold")
        try:
            # Only the signature here: the time rules are the venue's (below), not PyJWT's defaults.
            claims = jwt.decode(token, key, algorithms=["EdDSA"], options={"verify_exp": False, "verify_iat": False,
                                                                           "verify_nbf": False})
        except jwt.InvalidSignatureError as exc:
            raise TicketTokenError("invalid_signature", "the signature does not verify") from exc
        except jwt.InvalidTokenError as exc:
            raise TicketTokenError("malformed", str(exc)) from exc

        iat, exp = claims.get("iat"), claims.get("exp")
        ids = (claims.get("sub"), claims.get("evt"), claims.get("tier"))
        if not all(isinstance(v, str) for v in ids) or type(iat) is not int or type(exp) is not int:
            raise TicketTokenError("malformed", "claims sub, evt, tier, iat and exp are required")
        if kind == "rotating" and exp != iat + ROTATING_LIFETIME:
            raise TicketTokenError("malformed", "a rotating code lives exactly 300 s")
        if current < iat - SKEW:
            raise TicketTokenError("not_yet_valid", "issued in the future (check the clock)")
        if current > exp + SKEW:
            raise TicketTokenError("expired", "expired")
        if event_id is not None and claims["evt"] != event_id:
            raise TicketTokenError("wrong_event", f"a ticket for {claims['evt']}, not {event_id}")
        return VerifiedTicket(kind, claims["sub"], claims["evt"], claims["tier"], iat, exp, header["kid"])


def _load_keys(jwks: Mapping[str, Any]) -> Dict[str, Any]:
    keys: Dict[str, Any] = {}
    for jwk in jwks.get("keys", []):
        if jwk.get("kty") == "OKP" and jwk.get("crv") == "Ed25519" and jwk.get("kid"):
            keys[jwk["kid"]] = jwt.PyJWK(dict(jwk), algorithm="EdDSA").key
    return keys
