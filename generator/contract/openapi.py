"""``GET /api/openapi.json``: OpenAPI 3.1.0, generated from the registry and the pydantic models.

Every surface contributes its path with one operation per method it answers; parameters come from
the path's placeholders and the surface's ``Param``s; each response status is declared with its
schema (the envelope around the surface's model, the error body, the JSON 404), and enveloped
answers declare the headers they carry. Schemas live once under ``components.schemas``.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from generator.contract.examples import example_document
from generator.contract.operations import methods as _methods
from generator.contract.operations import operation_id
from generator.models.envelope import ErrorBody, Meta
from generator.web.surface import Context, Method, Surface

REF = "#/components/schemas/{model}"
OPENAPI_VERSION = "3.1.0"
API_VERSION = "1.0.0"
ERROR_TEXT = {
    301: "A retired SKU: Location is the same path for its successor (docs/sku.md, 'Retired SKUs')",
    410: "A retired SKU whose successor this catalog does not hold",
    400: "Malformed input",
    401: "Missing credentials",
    403: "Credentials refused",
    404: "Not found",
    405: "Method not allowed",
    413: "Body too large",
    402: "Payment cannot buy this",
    418: "I'm a teapot",
    429: "Too many requests: wait the Retry-After seconds",
    503: "Paused, or unavailable on this deployment",
}
# An offloaded method (generator.serve.offload) may also answer 503 because its workers are busy
# or its job ran over budget: then with Retry-After (seconds).
BUSY_TEXT = "Busy (server_busy) or over its time budget (over_time_budget), with Retry-After; or unavailable here"
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before sending the request again (on server_busy and over_time_budget)",
        "schema": {"type": "integer", "minimum": 1},
    }
}
ENVELOPE_HEADERS = (
    "ETag",
    "Link",
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "RateLimit-Policy",
    "X-Joy-Index",
    "Cache-Control",
)
# A body the method reads whatever its shape (Method.check_body=False): the document says so, so what it
# declares is what is enforced (any JSON object), and the model stays there as the shape to aim for.
CHECKED_IN_THE_ANSWER = (
    "any JSON object is accepted: what does not fit the first schema is reported in the answer, not refused"
)
Refs = dict[type[BaseModel], str]  # model -> its schema's $ref


def openapi(ctx: Context) -> dict[str, Any]:
    models: set[type[BaseModel]] = {Meta, ErrorBody}
    for s in ctx.surfaces:
        handlers = [h for h in _methods(s).values() if h is not None]
        models |= {m for m in (s.model, *s.variants, *(h.body for h in handlers), *(h.answer for h in handlers)) if m}
    keyed = sorted(models, key=lambda m: m.__name__)
    refs, schema = models_json_schema([(m, "validation") for m in keyed], ref_template=REF)
    ref_of: Refs = {model: refs[(model, "validation")]["$ref"] for model in keyed}
    paths = {_openapi_path(s.path): _path_item(ctx, s, ref_of) for s in sorted(ctx.surfaces, key=lambda s: s.path)}
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": f"{ctx.site.display_name} public read surface",
            "version": API_VERSION,
            "description": "Card data of four games as universal documents, the play module, and the "
            "service's own contract. Generated from the surfaces registry.",
            "license": {"name": "CC0-1.0 (this description)", "identifier": "CC0-1.0"},
            "contact": {"url": ctx.site.contact},
        },
        "servers": [{"url": ctx.site.base_url}],
        "paths": paths,
        "components": {"schemas": schema.get("$defs", {})},
    }


def _openapi_path(path: str) -> str:
    return path  # our placeholders are OpenAPI's already: {sku}, {hash}


def operations(surface: Surface) -> list[tuple[str, str]]:
    """(path, lower-case method) of every operation the surface contributes."""
    return [(_openapi_path(surface.path), name) for name in _methods(surface)]


def _parameters(surface: Surface) -> list[dict[str, Any]]:
    declared = {p.name: p for p in surface.path_params}
    params = [
        {
            "name": name,
            "in": "path",
            "required": True,
            "schema": declared[name].json_schema() if name in declared else {"type": "string"},
        }
        for name in re.findall(r"\{(\w+)\}", surface.path)
    ]
    return params + [
        {
            "name": p.name,
            "in": "query",
            "required": p.required,
            "schema": p.json_schema(),
            "description": p.description or p.name,
        }
        for p in surface.query_params
    ]


def _path_item(ctx: Context, surface: Surface, ref_of: Refs) -> dict[str, Any]:
    item: dict[str, Any] = {"summary": surface.summary or surface.id}
    for name, method in _methods(surface).items():
        item[name] = _operation(ctx, surface, name, method, ref_of)
    return item


def _operation(ctx: Context, surface: Surface, name: str, method: Method | None, ref_of: Refs) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "operationId": operation_id(surface, name),
        "summary": surface.summary or surface.id,
        "tags": [f"family {surface.family}"],
        "parameters": _parameters(surface),
        "responses": _responses(ctx, surface, name, ref_of, method),
        "x-stability": surface.stability,
        "x-auth": surface.auth,
        "x-since": surface.since,
    }
    if method is not None and method.body is not None:
        body: dict[str, Any] = {"schema": {"$ref": ref_of[method.body]}}
        if not method.check_body:  # any object is taken and what breaks the model is answered as data:
            body["schema"] = {"anyOf": [body["schema"], {"type": "object"}], "description": CHECKED_IN_THE_ANSWER}
        if method.example is not None:  # the body the examples send (/api/v1/examples/{id} has the answer)
            body["example"] = method.example(ctx)
        required = method.body_required  # a model that requires no member: the body may be left out
        operation["requestBody"] = {"required": required, "content": {"application/json": body}}
    elif method is not None and method.read_body:
        anything: dict[str, Any] = {"schema": {}}
        if method.example is not None and name in ("post", "put", "patch"):
            anything["example"] = method.example(ctx)
        operation["requestBody"] = {"required": False, "content": {"application/json": anything}}
    return operation


def _responses(ctx: Context, surface: Surface, name: str, ref_of: Refs, method: Method | None = None) -> dict[str, Any]:
    model = (method.answer if method else None) or surface.model
    answer_status = (method.status if method else None) or surface.answer_status
    responses: dict[str, Any] = {str(answer_status): _answer(ctx, surface, name, ref_of, model)}
    error = {"application/json": {"schema": {"$ref": ref_of[ErrorBody]}}}
    page = {"text/html": {"schema": {"type": "string"}}}
    for status in sorted(_error_statuses(surface, name, method) - {answer_status}):
        content = error
        if surface.error_page is not None and name == "get" and status != 405:
            # a reader's error page; a 404 may also be the app's JSON one (a path no route matches)
            content = {**page, **error} if status == 404 else page
        responses[str(status)] = {"description": ERROR_TEXT.get(status, "Error"), "content": content}
        if status == 429:  # RFC 9110 10.2.3: the seconds to wait
            responses[str(status)]["headers"] = {"Retry-After": {"schema": {"type": "integer", "minimum": 1}}}
        if 300 <= status < 400:
            responses[str(status)]["headers"] = {"Location": {"schema": {"type": "string"}}}
    if method is not None and method.offload is not None and "503" in responses:
        responses["503"] = {**responses["503"], "description": BUSY_TEXT, "headers": RETRY_AFTER}
    return responses


def _answer(ctx: Context, surface: Surface, name: str, ref_of: Refs, model: type[BaseModel] | None) -> dict[str, Any]:
    """The response of the answer: its media type and each media variant, and the envelope's headers."""
    ok: dict[str, Any] = {"description": surface.summary or "OK"}
    ok["content"] = {surface.media_type: _answer_content(ctx, surface, name, ref_of, model)}
    for variant in surface.media_variants:
        ok["content"][variant] = {"schema": _variant_schema(surface, variant, ref_of, model)}
    if surface.enveloped:
        ok["headers"] = {h: {"schema": {"type": "string"}} for h in ENVELOPE_HEADERS}
    return ok


