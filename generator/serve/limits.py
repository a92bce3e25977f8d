"""The HTTP server's limits and its refusals (``generator.serve.server`` enforces them; docs/operations.md
"Server limits" sets each beside nginx's default).

Each refusal is the spec's error body ``{error: {code, message}}`` with the CORS headers of any public
answer, made once at import through the one wire path (``generator.web.wire``) as the bytes written
to the socket, with ``connection: close``: no ASGI cycle is left to send it. ``stamped`` adds the
``X-Request-Id`` every answer carries (issue 32) when one is written.
"""

from __future__ import annotations

import re
from http import HTTPStatus

from generator.serve.request_id import request_id
from generator.web.respond import plain_error
from generator.web.wire import Outgoing, finalize

HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0
SEND_SECONDS = 30.0
KEEP_ALIVE_SECONDS = 5.0  # an idle connection (uvicorn's default); nginx keepalive_timeout is 75 s
TICK_SECONDS = 1.0  # how often a connection's deadlines are checked: each is kept within this
MAX_TARGET_BYTES = 8 * 1024  # nginx: a request line over large_client_header_buffers' 8k is a 414
MAX_HEADER_BYTES = 32 * 1024  # the header fields in all (nginx: 4 buffers of 8 KiB)
MAX_HEADER_FIELDS = 100  # Apache's LimitRequestFields; nginx bounds only the bytes
# A Host is a uri-host with an optional port (RFC 9112 3.2, RFC 3986 3.2.2): an IP literal in
# brackets or reg-name characters; empty is allowed (a target without an authority).
HOST = re.compile(rb"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(:[0-9]*)?\Z")


def _status_line_bytes(out: Outgoing) -> bytes:
    """An answer written straight to the socket (no ASGI cycle is left to send it), closing it."""
    status = f"HTTP/1.1 {out.status} {HTTPStatus(out.status).phrase}".encode()
    lines = [status, *(k + b": " + v for k, v in out.headers), b"connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n" + out.body


_CLOSE = b"\r\nconnection: close\r\n"


def stamped(refusal: bytes, headers: list[tuple[bytes, bytes]]) -> bytes:
    """A refusal with its own request id: the host's when the fields read so far carry a well-formed
    one (a proxy in front sent it), else a new one, as every other answer gets."""
    rid = request_id(dict(headers)).encode()
    return refusal.replace(_CLOSE, b"\r\nx-request-id: " + rid + _CLOSE, 1)


def _refusal(status: int, code: str, message: str) -> bytes:
    """An HTTP-layer refusal through the one wire path like every other answer (generator.web.wire),
    as bytes for the socket, made once."""
    answer = plain_error(status, code, message)
    return _status_line_bytes(finalize(answer.status, answer.headers, answer.body, {}))


REQUEST_TIMEOUT = _refusal(408, "request_timeout", "The request did not arrive in time; send it again, whole.")
HEADERS_TOO_LARGE = _refusal(
    431,
    "headers_too_large",
    f"The request's header fields are over {MAX_HEADER_BYTES} bytes in all, or over {MAX_HEADER_FIELDS} "
    "fields; nothing was read.",
)
TARGET_TOO_LONG = _refusal(
    414, "uri_too_long", f"The request target is over {MAX_TARGET_BYTES} bytes; nothing was read."
)
BAD_HOST = _refusal(
    400, "bad_host", "An HTTP/1.1 request carries exactly one Host header field with a valid host (RFC 9112 3.2)."
)
UNSUPPORTED_CODING = _refusal(
    501,
    "unsupported_transfer_coding",
    "The only transfer coding accepted is chunked, alone (send a compressed body with Content-Encoding).",
)
MALFORMED = _refusal(400, "malformed_request", "The request is not valid HTTP/1.1; nothing was read.")
