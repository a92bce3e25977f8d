"""The ASGI app: serves ``dist/`` by its routes manifest, exactly as a CDN would, and computes the rest.

Order of answers for a request (``/api/mcp`` first goes to the MCP gate, ``generator.serve.gate``):
1. a static route read with GET/HEAD and no variant-selecting query key: the file, its status and
   manifest headers, 304 on a matching If-None-Match, the ``.br``/``.gz`` twin by Accept-Encoding;
2. the registered surface whose pattern matches: its handler for the method (GET computes with the
   same surface functions, from ``dist/_data``; POST/DELETE/ANY read the body only when the method
   says so, up to its limit), or 405 with the ``Allow`` the surface's handlers derive;
3. any other path: the 404 (under ``/api/v1/``, the JSON envelope with did-you-mean suggestions).
The app needs nothing at run time but ``dist/``, the referee key from the environment, the
platform export (``CARDPANTRY_PLATFORM``, default the synthetic sample): the role-scoped answers of
family D read it per request, and it is never copied into ``dist/``) and, to keep the reports POSTed
to ``/api/v1/feedback``, a state folder (without one, that POST answers 503 and keeps nothing).
"""

from __future__ import annotations

import datetime as dt
import os
import posixpath
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from generator.catalog.snapshot_files import FileSnapshot
from generator.content import load_content
from generator.participation.feedback import FeedbackChannel
from generator.platform.export import Platform, load_platform, platform_dir
from generator.play.protocol.seal import KeyConfigError, referee_key
from generator.serve.gate import Gate
from generator.serve.offload import answer_offloaded, pool_for
from generator.serve.request_id import request_id as request_id_of
from generator.serve.served import Served
from generator.site import for_base_url, load_site
from generator.surfaces.discovery.claims import settled
from generator.surfaces.families import joy_index, surfaces
from generator.surfaces.operations.mcp_gate import GATE
from generator.web.conditional import pick_encoding, unchanged
from generator.web.not_found import not_found
from generator.web.respond import Rendered, options, respond
from generator.web.router import match
from generator.web.surface import Context, Method, Request
from generator.web.wire import finalize

# ASGI's three arguments (the spec's shapes; no framework types on the hot path)
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
READ_METHODS = ("GET", "HEAD")
CONDITIONAL_HEADERS = (b"if-none-match", b"if-modified-since")


