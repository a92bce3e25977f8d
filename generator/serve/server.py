"""The HTTP server the app runs under: uvicorn (httptools), with deadlines for reading a request.

uvicorn has a keep-alive timeout for idle connections but none for a request being received: a
client that sends half its headers, or a body shorter than its Content-Length, or a chunked body
that never ends, held a connection (and, for a body, an app task) open for as long as it liked. Here
a request's headers must arrive within ``HEADER_SECONDS`` of the connection opening or the previous
answer, and its body within ``BODY_SECONDS`` of the headers (nginx's ``client_header_timeout`` and
``client_body_timeout``, shorter). Past a deadline the client gets a 408 with the JSON error body
when no answer has started, and the connection is closed. Header fields over ``MAX_HEADER_BYTES``
in all get a 431, and a request the parser refuses a 400 (uvicorn's was plain text), both with the
JSON error body, made through the one wire path (``generator.web.wire``).
"""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from generator.web.respond import plain_error
from generator.web.wire import Outgoing, finalize

HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0


def _status_line_bytes(out: Outgoing) -> bytes:
    """An answer written straight to the socket (no ASGI cycle is left to send it), closing it."""
    status = f"HTTP/1.1 {out.status} {HTTPStatus(out.status).phrase}".encode()
    lines = [status, *(k + b": " + v for k, v in out.headers), b"connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n" + out.body


def _refusal(status: int, code: str, message: str) -> bytes:
    """An HTTP-layer refusal through the one wire path like every other answer (generator.web.wire),
    as bytes for the socket, made once."""
    answer = plain_error(status, code, message)
    return _status_line_bytes(finalize(answer.status, answer.headers, answer.body, {}))


MAX_HEADER_BYTES = 32 * 1024  # the request's header fields in all (nginx: 4 buffers of 8 KiB)
REQUEST_TIMEOUT = _refusal(408, "request_timeout", "The request did not arrive in time; send it again, whole.")
HEADERS_TOO_LARGE = _refusal(
    431, "headers_too_large", f"The request's header fields are over {MAX_HEADER_BYTES} bytes in all; nothing was read."
)
MALFORMED = _refusal(400, "malformed_request", "The request is not valid HTTP/1.1; nothing was read.")


class _HeadersTooLarge(Exception):
    """Raised from the parser's header callback to stop parsing (uvicorn then answers, below)."""


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol plus the two reading deadlines, a bound on the header fields
    (431), and the JSON error body for what the parser refuses (400)."""

    header_seconds, body_seconds = HEADER_SECONDS, BODY_SECONDS
    _deadline: asyncio.TimerHandle | None = None

    max_header_bytes = MAX_HEADER_BYTES
    _header_bytes = 0
    _refused: bytes | None = None

    def on_message_begin(self) -> None:
        self._header_bytes, self._refused = 0, None
        super().on_message_begin()

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_bytes += len(name) + len(value) + 4  # ": " and CRLF
        if self._header_bytes > self.max_header_bytes:
            self._refused = HEADERS_TOO_LARGE
            raise _HeadersTooLarge
        super().on_header(name, value)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request its parser refused (plain text) becomes ours: the JSON error
        body, or the 431 when the header fields were too large; the connection is closed."""
        self._disarm()
        self.transport.write(self._refused or MALFORMED)
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.header_seconds)

    def on_headers_complete(self) -> None:
        self._arm(self.body_seconds)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm(self.header_seconds)  # the next request on this connection, if any

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(REQUEST_TIMEOUT)
        self.transport.close()


def run(app: Any, host: str, port: int) -> None:
    """Serve ``app`` as ``build.py serve`` does: one process, no access log (nothing a caller sends is logged)."""
    uvicorn.run(
        app, host=host, port=port, http=DeadlineProtocol, access_log=False, log_level="warning", server_header=False
    )
