"""Retries and typed errors against a scripted HTTP server on 127.0.0.1 (the failures a live
server cannot be made to produce on demand: 503s, 429s with Retry-After, dropped connections)."""

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import marquee


class Scripted:
    """Answers each request with the next scripted (status, body, headers); records what came in."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.requests = []
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("content-length") or 0)
                scripted.requests.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()},
                                          self.rfile.read(length)))
                status, body, headers = scripted.answers.pop(0)
                data = json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"content-type": "application/json", "x-request-id": "req-7", **headers}.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_DELETE = _answer

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def refusal(status, type_, code, param=None):
    return status, {"error": {"type": type_, "code": code, "message": f"{code}!", "param": param}}, {}


@pytest.fixture
def scripted():
    servers = []

    def start(*answers):
        servers.append(Scripted(answers))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def client_for(server, sleeps, **kwargs):
    return marquee.Client("sk_live_test", base_url=server.url, sleep=sleeps.append, **kwargs)


def test_a_post_is_retried_with_the_same_idempotency_key(scripted):
    server = scripted(refusal(503, "api_error", "unavailable"), refusal(409, "conflict_error", "idempotency_key_in_use"),
                      (200, {"id": "ord_1"}, {}))
    sleeps = []
    assert client_for(server, sleeps).post("/v2/orders", {"a": 1}) == {"id": "ord_1"}
    keys = {r[2]["idempotency-key"] for r in server.requests}
    assert len(server.requests) == 3 and len(keys) == 1 and all(keys)
    assert [r[3] for r in server.requests] == [b'{"a": 1}'] * 3
    assert len(sleeps) == 2 and 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0


def test_each_post_call_gets_a_key_of_its_own(scripted):
    server = scripted((200, {}, {}), (200, {}, {}))
    client = client_for(server, [])
    client.post("/v2/x", {})
    client.post("/v2/x", {})
    assert server.requests[0][2]["idempotency-key"] != server.requests[1][2]["idempotency-key"]


def test_429_waits_for_retry_after_then_gives_up_typed(scripted):
    limited = (429, {"error": {"type": "rate_limit_error", "code": "rate_limited", "message": "slow"}},
               {"retry-after": "3"})
    server = scripted(limited, limited, limited)
    sleeps = []
    with pytest.raises(marquee.RateLimitError) as refused:
        client_for(server, sleeps).patch("/v2/events/evt_1", {"title": "x"})  # 429: even a PATCH
    assert sleeps == [3.0, 3.0] and len(server.requests) == 3
    assert (refused.value.retry_after, refused.value.request_id) == (3.0, "req-7")


def test_a_long_retry_after_is_left_to_the_caller(scripted):
    server = scripted((429, {"error": {"type": "rate_limit_error", "code": "rate_limited", "message": "slow"}},
                       {"retry-after": "600"}))
    sleeps = []
    with pytest.raises(marquee.RateLimitError):
        client_for(server, sleeps).get("/v2/events")
    assert sleeps == [] and len(server.requests) == 1


def test_unsafe_and_final_answers_are_not_retried(scripted):
    server = scripted(refusal(503, "api_error", "unavailable"), refusal(400, "invalid_request_error", "invalid_field", "x"),
                      refusal(409, "conflict_error", "sold_out"))
    client = client_for(server, [])
    with pytest.raises(marquee.ApiError):
        client.delete("/v2/tiers/tkt_1")  # a DELETE that may have run is not sent again
    with pytest.raises(marquee.InvalidRequestError) as invalid:
        client.post("/v2/events", {})
    assert invalid.value.param == "x"
    with pytest.raises(marquee.ConflictError) as conflict:
        client.post("/v2/orders", {})
    assert conflict.value.code == "sold_out" and len(server.requests) == 3


def test_network_errors_are_retried_for_get_then_raised_typed():
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sleeps = []
    client = marquee.Client("sk_live_test", base_url=f"http://127.0.0.1:{port}", sleep=sleeps.append, max_retries=3)
    with pytest.raises(marquee.NetworkError):
        client.get("/v2/events")
    assert len(sleeps) == 3


def test_an_answer_without_an_envelope_is_typed_by_its_status(scripted):
    server = scripted((404, {"unexpected": True}, {}))
    with pytest.raises(marquee.NotFoundError) as missing:
        client_for(server, []).get("/v2/nowhere")
    assert missing.value.status == 404 and missing.value.code is None
