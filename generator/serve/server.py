"""The HTTP server the app runs under: uvicorn (httptools, uvloop) behind a thin guard of limits.

uvicorn bounds neither what a request may send nor how long it may take: a client that sent half
its headers, a body shorter than its Content-Length, a 64 MB header line or 10,000 header fields,
or that read its answer at 1 byte a second, held a connection (and memory) for as long as it liked,
and what the parser refused was answered in plain text. ``GuardedProtocol`` is uvicorn's httptools
protocol with the limits nginx has (docs/operations.md "Server limits" sets them side by side):

- time: a request's headers within ``HEADER_SECONDS`` of the connection opening or the previous
  answer, its body within ``BODY_SECONDS`` of the headers (nginx ``client_header_timeout``,
  ``client_body_timeout``), else 408; an answer the client stops taking (the server's buffer for it
  not drained within ``SEND_SECONDS``, nginx ``send_timeout``) resets the connection;
- size: the request target within ``MAX_TARGET_BYTES`` (414), the header fields within
  ``MAX_HEADER_BYTES`` in all and ``MAX_HEADER_FIELDS`` in number (431), the bytes read before the
  headers end bounded likewise, so one endless header line is refused, not buffered;
- framing (RFC 9112): exactly one valid ``Host`` in HTTP/1.1 (400 ``bad_host``), no transfer coding
  but ``chunked`` (501, as nginx), and the parser's own refusals (400 ``malformed_request``).

Every refusal (``generator.serve.limits``) is the spec's JSON error body with the CORS headers of any
public answer, made through the one wire path (``generator.web.wire``), and closes the connection.
"""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any, NoReturn

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle

from generator.serve.limits import (
    BAD_HOST,
    BODY_SECONDS,
    HEADER_SECONDS,
    HEADERS_TOO_LARGE,
    HOST,
    KEEP_ALIVE_SECONDS,
    MALFORMED,
    MAX_HEADER_BYTES,
    MAX_HEADER_FIELDS,
    MAX_TARGET_BYTES,
    REQUEST_TIMEOUT,
    SEND_SECONDS,
    TARGET_TOO_LONG,
    TICK_SECONDS,
    UNSUPPORTED_CODING,
    stamped,
)


