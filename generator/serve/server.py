"""The HTTP server the app runs under: uvicorn (httptools), with deadlines for reading a request.

uvicorn has a keep-alive timeout for idle connections but none for a request being received: a
client that sends half its headers, or a body shorter than its Content-Length, or a chunked body
that never ends, held a connection (and, for a body, an app task) open for as long as it liked. Here
a request's headers must arrive within ``HEADER_SECONDS`` of the connection opening or the previous
answer, and its body within ``BODY_SECONDS`` of the headers (nginx's ``client_header_timeout`` and
``client_body_timeout``, shorter). Past a deadline the client gets a 408 with the JSON error body
when no answer has started, and the connection is closed.
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


_TIMEOUT = plain_error(408, "request_timeout", "The request did not arrive in time; send it again, whole.")
# Through the one wire path like every other answer (generator.web.wire), made once.
REQUEST_TIMEOUT = _status_line_bytes(finalize(_TIMEOUT.status, _TIMEOUT.headers, _TIMEOUT.body, {}))


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol plus the two reading deadlines."""

    header_seconds, body_seconds = HEADER_SECONDS, BODY_SECONDS
    _deadline: asyncio.TimerHandle | None = None

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
