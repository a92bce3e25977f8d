"""The MCP gate's resources: card documents (a template, one URI per SKU), the encoding spec, the
rules tutorial and the glossary, each read as its REST answer (``generator.contract.mcp`` maps the
URIs; ``gate_calls.ask`` reads them through the app).

``resources/list`` is bounded: the three documents, then the catalog's cards ``PAGE`` at a time in
catalog order (game, set, number...), each page's ``nextCursor`` naming where the next begins
(``<game>/<offset>``), so 61,000 cards are listed in pages and never in one answer.
"""

from __future__ import annotations

from collections.abc import Sequence

import mcp_types as types
import orjson
from mcp.shared.exceptions import MCPError

from generator.catalog.snapshot import Snapshot
from generator.contract.mcp import resource_path, resource_uri
from generator.contract.tools import tool_name
from generator.web.router import match
from generator.web.surface import Surface

PAGE = 500
RESOURCE_NOT_FOUND = -32002  # the MCP specification's code for a resource that does not exist
JSON = "application/json"


def template(service: str, card: Surface) -> types.ResourceTemplate:
    return types.ResourceTemplate(
        uri_template=resource_uri(service, card.path),
        name=tool_name(card),
        description=f"{card.summary}. GET {card.path}.",
        mime_type=JSON,
    )


def listed(
    service: str, card: Surface, documents: Sequence[Surface], snapshot: Snapshot, cursor: str | None
) -> types.ListResourcesResult:
    """One page of ``resources/list``: the documents on the first, then ``PAGE`` cards a page."""
    games = sorted(g.game for g in snapshot.games())
    game, offset = _position(cursor, games)
    found = [] if cursor is not None else [_document(service, s) for s in documents]
    room = PAGE
    while game is not None and room > 0:
        index = snapshot.index_of_game(game)
        taken = index[offset : offset + room]
        found += [_card(service, card, entry.sku, entry.name) for entry in taken]
        room, offset = room - len(taken), offset + len(taken)
        if offset >= len(index):
            following = games[games.index(game) + 1 :]
            game, offset = (following[0] if following else None), 0
    return types.ListResourcesResult(resources=found, next_cursor=None if game is None else f"{game}/{offset}")


def _document(service: str, surface: Surface) -> types.Resource:
    return types.Resource(
        uri=resource_uri(service, surface.path), name=tool_name(surface), description=surface.summary, mime_type=JSON
    )


def _card(service: str, card: Surface, sku: str, name: str) -> types.Resource:
    return types.Resource(uri=resource_uri(service, card.concrete({"sku": sku})), name=sku, title=name, mime_type=JSON)


def _position(cursor: str | None, games: list[str]) -> tuple[str | None, int]:
    if cursor is None:
        return (games[0] if games else None), 0
    game, _, offset = cursor.partition("/")
    if game not in games or not offset.isdigit():
        raise MCPError(types.INVALID_PARAMS, f"not a cursor of this list: {cursor[:80]!r}")
    return game, int(offset)


def readable(service: str, registry: Sequence[Surface], readable_ids: Sequence[str], uri: str) -> str:
    """The REST path of a resource URI this gate reads, or the JSON-RPC error saying why not."""
    path = resource_path(service, uri)
    found = match(registry, path) if path is not None else None
    if path is None or found is None or found[0].id not in readable_ids:
        known = ", ".join(resource_uri(service, s.path) for s in registry if s.id in readable_ids)
        raise MCPError(RESOURCE_NOT_FOUND, f"no resource {uri[:200]!r}; this gate reads {known}", {"uri": uri})
    return path


def contents(uri: str, status: int, media_type: str, body: bytes) -> types.ReadResourceResult:
    """A read resource: the REST body as text; an answer other than 200 is the JSON-RPC error."""
    if status != 200:
        error = orjson.loads(body).get("error", {}) if media_type.endswith("json") else {}
        message = error.get("message", f"the answer was {status}")
        code = RESOURCE_NOT_FOUND if status == 404 else types.INTERNAL_ERROR
        raise MCPError(code, message, {"uri": uri, "status": status, "error": error})
    return types.ReadResourceResult(
        contents=[types.TextResourceContents(uri=uri, mime_type=media_type, text=body.decode())]
    )
