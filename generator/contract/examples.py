"""Annotated examples, one document per endpoint, one recorded request and answer per operation.

Every operation the OpenAPI document lists (GET and every other method, POSTs included) gets a real
request and the answer the surface's handler gives on this build's data (``recording``), so an
example cannot drift from the API. Long arrays are trimmed to their first items, and maps of very
many members to their first members (``trimmed`` says where and from how many); ``varies`` says
where a replay may differ. ``gotchas`` and ``see_also`` are this endpoint's own (``gotchas``,
``related``); ``methodology`` is the manifest's pointer.

The OpenAPI document inlines the GET example's answer when it is small; the surfaces that describe
the registry are left out of that (OpenAPI would contain itself), but each has its example here.

Rights (issue 35): an example carries its answers' data, so it carries their provenance
(``provenance_of``): an example of a card answer is NOASSERTION with the card's sources, as the
answer is. The OpenAPI document is CC0 and inlines only examples without upstream data.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import orjson

from generator.contract.gotchas import gotchas
from generator.contract.operations import methods, operation_id
from generator.contract.recording import Recording, record
from generator.contract.related import see_also
from generator.dependencies import memoized
from generator.discovery.methodology import pointer
from generator.web.envelope import Provenance
from generator.web.respond import Rendered, respond
from generator.web.surface import Context, Params, Query, Surface

KEEP_ITEMS = 3
MANY_MEMBERS = 64  # a map with more members than this is data keyed by name (paths, schemas): trimmed too
TEXT_KEPT = 2000  # characters of a text answer shown
OPENAPI_EXAMPLE_LIMIT = 4096  # bytes: larger examples are left to /api/v1/examples/{id}
SELF_DESCRIBING = {"contract.openapi", "contract.examples", "contract.example", "contract.manifest", "contract.tools"}


def example_request(ctx: Context, surface: Surface) -> tuple[Params, Query] | None:
    """The surface's example request: declared, else its first enumerated path, else (a path with no
    placeholder) the path itself; None when no request can be made from the build's data."""
    if surface.example is not None:
        return surface.example(ctx)
    if surface.enumerate is not None:
        first = next(iter(surface.enumerate(ctx)), None)
        return (dict(first), {}) if first is not None else None
    return ({}, {}) if "{" not in surface.path else None


def example_document(ctx: Context, surface: Surface) -> Any | None:
    """The whole JSON response to the surface's example request, when it is small enough to inline
    and carries no upstream data (a surface declared ``upstream`` is not even asked)."""
    if surface.id in SELF_DESCRIBING or surface.compute is None or surface.upstream:
        return None
    request = example_request(ctx, surface)
    if request is None:
        return None
    params, query = request
    rendered = example_answer(ctx, surface, params, query)
    if rendered.media_type != "application/json" or len(rendered.body) > OPENAPI_EXAMPLE_LIMIT:
        return None
    if rendered.provenance.sources:  # upstream data: not in the CC0 OpenAPI document, see /api/v1/examples
        return None
    return orjson.loads(rendered.body)


def provenance_of(recorded: list[Recording]) -> Provenance:
    """Whose data an example carries: every recorded answer's sources."""
    found = Provenance()
    for one in recorded:
        found = found.merge(one.rendered.provenance)
    return found


def example_answer(ctx: Context, surface: Surface, params: Params, query: Query) -> Rendered:
    """The answer to a surface's example GET. The OpenAPI document and the examples routes ask
    for the same answers, some costly (a whole recorded match); a build renders each once per worker
    (``Context.memo``; the app has none and renders on demand)."""
    path = surface.concrete(params)
    return memoized(ctx.memo, answer_key(surface, path, query), lambda: respond(surface, ctx, params, query, path))


def answer_key(surface: Surface, path: str, query: Query) -> str:
    """The memo key of an answer: the route (and query) it answers."""
    return f"{surface.id} {path}?{urlencode(sorted(query.items()))}"


def endpoint_id(surface: Surface) -> str:
    return surface.id


def recordings(ctx: Context, surface: Surface) -> list[Recording]:
    """One recording per operation of the surface (none when the build's data allows no request)."""
    request = example_request(ctx, surface)
    if request is None:
        return []
    return [record(ctx, surface, name.upper(), request, example_answer) for name in methods(surface)]


def annotated(ctx: Context, surface: Surface, recorded: list[Recording] | None = None) -> dict[str, Any]:
    recorded = recordings(ctx, surface) if recorded is None else recorded
    operations = [operation(surface, r) for r in recorded]
    answers = [op["response"]["body"] for op in operations if op["response"]["content_type"] == "application/json"]
    return {
        "endpoint_id": endpoint_id(surface),
        "path": surface.path,
        "methods": list(surface.methods),
        "when_to_use": surface.summary,
        "methodology": pointer(ctx, surface),
        "gotchas": gotchas(surface, recorded),
        "see_also": see_also(ctx, surface, [a.get("data", a) if isinstance(a, dict) else a for a in answers]),
        "operations": operations,
    }


def operation(surface: Surface, recorded: Recording) -> dict[str, Any]:
    """One operation's example: the request as sent, the answer as recorded (trimmed)."""
    url = surface.concrete(recorded.params) + (f"?{urlencode(recorded.query)}" if recorded.query else "")
    request: dict[str, Any] = {"method": recorded.method, "url": url}
    if recorded.headers:
        request["headers"] = recorded.headers
    if recorded.body is not None:
        request["body"] = recorded.body
    rendered, trimmed = recorded.rendered, dict[str, int]()
    body = trim_body(rendered, trimmed)
    return {
        "operation_id": operation_id(surface, recorded.method),
        "answered_by": "file" if recorded.from_file else "app",
        "request": request,
        "response": {"status": rendered.status, "content_type": rendered.media_type, "body": body},
        "trimmed": trimmed,
        "varies": list(recorded.varies),
    }


def trim_body(rendered: Rendered, trimmed: dict[str, int]) -> Any:
    """The body as an example shows it: JSON trimmed (``_trim``), text cut to ``TEXT_KEPT`` characters."""
    if rendered.media_type == "application/json":
        document = orjson.loads(rendered.body) if rendered.body else None
        if isinstance(document, dict) and "_meta" in document:  # the envelope is shown whole
            return {k: v if k == "_meta" else _trim(v, k, trimmed) for k, v in document.items()}
        return _trim(document, "", trimmed)
    text = rendered.body.decode("utf-8", errors="replace")
    if len(text) > TEXT_KEPT:
        trimmed["(text)"] = len(text)
    return text[:TEXT_KEPT]


def _trim(value: Any, where: str, trimmed: dict[str, int]) -> Any:
    if isinstance(value, list):
        if len(value) > KEEP_ITEMS:
            trimmed[where or "(document)"] = len(value)
        return [_trim(v, f"{where}[{i}]", trimmed) for i, v in enumerate(value[:KEEP_ITEMS])]
    if isinstance(value, dict):
        kept = list(value.items())
        if len(kept) > MANY_MEMBERS:
            trimmed[where or "(document)"] = len(kept)
            kept = kept[:KEEP_ITEMS]
        return {k: _trim(v, f"{where}.{k}" if where else k, trimmed) for k, v in kept}
    return value
