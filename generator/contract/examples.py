"""Annotated examples, one per endpoint: a real request and the real response this build serves.

The response is computed by the same ``respond`` the files come from, so an example cannot drift
from the API. Long arrays are trimmed to their first items (``trimmed`` says where and from how
many). Surfaces that describe the registry itself (the OpenAPI, the examples) show their request
only: their response is the document you are reading, or contains it.

Rights (issue 35): an example carries its answer's data, so it carries its answer's provenance
(``example_provenance``): an example of a card answer is NOASSERTION with the card's sources, as
the answer is. The OpenAPI document is CC0 and inlines only examples without upstream data.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import orjson

from generator.web.envelope import Provenance
from generator.web.respond import Rendered, respond
from generator.web.surface import Context, Params, Query, Surface

KEEP_ITEMS = 3
OPENAPI_EXAMPLE_LIMIT = 4096  # bytes: larger examples are left to /api/v1/examples/{id}
SELF_DESCRIBING = {"contract.openapi", "contract.examples", "contract.example", "contract.manifest", "contract.tools"}


def example_request(ctx: Context, surface: Surface) -> tuple[Params, Query] | None:
    if surface.example is not None:
        return surface.example(ctx)
    if surface.enumerate is not None:
        first = next(iter(surface.enumerate(ctx)), None)
        return (dict(first), {}) if first is not None else None
    return None


def example_document(ctx: Context, surface: Surface) -> Any | None:
    """The whole JSON response to the surface's example request, when it is small enough to inline."""
    if surface.id in SELF_DESCRIBING or surface.compute is None:
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


def example_provenance(ctx: Context, surface: Surface) -> Provenance:
    """Whose data the surface's example carries: its answer's sources (none for a self-describing
    surface, whose example shows only the request)."""
    request = example_request(ctx, surface) if surface.compute is not None else None
    if request is None or surface.id in SELF_DESCRIBING:
        return Provenance()
    return example_answer(ctx, surface, *request).provenance


def example_answer(ctx: Context, surface: Surface, params: Params, query: Query) -> Rendered:
    """The answer to a surface's example request. The OpenAPI document and the examples routes ask
    for the same answers, some costly (a whole recorded match); a build renders each once per worker
    (``Context.memo``; the app has none and renders on demand)."""
    if ctx.memo is None:
        return respond(surface, ctx, params, query, surface.concrete(params))
    key = answer_key(surface, surface.concrete(params), query)
    if key not in ctx.memo:
        ctx.memo[key] = respond(surface, ctx, params, query, surface.concrete(params))
    answer: Rendered = ctx.memo[key]  # the memo holds only answers (generator.web.surface.Context.memo)
    return answer


def answer_key(surface: Surface, path: str, query: Query) -> str:
    """The memo key of an answer: the route (and query) it answers."""
    return f"{surface.id} {path}?{urlencode(sorted(query.items()))}"


def endpoint_id(surface: Surface) -> str:
    return surface.id


def annotated(ctx: Context, surface: Surface) -> dict[str, Any]:
    request = example_request(ctx, surface) if surface.compute is not None else None
    entry: dict[str, Any] = {
        "endpoint_id": endpoint_id(surface),
        "path": surface.path,
        "methods": list(surface.methods),
        "when_to_use": surface.summary,
        "gotchas": gotchas(surface),
        "see_also": see_also(ctx, surface),
        "request": None,
        "response": None,
        "trimmed": {},
    }
    if request is None:
        return entry
    params, query = request
    path = surface.concrete(params)
    entry["request"] = {"method": "GET", "url": path + (f"?{urlencode(query)}" if query else "")}
    if surface.id in SELF_DESCRIBING:
        entry["response"] = {"status": 200, "note": "this response describes the registry: fetch it to see it"}
        return entry
    rendered = example_answer(ctx, surface, params, query)
    body: Any = rendered.body.decode("utf-8")
    if rendered.media_type == "application/json":
        body = _trim(orjson.loads(rendered.body), "", entry["trimmed"])
    elif len(body) > 2000:
        entry["trimmed"]["(text)"] = len(body)
        body = body[:2000]
    entry["response"] = {"status": rendered.status, "content_type": rendered.headers["Content-Type"], "body": body}
    return entry


def gotchas(surface: Surface) -> list[str]:
    """What trips a first-time caller, derived from the surface's own contract."""
    notes = [f"leaves out: {item}" for item in surface.does_not_include]
    if not surface.enveloped:
        notes.append("a direct document: no {data, _meta} envelope")
    for param in surface.query_params:
        if param.enum:
            notes.append(f"{param.name} must be one of {', '.join(param.enum)}; anything else is a 400")
    if re.search(r"\{(game|token|code)\}", surface.path):
        notes.append("game and set tokens are matched case-insensitively; the canonical form is lower case")
    if surface.post is not None:
        notes.append(f"POST bodies are strict JSON of at most {surface.post.max_body:,} bytes; nothing is stored")
    if 404 in surface.errors:
        notes.append("an unknown id is a 404 with the error body (and known_ids where the list is short)")
    return notes


def see_also(ctx: Context, surface: Surface) -> list[str]:
    prefix = surface.path.rsplit("/", 1)[0]
    related = [s.id for s in ctx.surfaces if s is not surface and s.path.startswith(prefix + "/")]
    return related[:5]


def _trim(value: Any, where: str, trimmed: dict[str, int]) -> Any:
    if isinstance(value, list):
        if len(value) > KEEP_ITEMS:
            trimmed[where or "(document)"] = len(value)
        return [_trim(v, f"{where}[{i}]", trimmed) for i, v in enumerate(value[:KEEP_ITEMS])]
    if isinstance(value, dict):
        return {k: _trim(v, f"{where}.{k}" if where else k, trimmed) for k, v in value.items()}
    return value
