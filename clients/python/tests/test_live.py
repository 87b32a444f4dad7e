"""The client against a real server: sell, read, verify offline, receive a webhook, page, refuse."""

import json
import queue
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import marquee
from examples import verify as example


class Receiver:
    """A webhook receiver on 127.0.0.1 (the standard library's HTTP server) that keeps what arrives."""

    def __init__(self):
        self.deliveries = queue.Queue()
        deliveries = self.deliveries

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                deliveries.put((body, dict(self.headers.items())))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/hooks"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def next_of_type(self, kind, timeout=20):
        """The next delivery of a kind (bounded wait), as (raw body, headers)."""
        while True:
            body, headers = self.deliveries.get(timeout=timeout)
            if json.loads(body)["type"] == kind:
                return body, headers

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def new_event(client, quantity=10):
    event = client.post("/v2/events", {"title": "Night show", "venue": "Main hall",
                                       "doors_at": "2030-12-24T19:00:00+00:00"})
    tier = client.post(f"/v2/events/{event['id']}/tiers",
                       {"name": "General admission", "price_cents": 2500, "quantity": quantity})
    client.post(f"/v2/events/{event['id']}/publish")
    return event, tier


def checkout(client, event, tier, quantity, **kwargs):
    return client.post("/v2/orders", {
        "event_id": event["id"],
        "items": [{"tier_id": tier["id"], "quantity": quantity}],
        "buyer": {"name": "Ada Lovelace", "email": "ada@example.com"},
        "payment_method": "cash",
    }, **kwargs)


def test_sell_read_verify_receive_page_and_refuse(client, server, receiver):
    event, tier = new_event(client)
    endpoint = client.post("/v2/webhook_endpoints", {"url": receiver.url, "events": ["order.created"]})
    assert endpoint["secret"].startswith("whsec_")

    order = checkout(client, event, tier, 3)
    assert order["status"] == "paid" and len(order["tickets"]) == 3

    # The ticket, read back, carries a token that verifies offline against the JWKS.
    ticket = client.get(f"/v2/tickets/{order['tickets'][0]['id']}")
    verifier = client.ticket_verifier()
    verified = verifier.verify(ticket["qr_token"], event_id=event["id"])
    assert (verified.kind, verified.ticket_id, verified.event_id, verified.tier_id) == (
        "rotating", ticket["id"], event["id"], tier["id"])
    assert verified.expires_at == verified.issued_at + 300

    # The order.created delivery verifies with the endpoint's secret, and not with another.
    body, headers = receiver.next_of_type("order.created")
    message = marquee.Webhook(endpoint["secret"]).verify(body, headers)
    assert message["data"]["object"]["id"] == order["id"]
    other = client.post("/v2/webhook_endpoints", {"url": receiver.url, "events": ["payout.paid"]})
    with pytest.raises(marquee.WebhookVerificationError):
        marquee.Webhook(other["secret"]).verify(body, headers)

    # The documented snippets, on the same real token and delivery.
    assert example.verify_webhook(endpoint["secret"], body, headers)["id"] == message["id"]
    assert example.verify_ticket(server["url"], ticket["qr_token"]).ticket_id == ticket["id"]

    # Three attendees, one per page: the iterator follows next_cursor to the end.
    attendees = list(client.list("/v2/attendees", {"event_id": event["id"], "limit": 1}))
    assert [a["ticket_id"] for a in attendees] == [t["id"] for t in order["tickets"]]

    # A tier with sales cannot be deleted: 409 as a typed ConflictError.
    with pytest.raises(marquee.ConflictError) as refused:
        client.delete(f"/v2/tiers/{tier['id']}")
    assert (refused.value.status, refused.value.code, refused.value.type) == (409, "tier_has_sales", "conflict_error")
    assert refused.value.request_id


def test_sold_out_is_a_conflict(client):
    event, tier = new_event(client, quantity=1)
    checkout(client, event, tier, 1)
    with pytest.raises(marquee.ConflictError) as refused:
        checkout(client, event, tier, 1)
    assert refused.value.code == "sold_out"


