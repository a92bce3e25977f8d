"""Turn a surface's ``Result`` into what is served: status, bytes, media type, headers.

The writer and the app both call ``respond``; nothing else builds a response body, so a static file
and the app's answer for the same path are the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson

from generator.envelope import MetaInputs, cache_control, envelope, envelope_headers, etag, meta
from generator.render.html import render_html
from generator.surfaces.registry import Context, Params, Query, Result, Surface

JSON = "application/json"


@dataclass(frozen=True)
class Rendered:
    status: int
    body: bytes
    media_type: str
    headers: dict[str, str]


def dump_json(value) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_APPEND_NEWLINE)


def respond(surface: Surface, ctx: Context, params: Params, query: Query, path: str,
            request_id: str | None = None) -> Rendered:
    result = surface.compute(ctx, params, query)
    freshness = ctx.site.freshness[surface.freshness]
    inputs = MetaInputs(
        endpoint=surface.path, path=path, retrieved_at=ctx.now, freshness_seconds=freshness,
        provenance=result.provenance, does_not_include=surface.does_not_include,
        self_reference=surface.self_reference, request_id=request_id,
    )
    if result.error is not None:
        body = error_body(result)
        if surface.enveloped:
            body["_meta"] = meta(ctx.site, inputs)
        return finish(ctx, surface, path, result.status, dump_json(body), JSON, freshness, result)
    if surface.template is not None:
        payload = render_html(surface.template, result.data)
        return finish(ctx, surface, path, result.status, payload, surface.media_type, freshness, result)
    if surface.media_type != JSON:
        payload = result.data if isinstance(result.data, bytes) else str(result.data).encode()
        return finish(ctx, surface, path, result.status, payload, surface.media_type, freshness, result)
    document = envelope(ctx.site, result.data, inputs) if surface.enveloped else result.data
    return finish(ctx, surface, path, result.status, dump_json(document), JSON, freshness, result)


def error_body(result: Result) -> dict:
    code, message = result.error
    return {"error": {"code": code, "message": message}, **(result.error_extra or {})}


def finish(ctx: Context, surface: Surface, path: str, status: int, body: bytes, media_type: str,
           freshness: int, result: Result) -> Rendered:
    if surface.enveloped:
        headers = envelope_headers(ctx.site, path, freshness, ctx.joy_index)
    else:
        headers = {"Cache-Control": cache_control(freshness)}
    if status >= 400 and freshness > 0:
        headers["Cache-Control"] = cache_control(min(freshness, 300))
    headers.update(result.headers or {})
    headers["Content-Type"] = media_type if "charset" in media_type or not media_type.startswith(
        ("text/", JSON)) else f"{media_type}; charset=utf-8"
    headers["ETag"] = etag(body)
    return Rendered(status, body, media_type, headers)
