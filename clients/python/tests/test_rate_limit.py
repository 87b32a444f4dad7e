"""The client at a live server's per-key rate limit (MARQUEE_RATE_LIMIT=3 a minute): the 429 the
server really sends, with its real Retry-After (the rest of the minute). The waits' cap and the
Idempotency-Key kept across retries against scripted answers are in test_retries.py."""

import pytest

import marquee

EVENT = {"title": "Night show", "venue": "Main hall", "doors_at": "2030-12-24T19:00:00Z"}


@pytest.fixture(scope="module")
def limited(rate_limited_server):
    """The server, its key's 3 requests of this minute used up."""
    client = marquee.Client(rate_limited_server["api_key"], base_url=rate_limited_server["url"])
    for _ in range(3):
        client.get("/v2/events")
    return rate_limited_server


def test_the_client_tells_the_keys_rate_limit_from_the_last_answer(limited):
    client = marquee.Client(limited["api_key"], base_url=limited["url"], max_retries=0)
    assert client.rate_limit is None
    with pytest.raises(marquee.RateLimitError) as refused:
        client.get("/v2/events")
    assert client.rate_limit == marquee.RateLimit(limit=3, remaining=0, reset_seconds=refused.value.retry_after)


def test_a_429_is_a_rate_limit_error_carrying_the_servers_retry_after(limited):
    client = marquee.Client(limited["api_key"], base_url=limited["url"], max_retries=0)
    with pytest.raises(marquee.RateLimitError) as refused:
        client.get("/v2/events")
    error = refused.value
    assert (error.status, error.code) == (429, "rate_limited")
    assert error.request_id.startswith("req-")
    assert 0 < error.retry_after <= 60


def test_a_post_waits_out_the_servers_retry_after_at_most_twice_then_raises(limited):
    waits = []
    client = marquee.Client(limited["api_key"], base_url=limited["url"], sleep=waits.append)
    with pytest.raises(marquee.RateLimitError) as refused:
        client.post("/v2/events", EVENT)
    assert len(waits) == 2  # max_retries
    # The window only shrinks: each wait was at least the Retry-After of the answer that ends the call.
    assert all(wait >= refused.value.retry_after for wait in waits)
