"""Ticket-token rules, on tokens signed here with a key of the test's own (as the server signs)."""

import base64

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import marquee

NOW = 1_790_000_000
KEY = Ed25519PrivateKey.generate()
RAW = KEY.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
JWKS = {"keys": [{"kty": "OKP", "crv": "Ed25519", "kid": "k1", "alg": "EdDSA", "use": "sig",
                  "x": base64.urlsafe_b64encode(RAW).rstrip(b"=").decode()}]}
CLAIMS = {"sub": "tik_1", "evt": "evt_1", "tier": "tkt_1"}


def token(typ="ticket+jwt", iat=NOW, exp=None, kid="k1", key=KEY, **extra_header):
    claims = {**CLAIMS, "iat": iat, "exp": iat + 300 if exp is None else exp}
    return jwt.encode(claims, key, algorithm="EdDSA", headers={"typ": typ, "kid": kid, **extra_header})


def reason(tok, **kwargs):
    with pytest.raises(marquee.TicketTokenError) as refused:
        marquee.TicketVerifier(JWKS).verify(tok, now=kwargs.pop("now", NOW), **kwargs)
    return refused.value.reason


def test_a_rotating_code_verifies_and_says_so():
    ticket = marquee.TicketVerifier(JWKS).verify(token(), now=NOW)
    assert (ticket.kind, ticket.ticket_id, ticket.event_id, ticket.tier_id, ticket.key_id) == (
        "rotating", "tik_1", "evt_1", "tkt_1", "k1")


def test_a_paper_pass_lives_as_long_as_its_exp_says():
    pass_ = token(typ="ticket-pass+jwt", exp=NOW + 40 * 86400)
    ticket = marquee.TicketVerifier(JWKS).verify(pass_, now=NOW + 30 * 86400)
    assert ticket.kind == "paper" and ticket.expires_at == NOW + 40 * 86400
    assert reason(pass_, now=NOW + 40 * 86400 + 31) == "expired"


def test_the_window_is_iat_minus_30_to_exp_plus_30():
    verifier = marquee.TicketVerifier(JWKS)
    assert verifier.verify(token(), now=NOW - 30).ticket_id == "tik_1"
    assert verifier.verify(token(), now=NOW + 330).ticket_id == "tik_1"
    assert reason(token(), now=NOW - 30.5) == "not_yet_valid"
    assert reason(token(), now=NOW + 330.5) == "expired"


def test_a_rotating_code_must_live_exactly_300_s():
    assert reason(token(exp=NOW + 3600)) == "malformed"


def test_what_the_venue_did_not_sign_is_refused():
    assert reason(token(key=Ed25519PrivateKey.generate())) == "invalid_signature"
    assert reason(token(kid="unknown")) == "invalid_signature"
    assert reason(token(typ="JWT")) == "malformed"
    assert reason(token(crit=["exp"])) == "malformed"
    assert reason("not.a.token") == "malformed"
    assert reason(jwt.encode({**CLAIMS, "iat": NOW, "exp": NOW + 300}, "hmac-secret", algorithm="HS256",
                             headers={"typ": "ticket+jwt", "kid": "k1"})) == "malformed"


def test_a_ticket_for_another_event_is_refused_when_the_event_is_given():
    assert reason(token(), event_id="evt_2") == "wrong_event"
