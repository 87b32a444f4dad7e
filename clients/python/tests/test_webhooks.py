"""Webhook verification against signatures made here the way the server makes them."""

import base64
import hashlib
import hmac

import pytest

import marquee

SECRET = "whsec_" + base64.b64encode(bytes(range(24))).decode()
BODY = b'{"id":"msg_1","type":"order.created","created_at":"2026-11-25T12:00:00.000Z","data":{"object":{}}}'
NOW = 1_790_000_000


def signed(body=BODY, timestamp=NOW, msg_id="msg_1", secret=SECRET):
    key = base64.b64decode(secret[len("whsec_"):])
    digest = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp),
            "webhook-signature": "v1," + base64.b64encode(digest).decode()}


def test_a_genuine_delivery_answers_the_message():
    assert marquee.Webhook(SECRET).verify(BODY, signed(), now=NOW)["type"] == "order.created"
    assert marquee.Webhook(SECRET).verify(BODY.decode(), signed(), now=NOW)["id"] == "msg_1"


def test_header_names_are_case_insensitive():
    headers = {k.title(): v for k, v in signed().items()}
    assert marquee.Webhook(SECRET).verify(BODY, headers, now=NOW)["id"] == "msg_1"


def test_headers_as_a_wsgi_environ_spells_them():
    environ = {"HTTP_" + k.upper().replace("-", "_"): v for k, v in signed().items()}
    environ["wsgi.input"] = object()
    assert marquee.Webhook(SECRET).verify(BODY, environ, now=NOW)["id"] == "msg_1"


def test_a_signature_with_characters_beyond_ascii_is_refused_not_a_crash():
    headers = signed()
    headers["webhook-signature"] = "v1,é" + headers["webhook-signature"][4:]
    with pytest.raises(marquee.WebhookVerificationError):
        marquee.Webhook(SECRET).verify(BODY, headers, now=NOW)


def test_any_of_several_signatures_may_match():
    # During a secret rotation the server signs with the new and the old secret.
    other = signed(secret="whsec_" + base64.b64encode(b"x" * 24).decode())["webhook-signature"]
    headers = signed()
    headers["webhook-signature"] = f"{other} {headers['webhook-signature']}"
    assert marquee.Webhook(SECRET).verify(BODY, headers, now=NOW)["id"] == "msg_1"


@pytest.mark.parametrize("mutate", [
    lambda h, b: (h, b.replace(b"order", b"ordre")),                  # body changed
    lambda h, b: ({**h, "webhook-id": "msg_2"}, b),                    # id changed
    lambda h, b: ({**h, "webhook-signature": "v2," + h["webhook-signature"][3:]}, b),  # unknown version
    lambda h, b: ({**h, "webhook-signature": "v1,"}, b),
    lambda h, b: ({k: v for k, v in h.items() if k != "webhook-id"}, b),
])
def test_tampering_is_refused(mutate):
    headers, body = mutate(signed(), BODY)
    with pytest.raises(marquee.WebhookVerificationError):
        marquee.Webhook(SECRET).verify(body, headers, now=NOW)


def test_the_timestamp_must_be_within_five_minutes_either_way():
    webhook = marquee.Webhook(SECRET)
    assert webhook.verify(BODY, signed(timestamp=NOW - 300), now=NOW)
    assert webhook.verify(BODY, signed(timestamp=NOW + 300), now=NOW)
    for stale in (NOW - 301, NOW + 301):
        with pytest.raises(marquee.WebhookVerificationError, match="tolerance"):
            webhook.verify(BODY, signed(timestamp=stale), now=NOW)


def test_a_secret_that_is_not_base64_is_refused_up_front():
    with pytest.raises(ValueError):
        marquee.Webhook("whsec_not base64!")