def test_a_repeated_idempotency_key_replays_the_first_answer(client):
    event, tier = new_event(client)
    key = str(uuid.uuid4())
    first = checkout(client, event, tier, 1, idempotency_key=key)
    again = checkout(client, event, tier, 1, idempotency_key=key)
    fresh = checkout(client, event, tier, 1)  # a key of its own: a second sale
    assert again["id"] == first["id"] and fresh["id"] != first["id"]
    assert client.get(f"/v2/tiers/{tier['id']}")["sold"] == 2
    with pytest.raises(marquee.ConflictError) as reused:
        checkout(client, event, tier, 2, idempotency_key=key)
    assert reused.value.code == "idempotency_key_reused"


def test_boolean_query_parameters_are_sent_as_the_api_spells_them(client):
    event, tier = new_event(client)
    checkout(client, event, tier, 2)
    without = client.get("/v2/scan/door_pack", {"event_id": event["id"], "holders": False})
    named = client.get("/v2/scan/door_pack", {"event_id": event["id"], "holders": True})
    assert (len(without["holders"]), len(named["holders"])) == (0, 2)


def test_refusals_are_typed(client, server):
    with pytest.raises(marquee.NotFoundError) as missing:
        client.get("/v2/events/evt_00000000000000000000")
    assert (missing.value.code, missing.value.param) == ("resource_missing", "id")

    with pytest.raises(marquee.InvalidRequestError) as invalid:
        client.post("/v2/events", {"title": "No venue", "doors_at": "2030-12-24T19:00:00Z"})
    assert invalid.value.code == "missing_field" and invalid.value.param == "venue"

    with pytest.raises(marquee.AuthenticationError) as unauthenticated:
        marquee.Client("sk_live_notakeyofthisserver00", base_url=server["url"]).get("/v2/events")
    assert unauthenticated.value.code == "invalid_api_key"

    scanner = client.post("/v2/api_keys", {"name": "door", "scope": "scanner"})
    with pytest.raises(marquee.PermissionError) as forbidden:
        marquee.Client(scanner["secret"], base_url=server["url"]).get("/v2/orders")
    assert forbidden.value.code == "insufficient_scope"


def test_a_forged_token_is_refused(client):
    event, tier = new_event(client)
    ticket = checkout(client, event, tier, 1)["tickets"][0]
    head, payload, signature = ticket["qr_token"].split(".")
    forged = f"{head}.{payload}.{'A' * len(signature)}"
    with pytest.raises(marquee.TicketTokenError) as refused:
        client.ticket_verifier().verify(forged)
    assert refused.value.reason == "invalid_signature"
    with pytest.raises(marquee.TicketTokenError) as elsewhere:
        client.ticket_verifier().verify(ticket["qr_token"], event_id="evt_someotherevent0000")
    assert elsewhere.value.reason == "wrong_event"


def test_a_kept_verifier_follows_a_key_rotation_at_most_every_30_s(client, server):
    event, tier = new_event(client)
    stranger = jwt.encode({"sub": "tik_x", "evt": event["id"], "tier": tier["id"], "iat": int(time.time()),
                           "exp": int(time.time()) + 300}, Ed25519PrivateKey.generate(), algorithm="EdDSA",
                          headers={"typ": "ticket+jwt", "kid": "not-the-venues"})
    for verifier in (client.ticket_verifier(), marquee.TicketVerifier.fetch(server["url"])):
        start = time.time()
        # An unknown kid fetches the JWKS again, which does not hold it either: refused.
        with pytest.raises(marquee.TicketTokenError) as refused:
            verifier.verify(stranger, now=start)
        assert refused.value.reason == "invalid_signature"

        rotated = client.post("/v2/scan/keys/rotate")
        qr_token = checkout(client, event, tier, 1)["tickets"][0]["qr_token"]
        with pytest.raises(marquee.TicketTokenError):  # within 30 s of the last fetch: not again
            verifier.verify(qr_token, now=start + 1)
        assert verifier.verify(qr_token, now=start + 31).key_id == rotated["active_kid"]

    # One made from a saved JWKS never goes to the network.
    saved = marquee.TicketVerifier(client.jwks())
    client.post("/v2/scan/keys/rotate")
    with pytest.raises(marquee.TicketTokenError) as refused:
        saved.verify(checkout(client, event, tier, 1)["tickets"][0]["qr_token"])
    assert refused.value.reason == "invalid_signature"
