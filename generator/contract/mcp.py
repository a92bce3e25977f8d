"""The MCP gate's tools and resources (issue 36), generated from the registry like the tool catalog.

Tools. Every public GET with a JSON answer is a tool (``agent_reads``): its name, description and
input schema are the ones ``/api/v1/tools`` publishes for it (``generator.contract.tools``: path
placeholders and query ``Param``s, ``Param.json_schema``), its output schema is its response model,
in the envelope when the surface has one. Reader pages (HTML), plain-text and XML discovery files,
the stylesheet, the static search index's files (``assets.*``, JSON entry included), the calling card's
SVG and the bulk NDJSON door are left out: each is for a browser,
a crawler or a download, and what it says is a JSON answer of another surface. A POST whose
``Method`` says ``tool`` (a computation on its body alone that keeps nothing: deck validation, the
practice referee, the card batch) is a tool too, its input schema the body's model.

An answer that may not be a JSON object (a ``format`` that selects Markdown, Atom or plain text, or a
provider's tool array) has no output schema: the tool then answers text alone in those forms, and
an output schema would promise a structure it cannot always keep.

Resources are GET answers under a URI of the service's own scheme, the REST path without
``/api/v1/`` (``cardpantry://universal/card/{sku}`` is ``/api/v1/universal/card/{sku}``): the card
documents (a template, and listed page by page), the encoding spec, the rules tutorial and glossary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from generator.contract.tools import description, parameters, tool_name
from generator.models.envelope import Meta
from generator.render import base_type
from generator.web.surface import Surface

JSON = "application/json"
REST_PREFIX = "/api/v1/"
CARD_RESOURCE = "universal.card"  # a resource template: one URI per SKU
DOCUMENT_RESOURCES = ("universal.encoding", "play.tutorial", "play.glossary")
DEFS = "#/$defs/{model}"


@dataclass(frozen=True)
class ToolSpec:
    """One tool: the surface and method it calls, and what ``tools/list`` says of it."""

    surface: Surface
    method: str  # GET (path and query arguments) or POST (the arguments are the body)
    name: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None


def agent_reads(registry: Iterable[Surface]) -> list[Surface]:
    """The GET surfaces an agent calls as tools: public, answering JSON, not a browser's asset (see the
    module docstring)."""
    return [
        s
        for s in registry
        if s.compute is not None and s.auth == "public" and s.media_type == JSON and not s.id.startswith("assets.")
    ]


def body_tools(registry: Iterable[Surface]) -> list[Surface]:
    """The public POST surfaces whose method is a tool (``Method.tool``)."""
    return [s for s in registry if s.auth == "public" and s.post is not None and s.post.tool]


def tool_specs(registry: Iterable[Surface]) -> tuple[ToolSpec, ...]:
    surfaces = tuple(registry)
    reads = [
        ToolSpec(s, "GET", tool_name(s), description(s), parameters(s), output_schema(s, s.model))
        for s in agent_reads(surfaces)
    ]
    posts = [_post_tool(s) for s in body_tools(surfaces)]
    specs = tuple(reads + posts)
    named = [spec.name for spec in specs]
    if len(set(named)) != len(named):
        raise ValueError(f"two tools share a name: {sorted(n for n in named if named.count(n) > 1)}")
    return specs


def _post_tool(surface: Surface) -> ToolSpec:
    method = surface.post
    assert method is not None and method.body is not None, f"{surface.id}: a tool POST declares its body model"
    schema = method.body.model_json_schema(ref_template=DEFS)
    model = method.answer or surface.model
    return ToolSpec(
        surface, "POST", tool_name(surface), description(surface, "POST"), schema, output_schema(surface, model)
    )


def output_schema(surface: Surface, model: type[BaseModel] | None) -> dict[str, Any] | None:
    """The JSON Schema of the tool's ``structuredContent``: the answer as the REST surface sends it
    (``{data, _meta}`` around ``model``, or the direct document), any variant document beside it;
    None when some answer of the surface is not a JSON object."""
    if model is None or any(not base_type(m).endswith("json") for m in surface.media_variants):
        return None
    models: list[type[BaseModel]] = [model, *surface.variants] + ([Meta] if surface.enveloped else [])
    refs, top = models_json_schema([(m, "validation") for m in models], ref_template=DEFS)
    defs = top.get("$defs", {})
    direct = [*([] if surface.enveloped else [model]), *surface.variants]  # sent as they are, not in {data, _meta}
    if not all(_object(refs[(m, "validation")], defs) for m in direct):
        return None
    answer = refs[(model, "validation")]
    if surface.enveloped:
        answer = {
            "type": "object",
            "required": ["data", "_meta"],
            "additionalProperties": False,
            "properties": {"data": answer, "_meta": refs[(Meta, "validation")]},
        }
    forms = [answer, *(refs[(v, "validation")] for v in surface.variants)]
    return {"type": "object", **({"anyOf": forms} if len(forms) > 1 else forms[0]), "$defs": defs}


def _object(schema: dict[str, Any], defs: dict[str, Any]) -> bool:
    """Whether every document ``schema`` admits is a JSON object (a union: each of its arms)."""
    if "$ref" in schema:
        return _object(defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    arms = schema.get("anyOf") or schema.get("oneOf")
    return all(_object(arm, defs) for arm in arms) if arms else schema.get("type") == "object"


def resource_surfaces(registry: Iterable[Surface]) -> list[Surface]:
    """The surfaces read as resources: the card (a template) and the documents, in that order."""
    by_id = {s.id: s for s in registry}
    return [by_id[i] for i in (CARD_RESOURCE, *DOCUMENT_RESOURCES) if i in by_id]


def resource_uri(service: str, path: str) -> str:
    """The resource URI of a REST path (a concrete one, or a surface's template)."""
    if not path.startswith(REST_PREFIX):
        raise ValueError(f"{path}: resources are read from {REST_PREFIX}")
    return f"{service}://{path.removeprefix(REST_PREFIX)}"


def resource_path(service: str, uri: str) -> str | None:
    """The REST path a resource URI names, or None when the URI is not of this service's scheme
    (or names a path outside the REST surface: ``..`` and empty segments are refused)."""
    prefix = f"{service}://"
    rest = uri.removeprefix(prefix)
    if rest == uri or not rest or re.search(r"(^|/)(\.\.?)?(/|$)", rest):
        return None
    return REST_PREFIX + rest
