"""generator.serve.server: a request that never finishes arriving gets a 408 and a closed connection,
instead of holding it open (issue 13: slow headers, a short body, an unterminated chunked body)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
import uvicorn

from generator.serve.app import App
from generator.serve.server import MAX_HEADER_BYTES, DeadlineProtocol


class QuickDeadlines(DeadlineProtocol):
    header_seconds, body_seconds = 0.5, 0.5


@pytest.fixture(scope="module")
def port(small_dist: Path) -> Iterator[int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    config = uvicorn.Config(App(small_dist), host="127.0.0.1", port=free, http=QuickDeadlines, log_level="error")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield free
    server.should_exit = True
    thread.join(timeout=5)


def _send(port: int, *parts: bytes) -> tuple[bytes, float]:
    """Send ``parts``, then read until the server closes; (what came back, seconds it took)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        start = time.monotonic()
        for part in parts:
            sock.sendall(part)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
        return received, time.monotonic() - start


@pytest.mark.parametrize(
    "parts",
    [
        (b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n",),  # headers that never end
        (b"POST /api/v1/play/deck/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{",),  # short body
        (b"POST /api/v1/play/deck/validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n",),
        (b"",),  # a connection that never says anything
    ],
    ids=["slow-headers", "short-body", "unterminated-chunked", "silent"],
)
def test_an_unfinished_request_gets_408_and_the_connection_closes(port: int, parts: tuple[bytes, ...]) -> None:
    received, seconds = _send(port, *parts)
    assert seconds < 3, seconds  # the deadline, not the client, ended it
    assert received.startswith(b"HTTP/1.1 408 "), received[:80]
    assert b'"code":"request_timeout"' in received


def test_a_whole_request_is_answered_and_the_connection_kept(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        for _ in range(2):  # two requests on one connection, a pause between them shorter than the deadline
            sock.sendall(b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n\r\n")
            head = sock.recv(65536)
            assert head.startswith(b"HTTP/1.1 200 "), head[:80]
            time.sleep(0.2)


def test_header_fields_over_the_bound_get_a_json_431_and_the_connection_closes(port: int) -> None:
    """Issue 38 (431 through the one wire path): the header fields are bounded, in one field or many."""
    for fields in (
        b"X-Big: " + b"a" * MAX_HEADER_BYTES + b"\r\n",
        b"".join(b"X-%d: %s\r\n" % (i, b"b" * 100) for i in range(400)),
    ):
        received, seconds = _send(port, b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
        assert received.startswith(b"HTTP/1.1 431 "), received[:80]
        head, _, body = received.partition(b"\r\n\r\n")
        assert b"content-type: application/json" in head and b"connection: close" in head
        assert orjson.loads(body)["error"]["code"] == "headers_too_large"


def test_header_fields_under_the_bound_are_answered(port: int) -> None:
    fields = b"X-Big: " + b"a" * (MAX_HEADER_BYTES - 200) + b"\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_a_request_the_parser_refuses_gets_the_json_error_body(port: int) -> None:
    received, _ = _send(port, b"GET /api/v1/universal/games HTTP/9.9\r\nHost: x\r\n\r\n", b"\x00\x01 nonsense\r\n\r\n")
    assert received.startswith(b"HTTP/1.1 400 "), received[:80]
    head, _, body = received.partition(b"\r\n\r\n")
    assert b"content-type: application/json" in head
    assert orjson.loads(body)["error"]["code"] == "malformed_request"