class _Refused(Exception):
    """Raised from a parser callback to stop parsing; uvicorn then calls ``send_400_response``,
    which sends the refusal the callback set."""


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits above (see the module docstring)."""

    header_seconds, body_seconds, send_seconds = HEADER_SECONDS, BODY_SECONDS, SEND_SECONDS
    max_target_bytes, max_header_bytes, max_header_fields = MAX_TARGET_BYTES, MAX_HEADER_BYTES, MAX_HEADER_FIELDS

    tick_seconds, keep_alive_seconds = TICK_SECONDS, KEEP_ALIVE_SECONDS
    _ticker: asyncio.TimerHandle | None = None
    _read_due = _send_due = _answered_at = 0.0  # times on the loop's clock; 0: nothing due
    _idle = False  # between an answer and the next request's first byte
    _begun = False  # a request's first byte has arrived, its last not yet
    _refused: bytes | None = None
    _running: RequestResponseCycle | None = None  # the request being answered (pipelined ones wait)
    _chunked = False
    _in_head = True  # reading a request line and header fields (from the connection's start)
    _head_bytes = _header_bytes = _fields = _hosts = 0

    # ------------------------------------------------------------------ size and framing

    def data_received(self, data: bytes) -> None:
        """The bytes before the headers end are bounded before the parser buffers them: a header
        line that never ends is refused once the bound (plus at most one read) has arrived."""
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and self._head_bytes > self.max_target_bytes + self.max_header_bytes:
            self._refused = self._refused or HEADERS_TOO_LARGE
            self.send_400_response("")

    def _begin(self) -> None:
        self._refused, self._chunked = None, False
        self._header_bytes = self._fields = self._hosts = 0

    def on_header(self, name: bytes, value: bytes) -> None:
        """uvicorn's (the field kept, lower-cased; ``Expect: 100-continue`` noted), counted and checked;
        written out rather than calling it, since this runs for every field of every request."""
        self._header_bytes += len(name) + len(value) + 4  # ": " and CRLF
        self._fields += 1
        if self._header_bytes > self.max_header_bytes or self._fields > self.max_header_fields:
            self._refuse(HEADERS_TOO_LARGE)
        name = name.lower()
        if name == b"host":
            self._hosts += 1
            if self._hosts > 1 or not HOST.match(value.strip()):
                self._refuse(BAD_HOST)
        elif name == b"transfer-encoding":
            if value.strip().lower() != b"chunked":
                self._refuse(UNSUPPORTED_CODING)  # nginx: 501 for any coding but chunked
            self._chunked = True
        elif name == b"expect" and value.lower() == b"100-continue":
            self.expect_100_continue = True
        self.headers.append((name, value))

    def on_headers_complete(self) -> None:
        if len(self.url) > self.max_target_bytes:
            self._refuse(TARGET_TOO_LONG)
        if self._hosts != 1 or self._chunked:
            self._check_framing()
        self._in_head, self._read_due = False, self.loop.time() + self.body_seconds
        super().on_headers_complete()

    def _check_framing(self) -> None:
        """No Host in HTTP/1.1 (RFC 9112 3.2), or chunked in HTTP/1.0, which has no transfer codings
        (RFC 9112 6.1); two Hosts were refused as they arrived."""
        version = self.parser.get_http_version()
        if self._hosts == 0 and version == "1.1":
            self._refuse(BAD_HOST)
        if self._chunked and version != "1.1":
            self._refuse(MALFORMED)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request its parser refused (plain text) becomes ours: the refusal a
        callback raised, else the JSON 400; the connection is closed."""
        self._in_head, self._read_due = False, 0.0
        if not self.transport.is_closing():
            self.transport.write(stamped(self._refused or MALFORMED, self.headers or []))
            self.transport.close()

    def _refuse(self, answer: bytes) -> NoReturn:
        self._refused = answer
        raise _Refused

    # ------------------------------------------------------------------ time
    # Deadlines are times on the loop's clock, checked by one tick per connection (``tick_seconds``),
    # not a timer per request: arming and cancelling two or three timers a request (uvicorn's
    # keep-alive among them) cost about a fifth of the CPU of serving a file.

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._read_due, self._idle = self.loop.time() + self.header_seconds, False
        self._ticker = self.loop.call_later(self.tick_seconds, self._tick)

    def on_message_begin(self) -> None:
        """A request's first byte: its headers are due ``header_seconds`` after the connection
        opened, or after the previous answer, or (pipelined) now."""
        if self._idle:
            self._read_due = self._answered_at + self.header_seconds
        elif not self._read_due:
            self._read_due = self.loop.time() + self.header_seconds
        self._idle, self._begun = False, True
        self._begin()
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._read_due, self._begun = 0.0, False
        self._in_head, self._head_bytes = True, 0  # what follows is the next request's head
        super().on_message_complete()

    def on_response_complete(self) -> None:
        """uvicorn's (start the next pipelined request), without its keep-alive timer: an idle
        connection is closed by the tick after ``keep_alive_seconds``."""
        self.server_state.total_requests += 1
        if self.transport.is_closing():
            return
        self.flow.resume_reading()
        now = self.loop.time()
        if self.pipeline:
            cycle, app = self.pipeline.pop()
            self._start_asgi_task(cycle, app)
        elif not self._begun:  # nothing of a next request yet
            self._read_due, self._idle, self._answered_at = now + self.keep_alive_seconds, True, now
        if not self._send_due and self.transport.get_write_buffer_size():
            self._send_due = now + self.send_seconds  # an answer still waiting for the client to take it

    def pause_writing(self) -> None:
        """The server's buffer for this connection filled: the client must take it in time."""
        super().pause_writing()
        self._send_due = self.loop.time() + self.send_seconds

    def resume_writing(self) -> None:
        super().resume_writing()
        self._send_due = self.loop.time() + self.send_seconds if self.transport.get_write_buffer_size() else 0.0

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: Any) -> None:
        self._running = cycle
        super()._start_asgi_task(cycle, app)

    def connection_lost(self, exc: Exception | None) -> None:
        """uvicorn tells only the last request parsed that the client is gone; with pipelined requests
        the one being answered kept writing to the closed transport (a RuntimeError per answer)."""
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
        for cycle in (self._running, *(queued for queued, _ in self.pipeline)):
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()
        self.pipeline.clear()
        super().connection_lost(exc)

    def _tick(self) -> None:
        self._ticker = None
        if self.transport.is_closing():
            return
        now = self.loop.time()
        if self._send_due and now >= self._send_due:
            self._send_expired()
        elif self._read_due and now >= self._read_due:
            self._read_expired()
        if not self.transport.is_closing():
            self._ticker = self.loop.call_later(self.tick_seconds, self._tick)

    def _read_expired(self) -> None:
        """Idle past the keep-alive time: closed. A request unfinished past its deadline: a 408 when
        no answer has started, and closed."""
        self._read_due = 0.0
        cycle = self.cycle  # the last request whose headers were read: the late one's, or answered
        if not self._idle and (cycle is None or cycle.response_complete or not cycle.response_started):
            self.transport.write(stamped(REQUEST_TIMEOUT, self.headers or []))
        self.transport.close()

    def _send_expired(self) -> None:
        """The client took too little of its answer in time: the connection is reset. A close, even
        ``abort()``, would leave what the kernel holds (megabytes) to trickle out as slowly as the
        client likes; a zero linger time makes the close a reset that discards it."""
        self._send_due = 0.0
        if not self.transport.get_write_buffer_size():
            return
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.transport.abort()


def run(app: Any, host: str, port: int) -> None:
    """Serve ``app`` as ``build.py serve`` does: one process, no access log (nothing a caller sends is
    logged), no WebSocket upgrade (the app serves none: an ``Upgrade`` request is answered as HTTP)."""
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=GuardedProtocol,
        ws="none",
        access_log=False,
        log_level="warning",
        server_header=False,
    )