class App:
    def __init__(
        self,
        dist: Path,
        referee_key: bytes | None = None,
        offload: bool = False,
        platform: Path | None = None,
        state: Path | None = None,
        clock: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
    ):
        """``offload``: answer CPU-heavy methods (AI moves) in worker processes (``generator.serve.pool``);
        off, they run inline (tests, and the workers themselves). ``platform``: the platform export
        the role-scoped answers read (default ``platform_dir()``), checked against this build's SKUs.
        ``state``: the folder the feedback reports are stored in (None: none are kept). ``clock``: when
        a request is received (another moment only in tests, which replay live answers at every hour)."""
        self.dist, self.dist_name, self.clock = dist, os.fspath(dist), clock
        self.site = load_site()
        self.feedback = FeedbackChannel.in_folder(state, self.site.feedback) if state is not None else None
        self.registry = surfaces(self.site)
        self.surfaces = {s.id: s for s in self.registry}
        # Surfaces whose GET depends on the moment: the app computes them even where the build left
        # a file (that file is the answer of a host without the app, and says it is the build's).
        self.live = frozenset(s.id for s in self.registry if s.clock)
        content, joy = load_content(), joy_index(self.registry)
        self.platform: Platform | None = None  # loaded below, once the build's SKUs can be read

        def context_of(snapshot: FileSnapshot, as_of: dt.datetime) -> Context:
            return settled(
                Context(
                    self.site,
                    snapshot,
                    as_of,
                    content,
                    joy_index=joy,
                    referee_key=referee_key,
                    as_of=as_of,
                    surfaces=self.registry,
                    platform=self.platform,
                    feedback=self.feedback,
                )
            )

        self.served = Served(dist, context_of)
        if self.served.base_url not in (None, self.site.base_url):  # answer with the URLs the files carry
            self.site = for_base_url(self.site, self.served.base_url)
        snapshot = self.served.context.snapshot
        self.platform = load_platform(platform or platform_dir(), lambda sku: snapshot.printing(sku) is not None)
        self.served.context = replace(self.served.context, site=self.site, platform=self.platform)
        # the practice referee and the deck validator: without a referee key the workers still validate
        self.pool = pool_for(str(dist), referee_key, self.registry) if offload else None
        self.gate = Gate(self)  # /api/mcp, the MCP gate (issue 36): answered before any surface is matched

    def close(self) -> None:
        """At shutdown: the worker pool's processes, and the report store's file."""
        if self.pool is not None:
            self.pool.close()
        if self.feedback is not None:
            self.feedback.store.close()

    @property
    def context(self) -> Context:
        return self.served.context

    def current(self) -> Served:
        """The build now in ``dist/``: one ``stat`` per request notices a rebuild swapped in."""
        try:
            inode = os.stat(self.dist_name).st_ino
        except FileNotFoundError:  # between the two renames of a swap: keep serving what we have
            return self.served
        if inode != self.served.inode:
            old, self.served = self.served, Served(self.dist, self.served.context_of)
            old.close()
        return self.served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] == GATE:  # the MCP gate (issue 36), before any route
            await self.gate(scope, receive, send)
            return
        if scope["type"] == "lifespan":  # the gate's transport lives as long as the server does
            async with self.gate.running():
                await self._answer(scope, receive, send)
            return
        await self._answer(scope, receive, send)

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                if self.pool is not None:
                    await self.pool.start()  # ready (listening) only once its workers are warm (issue 33)
                await send({"type": "lifespan.startup.complete"})
            self.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        method, path = scope["method"], _normalise(scope["path"])
        raw_query = scope["query_string"]
        query = dict(parse_qsl(raw_query.decode("latin-1"), keep_blank_values=True)) if raw_query else {}
        raw_headers = dict(scope["headers"])  # names arrive lower-cased (ASGI says servers must)
        served = self.current()
        route = served.routes.get(path)
        variant = (
            bool(query) and route is not None and any(k in query for k in self.surfaces[route["surface"]].query_names)
        )
        request_id = request_id_of(raw_headers)
        live = route is not None and route["surface"] in self.live
        if route and method in READ_METHODS and not variant and not live:
            await self._send_static(send, served, path, route, raw_headers, request_id, head=method == "HEAD")
            return
        headers = _request_headers(scope["headers"])
        found = match(self.registry, path)
        # A GET that depends on the build alone is computed as of the build (its data, its
        # Last-Modified, a weak ETag that revalidates); its request id and retrieval time are the request's.
        stable = method in READ_METHODS and found is not None and not found[0].clock
        if found is None:
            answer = not_found(self.context_for(None), path, request_id)
            await self._send(send, answer, headers, None, method == "HEAD", request_id)
            return
        surface, params = found
        if method == "OPTIONS":  # the app's own, even where a surface answers any method (the echo)
            await self._send(send, options(surface, headers), headers, None, True, request_id)
            return
        handler = surface.method(method)
        body = await _read_body(receive, handler, headers.get("content-length"))
        if handler is not None and handler.offload is not None and self.pool is not None:
            ctx = self.context_for(Request(method, headers, body, _client(scope)))
            rendered = await answer_offloaded(self.pool, surface, handler, ctx, params, query, path, request_id, method)
            await self._send(send, rendered, headers, None, False, request_id)
            return
        rendered = respond(
            surface,
            self.context_for(Request(method, headers, body, _client(scope)), at_build_time=stable),
            params,
            query,
            path,
            request_id=request_id,
            method=method,
        )
        await self._send(send, rendered, headers, served.as_of if stable else None, method == "HEAD", request_id)

    @staticmethod
    async def _send(
        send: Send, rendered: Rendered, headers: dict[str, str], as_of: dt.datetime | None, head: bool, request_id: str
    ) -> None:
        """A computed answer through the one wire path (``generator.web.wire.finalize``), as a file
        would be sent: coded by Accept-Encoding under the same policy as the files' twins, and (when
        it is an answer as of the build) with the build's Last-Modified and 304 on a current copy."""
        sent = {**rendered.headers, "X-Request-Id": request_id}
        out = finalize(rendered.status, sent, rendered.body, headers, last_modified=as_of, head=head)
        await send({"type": "http.response.start", "status": out.status, "headers": out.headers})
        await send({"type": "http.response.body", "body": out.body})

    def context_for(self, request: Request | None, at_build_time: bool = False) -> Context:
        """The context of one request: received now; its data as of the build when ``at_build_time``."""
        received = self.clock()
        now = self.served.context.now if at_build_time else received
        return replace(self.served.context, now=now, request=request, received_at=received)

    async def _send_static(
        self,
        send: Send,
        served: Served,
        path: str,
        route: dict[str, Any],
        raw_headers: dict[bytes, bytes],
        request_id: str,
        head: bool,
    ) -> None:
        """The hot path: only the three request headers a file's answer depends on are decoded."""
        identified = (b"x-request-id", request_id.encode())
        accept = raw_headers.get(b"accept-encoding", b"").decode("latin-1")
        answer = served.static_answer(path, route, pick_encoding(accept, tuple(route["twins"])))
        conditional = {k.decode(): raw_headers[k].decode("latin-1") for k in CONDITIONAL_HEADERS if k in raw_headers}
        if route["status"] == 200 and conditional and unchanged(conditional, route["etag"], served.as_of):
            await send({"type": "http.response.start", "status": 304, "headers": [*answer.not_modified, identified]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": route["status"], "headers": [*answer.headers, identified]})
        await send({"type": "http.response.body", "body": b"" if head else answer.body})


def _normalise(path: str) -> str:
    """Resolve ``.`` and ``..`` segments as a CDN does before looking a file up."""
    if "/." not in path:
        return path
    resolved = posixpath.normpath(path)
    return resolved + "/" if path.endswith("/") and resolved != "/" else resolved


def _request_headers(pairs: list[tuple[bytes, bytes]]) -> dict[str, str]:
    """A field sent more than once arrives as one, its values joined by ", " (RFC 9110 5.3), so a
    handler sees the repeat: a second Authorization is malformed, never the one that wins."""
    headers: dict[str, str] = {}
    for raw_name, raw_value in pairs:
        name, value = raw_name.decode("latin-1"), raw_value.decode("latin-1")
        headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return headers


def _client(scope: Scope) -> str | None:
    client = scope.get("client")
    return str(client[0]) if client else None


async def _read_body(receive: Receive, handler: Method | None, declared: str | None) -> bytes | None:
    """The body, when the method reads one, up to its limit; ``None`` when it reads none or the body
    is larger (the handler answers 413/400), without reading a byte when its Content-Length says so
    (the server drops what follows)."""
    if handler is None or not handler.read_body:
        return None
    limit = handler.max_body
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return None
    chunks, size = [], 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size <= limit:
            chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks) if size <= limit else None


def create_app(
    dist: Path | str = "dist", dev_referee_key: bool = False, platform: Path | None = None, state: Path | None = None
) -> App:
    """The app over ``dist``. The referee key comes from CARDPANTRY_REFEREE_KEY; the public development
    key only when asked for explicitly; with neither, the practice referee answers 503. Reports POSTed
    to the feedback channel are stored in ``state`` (None: refused, nothing kept)."""
    try:
        key = referee_key(os.environ, dev=dev_referee_key)
    except KeyConfigError:
        key = None
    return App(Path(dist), key, offload=True, platform=platform, state=state)
