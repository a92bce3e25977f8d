"""The MCP gate at ``/api/mcp`` (spec "Authentication" 3; issue 36), which the app hands every
request for that path before it matches any surface.

- A bearer key first: ``Authorization: Bearer <key>``, looked up among the platform export's role
  keys (sha256, compared in constant time with every key: ``Platform.key_holder``, as the role views
  do). None is a 401 ``missing_key``, an unknown key a 401 ``invalid_key``, a key whose role does not
  open the gate (``RoleKey.admits``: agent keys do) a 403 ``key_not_admitted``; each with
  ``WWW-Authenticate: Bearer`` and the one error body. A key is never logged, echoed or passed on.
- POST: the official MCP SDK's Streamable HTTP transport (package ``mcp``), stateless and answering
  JSON (no session: every tool is a read, or carries its own sealed state like practice). One
  transport manager lives through the app's lifespan (``running``); an app called without one (a
  test's in-process client) gets one per request, so the gate works either way.
- GET and DELETE: 405 ``Allow: POST`` (the transport allows it: a stateless gate keeps no stream to
  open and no session to end); OPTIONS: 204 with ``Allow``, as every surface answers.

Every answer carries ``X-Request-Id`` (the host's, when a proxy in front sent a well-formed one)
and ``Cache-Control: no-store``. The tools and resources are ``gate_server``'s.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from functools import cached_property
from typing import Any

from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

from generator.serve.gate_calls import GateHost, Receive, Scope, Send
from generator.serve.gate_server import gate_server
from generator.serve.request_id import request_id as request_id_of
from generator.surfaces.operations.mcp_gate import GATE
from generator.web.respond import JSON, Answer, Rendered, method_not_allowed, options, render
from generator.web.surface import Context, Result, Surface, error
from generator.web.validate import invalid
from generator.web.wire import finalize

MAX_BODY = 1 << 20  # a JSON-RPC message: the largest tool body (a deck, a practice state) is under it


class Gate:
    def __init__(self, host: GateHost):
        self.host = host
        self.manager: StreamableHTTPSessionManager | None = None  # set while ``running``

    @cached_property
    def server(self) -> Server[Any]:
        """Built on the first request, not with the app: its tool schemas take most of a second, and
        the app's worker processes never serve the gate."""
        return gate_server(self.host)

    @cached_property
    def surface(self) -> Surface:
        return next(s for s in self.host.context.surfaces if s.path == GATE)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = dict(scope["headers"])
        request_id = request_id_of(raw)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in raw.items() if k != b"authorization"}
        ctx, method = self.host.context, scope["method"]
        if method == "OPTIONS":
            await _send(send, options(self.surface, headers), headers, request_id)
            return
        if method != "POST":  # before the key, as every path answers a method it does not take
            await _send(send, method_not_allowed(self.surface, ctx, GATE, method, request_id), headers, request_id)
            return
        refused = self.refusal(ctx, raw.get(b"authorization", b"").decode("latin-1"))
        if refused is not None:
            answer = Answer(GATE, GATE, False, JSON, "uncached", request_id=request_id, public=False)
            await _send(send, render(ctx, answer, refused), headers, request_id)
            return
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:  # the transport's own 413 is plain text
            answer = Answer(GATE, GATE, False, JSON, "uncached", request_id=request_id, public=False)
            await _send(send, render(ctx, answer, _too_large()), headers, request_id)
            return
        scope = {
            **scope,
            "headers": [
                *(h for h in scope["headers"] if h[0] != b"x-request-id"),
                (b"x-request-id", request_id.encode()),
            ],
        }
        if self.manager is not None:
            await self.manager.handle_request(scope, receive, _stamped(send, request_id))
            return
        manager = self._manager()  # no lifespan ran (an app called directly): a transport for this request
        async with manager.run():
            await manager.handle_request(scope, receive, _stamped(send, request_id))

    def _manager(self) -> StreamableHTTPSessionManager:
        return StreamableHTTPSessionManager(
            self.server, json_response=True, stateless=True, max_request_body_size=MAX_BODY
        )

    @asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The transport for as long as the server runs (the app's lifespan enters it): starting one
        per request costs a task group and the server's lifespan each time (bench/mcp.py)."""
        manager = self._manager()
        async with manager.run():
            self.manager = manager
            try:
                yield
            finally:
                self.manager = None

    def refusal(self, ctx: Context, authorization: str) -> Result | None:
        """The 401 or 403 of a request without a key that opens the gate; None when it has one."""
        realm = f'Bearer realm="{ctx.site.service}"'
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            message = "the MCP gate needs Authorization: Bearer <agent key> (docs/mcp.md says where keys come from)"
            return _refused(401, "missing_key", message, realm)
        key = ctx.platform.key_holder(token.strip()) if ctx.platform is not None else None
        if key is None:
            return _refused(401, "invalid_key", "the bearer key is not known here", f'{realm}, error="invalid_token"')
        if not key.admits(self.surface.auth):
            message = f"this key's role ({key.role}) does not open the MCP gate: it takes an agent key"
            return _refused(403, "key_not_admitted", message, f'{realm}, error="insufficient_scope"')
        return None


def _too_large() -> Result:
    return invalid("body", f"The body is over {MAX_BODY} bytes.", {"maximum": MAX_BODY}, 413, "body_too_large")


def _refused(status: int, code: str, message: str, challenge: str) -> Result:
    refused = error(status, code, message)
    return Result(status=status, error=refused.error, headers={"WWW-Authenticate": challenge})


async def _send(send: Send, rendered: Rendered, headers: dict[str, str], request_id: str) -> None:
    """An answer of the gate's own (a refusal, a 405, OPTIONS) through the one wire path."""
    sent = {**rendered.headers, "X-Request-Id": request_id, "Cache-Control": "no-store"}
    sent.pop("ETag", None)  # a refusal has nothing to revalidate
    out = finalize(rendered.status, sent, rendered.body, headers)
    await send({"type": "http.response.start", "status": out.status, "headers": out.headers})
    await send({"type": "http.response.body", "body": out.body})


def _stamped(send: Send, request_id: str) -> Send:
    """The transport's answers with the request id and ``no-store`` added."""

    async def stamped(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            names = {name.lower() for name, _ in message.get("headers", [])}
            added = [(b"x-request-id", request_id.encode())]
            added += [] if b"cache-control" in names else [(b"cache-control", b"no-store")]
            message = {**message, "headers": [*message.get("headers", []), *added]}
        await send(message)

    return stamped
