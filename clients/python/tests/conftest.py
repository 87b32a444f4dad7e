"""A live Marquee server for the suite: clients/test-server.mjs, started once per session."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CLIENT_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CLIENT_ROOT))

import marquee  # noqa: E402

LAUNCHER = CLIENT_ROOT.parent / "test-server.mjs"


def _live_server(*args):
    """{"url", "api_key"} of a fresh server on 127.0.0.1; stopped (and its data dir removed) at the end."""
    node = os.environ.get("MARQUEE_NODE", "node")
    process = subprocess.Popen([node, str(LAUNCHER), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    line = process.stdout.readline()  # the launcher prints one line once listening, or exits
    if not line:
        process.wait(timeout=30)
        pytest.fail(f"the test server did not start (exit {process.returncode})")
    yield json.loads(line)
    process.stdin.close()  # the launcher stops the server when its stdin closes
    process.wait(timeout=30)


@pytest.fixture(scope="session")
def server():
    yield from _live_server()


@pytest.fixture(scope="module")
def rate_limited_server():
    """A server of its own that allows each key 3 requests a minute (MARQUEE_RATE_LIMIT=3)."""
    yield from _live_server("--rate-limit=3")


@pytest.fixture
def client(server):
    return marquee.Client(server["api_key"], base_url=server["url"])