def _answer_content(
    ctx: Context, surface: Surface, name: str, ref_of: Refs, model: type[BaseModel] | None
) -> dict[str, Any]:
    """The schema of the answer in the surface's own media type, and for a GET the example answer."""
    if surface.media_type != "application/json" or model is None:
        return {"schema": {"type": "string"}}
    body = _model_schema(surface, model, ref_of)
    if surface.variants:
        body = {"oneOf": [body, *({"$ref": ref_of[v]} for v in surface.variants)]}
    content: dict[str, Any] = {"schema": body}
    example = example_document(ctx, surface) if name == "get" else None
    if example is not None:
        content["example"] = example
    return content


def _variant_schema(surface: Surface, variant: str, ref_of: Refs, model: type[BaseModel] | None) -> dict[str, Any]:
    if variant == "application/json" and model is not None:  # a non-JSON surface's JSON form (format=json)
        return _model_schema(surface, model, ref_of)
    if variant.endswith("+json") and surface.variants:  # one of the surface's variant documents
        return {"oneOf": [{"$ref": ref_of[v]} for v in surface.variants]}
    return {"type": "string"}


def _model_schema(surface: Surface, model: type[BaseModel], ref_of: Refs) -> dict[str, Any]:
    """The model's document, in the envelope when the surface has one."""
    return _enveloped(ref_of[model], ref_of[Meta]) if surface.enveloped else {"$ref": ref_of[model]}


def _error_statuses(surface: Surface, name: str, method: Method | None = None) -> set[int]:
    """Every error status the operation can answer."""
    refusable = surface.query_params or any(p.pattern or p.format for p in surface.path_params)
    statuses = set(surface.errors) | {405} | ({400} if refusable else set())  # generator.web.validate
    statuses |= set(method.errors) if method is not None else set()
    if "{" in surface.path:
        statuses.add(404)  # a value no route matches (a slash, an unknown id) is the JSON 404
    if name != "get":
        statuses |= {400, 413}
    return statuses


def _enveloped(data_ref: str, meta_ref: str) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["data", "_meta"],
        "additionalProperties": False,
        "properties": {"data": {"$ref": data_ref}, "_meta": {"$ref": meta_ref}},
    }
