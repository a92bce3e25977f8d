"""A tool call or resource read at the MCP gate is the REST request it names, answered by the app.

Each call becomes one request (``GET path?query``, or ``POST path`` with the arguments as the JSON
body) that the gate hands the app in process (``ask``): the same routing, the same files, the same
``respond`` (generator.web.respond), the same worker pool for a practice move. So a tool's answer is
the REST answer, byte for byte: its text is the body as sent, its ``structuredContent`` that body
parsed. The sub-request carries the caller's User-Agent and the gate request's id, never its key.

A status the surface documents (200, a paused door's 503, a teapot's 418) is the tool's result; any
other is ``isError`` with the one refusal body. Arguments the declaration cannot take (an unknown
name, a value that is not a string, number or boolean, a path value that is not one segment) are
refused here in that same shape, before anything is asked (a number too large for a double, which
the transport reads as infinity, included).
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

import mcp_types as types
import orjson

from generator.contract.mcp import ToolSpec
from generator.render import base_type
from generator.web.respond import error_body
from generator.web.surface import Context, Result
from generator.web.validate import invalid

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
SCALARS = (str, int, float, bool)


class GateHost(Protocol):
    """What the gate needs of the app: the context of the build it serves, and the app itself, which
    answers every call."""

    @property
    def context(self) -> Context: ...

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None: ...


@dataclass(frozen=True)
class Reply:
    """The app's answer to a sub-request: status, headers (lower-case names) and body, as sent."""

    status: int
    headers: Mapping[str, str]
    body: bytes

    @property
    def media_type(self) -> str:
        return base_type(self.headers.get("content-type", ""))


@dataclass(frozen=True)
class Call:
    """The REST request a tool call names."""

    method: str
    path: str
    query: str = ""
    body: bytes = b""

    @property
    def target(self) -> str:
        return self.path + (f"?{self.query}" if self.query else "")


async def ask(app: GateHost, call: Call, headers: list[tuple[bytes, bytes]]) -> Reply:
    """``call`` answered by ``app`` in process, as an HTTP request on loopback would be."""
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": call.method,
        "scheme": "http",
        "path": call.path,
        "raw_path": call.path.encode(),
        "query_string": call.query.encode(),
        "root_path": "",
        "headers": headers + ([(b"content-type", b"application/json")] if call.body else []),
        "client": None,
        "server": None,
    }
    sent: list[bytes] = []
    start: dict[str, Any] = {}
    delivered = False

    async def receive() -> MutableMapping[str, Any]:
        nonlocal delivered
        if delivered:
            return {"type": "http.disconnect"}
        delivered = True
        return {"type": "http.request", "body": call.body, "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            sent.append(message.get("body", b""))

    await app(scope, receive, send)
    names = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in start.get("headers", [])}
    return Reply(start["status"], names, b"".join(sent))


def call_of(spec: ToolSpec, arguments: Mapping[str, Any]) -> Call | Result:
    """The request the arguments name, or the refusal of the first argument the tool cannot take."""
    if spec.method == "POST":
        return Call("POST", spec.surface.path, body=orjson.dumps(dict(arguments)))
    placeholders = PLACEHOLDER.findall(spec.surface.path)
    accepted = [*placeholders, *spec.surface.query_names]
    values: dict[str, str] = {}
    for name, value in arguments.items():
        if name not in accepted:
            return invalid(name, f"{spec.name} takes no argument {name!r}", accepted)
        if value is None:
            continue
        if not isinstance(value, SCALARS) or (isinstance(value, float) and not math.isfinite(value)):
            return invalid(name, f"argument {name} is {value!r:.40}; a string, a finite number or a boolean")
        values[name] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    for name in placeholders:
        value = values.pop(name, None)
        if value is None:
            return invalid(name, f"path parameter {name} is required")
        if "/" in value or value in ("", ".", ".."):
            return invalid(name, f"path parameter {name} is one path segment: no '/', and not '.' or '..'")
        values[f"{{{name}}}"] = value
    path = PLACEHOLDER.sub(lambda m: values.pop(f"{{{m.group(1)}}}"), spec.surface.path)
    return Call("GET", path, urlencode(values))


def tool_result(spec: ToolSpec, call: Call, reply: Reply, meta_key: str) -> types.CallToolResult:
    """The tool's result: the REST body as text, parsed as ``structuredContent`` when it is a JSON
    object; ``isError`` for a status the surface does not document."""
    method = spec.surface.post if spec.method == "POST" else None
    documented = (method.status if method else None) or spec.surface.answer_status
    document = orjson.loads(reply.body) if reply.media_type.endswith("json") and reply.body else None
    result = types.CallToolResult(
        content=[types.TextContent(text=reply.body.decode("utf-8", "replace"))],
        is_error=reply.status != documented,
        _meta={meta_key: {"status": reply.status, "request": f"{call.method} {call.target}", "type": reply.media_type}},
    )
    if isinstance(document, dict):  # set only when there is one: an explicit null is not "no structure"
        result.structured_content = document
    return result


def refusal_result(refused: Result) -> types.CallToolResult:
    """A refused call, in the one refusal shape ``{error: {code, message, parameter, accepted?}}``."""
    body = error_body(refused)
    return types.CallToolResult(
        content=[types.TextContent(text=orjson.dumps(body).decode())], structured_content=body, is_error=True
    )
