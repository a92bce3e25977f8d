"""generator.serve.server: a request that never finishes arriving gets a 408 and a closed connection,
instead of holding it open (issue 13: slow headers, a short body, an unterminated chunked body); a
request over the size limits or with faulty framing gets the JSON error body with CORS, and a client
that stops taking its answer is cut off (issue 34)."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from uvicorn_thread import serving

from generator.serve.app import App
from generator.serve.limits import MAX_HEADER_BYTES, MAX_HEADER_FIELDS, MAX_TARGET_BYTES
from generator.serve.server import GuardedProtocol


class QuickDeadlines(GuardedProtocol):
    header_seconds, body_seconds, send_seconds, tick_seconds, keep_alive_seconds = 0.5, 0.5, 1.0, 0.1, 0.6


@pytest.fixture(scope="module")
def port(small_dist: Path) -> Iterator[int]:
    with serving(App(small_dist), QuickDeadlines) as free:
        yield free


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
    assert _request_id(received)  # issue 32: the guard's answers have one too


def test_a_whole_request_is_answered_and_the_connection_kept(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        for _ in range(2):  # two requests on one connection, a pause between them shorter than the deadline
            sock.sendall(b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n\r\n")
            head = sock.recv(65536)
            assert head.startswith(b"HTTP/1.1 200 "), head[:80]
            time.sleep(0.2)


def test_an_idle_connection_is_closed_quietly_and_a_late_request_gets_408(port: int) -> None:
    """After an answer, silence past the keep-alive time closes the connection with nothing sent;
    a request begun but unfinished is a 408 (the deadlines are kept by a tick, not a timer each)."""
    answer = b"GET /api/v1/universal/games HTTP/1.1\r\nHost: x\r\n\r\n"
    received, seconds = _send(port, answer)
    assert received.count(b"HTTP/1.1 ") == 1 and received.startswith(b"HTTP/1.1 200 ") and seconds < 3
    received, seconds = _send(port, answer, b"GET /api/v1/universal/games HTTP/1.1\r\n")
    assert received.count(b"HTTP/1.1 ") == 2 and b"HTTP/1.1 408 " in received and seconds < 3


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


GAMES = b"GET /api/v1/universal/games HTTP/1.1\r\n"
CHUNKED = b"POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (b"GET /api/v1/universal/games HTTP/1.1\r\n\r\n", 400, "bad_host"),
        (GAMES + b"Host: x\r\nHost: y\r\n\r\n", 400, "bad_host"),
        (GAMES + b"Host: a b/c\r\n\r\n", 400, "bad_host"),
        (CHUNKED.replace(b"chunked", b"gzip, chunked") + b"0\r\n\r\n", 501, "unsupported_transfer_coding"),
        (b"POST /api/v1/echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "malformed_request"),
        (CHUNKED + b"zz\r\nab\r\n0\r\n\r\n", 400, None),
        (b"POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400, None),
        (b"GARBAGE\r\n\r\n", 400, "malformed_request"),
        (b"GET /" + b"a" * MAX_TARGET_BYTES + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        (GAMES + b"Host: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(MAX_HEADER_FIELDS)) + b"\r\n", 431, None),
    ],
    ids=[
        "no-host",
        "two-hosts",
        "invalid-host",
        "gzip-chunked",
        "chunked-in-1.0",
        "bad-chunk-size",
        "two-lengths",
        "no-request-line",
        "long-target",
        "too-many-fields",
    ],
)
def test_an_http_layer_refusal_is_the_json_error_with_cors(
    port: int, request_bytes: bytes, status: int, code: str | None
) -> None:
    """Issue 34: what uvicorn accepted (no or two Hosts, ``gzip, chunked``, 10,000 fields) or refused in
    plain text is refused in the spec's error shape, with CORS so a page can read why."""
    received, _ = _send(port, request_bytes)
    assert received.startswith(b"HTTP/1.1 %d " % status), received[:80]
    head, _, body = received.partition(b"\r\n\r\n")
    assert b"access-control-allow-origin: *" in head and b"connection: close" in head
    error = orjson.loads(body)["error"]
    assert set(error) == {"code", "message"} and (code is None or error["code"] == code)
    again, _ = _send(port, request_bytes)  # issue 32: every answer has its own X-Request-Id
    assert _request_id(received) != _request_id(again)


def _request_id(answer: bytes) -> bytes:
    ids = re.findall(rb"\r\nx-request-id: ([A-Za-z0-9_.-]{8,64})\r\n", answer.partition(b"\r\n\r\n")[0])
    assert len(ids) == 1, answer[:400]
    return ids[0]


def test_a_refusal_keeps_the_request_id_a_proxy_sent(port: int) -> None:
    """A refusal after the id arrived (two Hosts) carries the proxy's id, so the two logs agree; a
    malformed one is replaced by the app's own."""
    sent = b"GET /api/v1/ HTTP/1.1\r\nX-Request-Id: from-the-proxy-0001\r\nHost: a\r\nHost: b\r\n\r\n"
    received, _ = _send(port, sent)
    assert received.startswith(b"HTTP/1.1 400 ") and _request_id(received) == b"from-the-proxy-0001"
    forged, _ = _send(port, sent.replace(b"from-the-proxy-0001", b"bad id!"))
    assert _request_id(forged).startswith(b"req_")


def test_an_endless_header_line_is_refused_before_it_ends(port: int) -> None:
    """Issue 34: a header line is not buffered until it ends (a 64 MB one was): past the bound the 431
    comes while the line is still arriving."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(GAMES + b"Host: x\r\nX-Big: " + b"a" * (MAX_TARGET_BYTES + MAX_HEADER_BYTES + 1024))
        received = sock.recv(65536)
    assert received.startswith(b"HTTP/1.1 431 "), received[:80]


def test_a_body_declared_over_the_limit_is_refused_before_it_is_read(port: int) -> None:
    """Issue 34: a body over its method's limit was read whole (and thrown away) before the 413; its
    Content-Length now suffices, so the 413 comes before the body does."""
    head = b"POST /api/v1/play/deck/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head)
        received = sock.recv(65536)
    assert received.startswith(b"HTTP/1.1 413 "), received[:80]
    assert orjson.loads(received.partition(b"\r\n\r\n")[2])["error"]["code"] == "body_too_large"


def test_a_client_that_stops_taking_its_answers_is_cut_off(port: int) -> None:
    """Issue 34: a client reading 1 byte at a time held its connection for as long as it liked; once
    the server's buffer for it is full, it must be drained within ``send_seconds`` (1 s here)."""
    big = b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n"
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window, as a slow client has
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(big * 40)  # pipelined: 40 answers of 650 KB, far more than the kernel's buffers hold
        start, cut = time.monotonic(), False
        while not cut and time.monotonic() - start < 20:  # about 12 KB/s: 3 of 26 MB in that time
            try:
                cut = not sock.recv(256)
            except ConnectionResetError:
                cut = True
            time.sleep(0.02)
    assert cut and time.monotonic() - start < 10, time.monotonic() - start


def test_a_client_that_takes_its_answers_is_not_cut_off(port: int) -> None:
    """The send deadline is about a stalled client, not a long answer: pipelined large answers read
    promptly all arrive, whole."""
    big = b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n"
    last = b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    received, _ = _send(port, big * 4 + last)
    answers = received.split(b"HTTP/1.1 200 OK\r\n")[1:]
    assert len(answers) == 5
    for answer in answers:
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(next(line for line in head.split(b"\r\n") if line.startswith(b"content-length:")).split()[1])
        assert len(body) == length > 100_000
