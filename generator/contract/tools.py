"""``GET /api/v1/tools``: every public GET endpoint as a callable function.

``format=json`` (the default) is our own catalog: each function with its HTTP binding, freshness,
provenance, methodology and since-date. The provider formats are paste-ready function-calling
arrays in each provider's current shape (checked against their documentation, see docs/contract.md):
- ``openai``: Responses API function tools ``{type: "function", name, description, parameters, strict}``;
- ``anthropic``: Messages API tools ``{name, description, input_schema}``;
- ``gemini``: one Tool ``{functionDeclarations: [{name, description, parameters}]}`` (its schema is
  an OpenAPI subset: type, description, enum and required only).
"""

from __future__ import annotations

import re
from typing import Any

from generator.discovery.methodology import pointer
from generator.web.surface import Context, Surface

FORMATS = ("json", "openai", "anthropic", "gemini")


GEMINI_KEYS = ("type", "description", "enum")


def tool_name(surface: Surface) -> str:
    """``universal.card`` -> ``universal_card``: every provider accepts ``^[a-zA-Z0-9_-]{1,64}$``."""
    return re.sub(r"[^a-zA-Z0-9_-]", "_", surface.id)[:64]


def parameters(surface: Surface, plain: bool = False) -> dict[str, Any]:
    """The function's arguments as a JSON Schema object: path placeholders (required), then query
    parameters. ``plain`` keeps only what Gemini's schema subset accepts."""
    properties: dict[str, Any] = {}
    declared = {p.name: p for p in surface.path_params}
    for name in re.findall(r"\{(\w+)\}", surface.path):
        about = f"path parameter {{{name}}} of {surface.path}"
        properties[name] = (declared[name].json_schema() if name in declared else {"type": "string"}) | {
            "description": declared[name].description if name in declared and declared[name].description else about
        }
    for param in surface.query_params:
        properties[param.name] = param.json_schema() | {"description": param.description or param.name}
    if plain:  # Gemini's subset: type, description, enum
        properties = {n: {k: v for k, v in p.items() if k in GEMINI_KEYS} for n, p in properties.items()}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": re.findall(r"\{(\w+)\}", surface.path) + [p.name for p in surface.query_params if p.required],
    }
    if not plain:
        schema["additionalProperties"] = False
    return schema


def public_reads(ctx: Context) -> list[Surface]:
    return [s for s in ctx.surfaces if s.compute is not None and s.auth == "public"]


def description(surface: Surface, method: str = "GET") -> str:
    return f"{surface.summary or surface.id}. {method} {surface.path}."


def catalog(ctx: Context) -> list[dict[str, Any]]:
    return [
        {
            "name": tool_name(s),
            "description": description(s),
            "parameters": parameters(s),
            "http": {"method": "GET", "path": s.path, "enveloped": s.enveloped, "media_type": s.media_type},
            "freshness": {"key": s.freshness, "seconds": ctx.site.freshness[s.freshness]},
            "provenance_kind": s.provenance_kind,
            "methodology_url": pointer(ctx, s),
            "since": s.since,
            "stability": s.stability,
            "auth": s.auth,
        }
        for s in public_reads(ctx)
    ]


def provider_tools(ctx: Context, provider: str) -> list[dict[str, Any]]:
    reads = public_reads(ctx)
    if provider == "openai":
        return [
            {
                "type": "function",
                "name": tool_name(s),
                "description": description(s),
                "parameters": parameters(s),
                "strict": False,
            }
            for s in reads
        ]
    if provider == "anthropic":
        return [{"name": tool_name(s), "description": description(s), "input_schema": parameters(s)} for s in reads]
    if provider == "gemini":
        return [
            {
                "functionDeclarations": [
                    {"name": tool_name(s), "description": description(s), "parameters": parameters(s, plain=True)}
                    for s in reads
                ]
            }
        ]
    raise ValueError(f"unknown provider {provider!r}")
