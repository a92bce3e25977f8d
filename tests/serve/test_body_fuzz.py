"""Every write operation, over a real socket to the server as ``build.py serve`` runs it, against the
bodies odd clients and attackers send (issue 34, item 3): not JSON, not UTF-8, a byte-order mark,
UTF-16, 10 MB, nesting 100,000 deep, NaN, 1e400, 2**64, 50,000 keys, nothing at all, and the
numbers again as the value of each member the body declares (so they reach the body's model and
its handler, not only the JSON reader).

Each answer is HTTP the parser in front of the app accepts, never a 5xx (a paused door's documented
503 aside: it answers before reading), and JSON: a refusal in the one error shape
``{error: {code, message, parameter?, accepted?}}``, an answer in the envelope.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from uvicorn_thread import serving

from generator.play.protocol.seal import dev_key
from generator.serve.app import App
from generator.serve.server import GuardedProtocol
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.surface import Method, Surface

REGISTRY = surfaces(load_site())
WRITES = [(s, m) for s in REGISTRY if (m := s.method("POST")) is not None]
PLACEHOLDER_VALUES = {"content_hash": "0" * 64, "id": "x1"}

BIG_INT = b"18446744073709551616"  # 2**64: past every 64-bit integer
NUMBERS = {"nan": b"NaN", "1e400": b"1e400", "2^64": BIG_INT, "-2^64": b"-" + BIG_INT, "2^53+1": b"9007199254740993"}
WHOLE_BODIES = {
    "empty": b"",
    "not-json": b"this is not JSON",
    "not-utf8": b'{"a": "\xff\xfe\xc0"}',
    "bom": b'\xef\xbb\xbf{"a": "b"}',
    "utf-16": '{"a": "b"}'.encode("utf-16"),
    "10-mb": b'{"a": "' + b"x" * (10 * 1024 * 1024) + b'"}',
    "nested-300": b'{"a": ' + b"[" * 299 + b"]" * 299 + b"}",  # deeper than the response writer writes
    "nested-1024": b"[" * 1024 + b"]" * 1024,  # as deep as orjson reads
    "deep-arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep-objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "50k-keys": b"{" + b",".join(b'"k%d": %d' % (i, i) for i in range(50_000)) + b"}",
    **{name: b'{"a": ' + number + b"}" for name, number in NUMBERS.items()},
}


def _member_bodies(method: Method) -> dict[str, bytes]:
    """Each odd number as the value of each member the body model declares."""
    members = method.body.model_fields if method.body is not None else {}
    found = {}
    for field_name, field in members.items():
        name = field.alias or field_name
        for label, number in NUMBERS.items():
            found[f"{name}={label}"] = b'{"' + name.encode() + b'": ' + number + b"}"
    return found


CASES = [
    pytest.param(surface, method, label, body, id=f"{surface.path} {label}")
    for surface, method in WRITES
    for label, body in (WHOLE_BODIES | _member_bodies(method)).items()
]


@pytest.fixture(scope="module")
def port(small_dist: Path) -> Iterator[int]:
    with serving(App(small_dist, referee_key=dev_key()), GuardedProtocol) as free:
        yield free


def _post(port: int, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
    """POST ``body`` as raw bytes (sent from a thread: the server may answer before taking it all)
    and read one answer by its Content-Length: (status, headers, body)."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: fuzz\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:

        def send() -> None:
            with contextlib.suppress(OSError):  # the answer is what is checked, whoever ends first
                sock.sendall(head + body)

        sender = threading.Thread(target=send)
        sender.start()
        received = b""
        while b"\r\n\r\n" not in received:
            received += sock.recv(1 << 16)
        status_line, _, rest = received.partition(b"\r\n")
        raw_headers, _, payload = rest.partition(b"\r\n\r\n")
        lines = raw_headers.decode("latin-1").split("\r\n")
        headers = {name.lower(): value for name, _, value in (line.partition(": ") for line in lines)}
        while len(payload) < int(headers["content-length"]):
            payload += sock.recv(1 << 16)
        sender.join()
    return int(status_line.split()[1]), headers, payload


@pytest.mark.slow
@pytest.mark.parametrize("surface,method,label,body", CASES)
def test_no_body_gets_a_server_error_or_a_non_json_answer(
    port: int, surface: Surface, method: Method, label: str, body: bytes
) -> None:
    path = surface.concrete(PLACEHOLDER_VALUES) if "{" in surface.path else surface.path
    status, headers, payload = _post(port, path, body)
    assert headers.get("content-type", "").startswith("application/json"), (status, headers, payload[:200])
    document = orjson.loads(payload)
    documented = method.status or surface.answer_status
    if status >= 500:
        assert status == documented and not method.read_body, (status, payload[:300])  # a paused door
    if status >= 400 and status != documented:
        error = document["error"]
        assert {"code", "message"} <= set(error) <= {"code", "message", "parameter", "accepted"}, document
        assert len(payload) < 64 * 1024, (label, len(payload))  # a refusal names the problem, not every byte
    else:
        assert "data" in document, document
