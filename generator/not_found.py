"""The JSON 404 for any path no surface claims (spec "Errors" 2).

Under ``/api/v1/`` it has the envelope's shape, with a ``suggestions`` block of did-you-mean paths
(closest registered surface paths), the kingdom stamp, wake fragment, spec_version, request_id and
retrieved_at. Elsewhere it is a plain error body.
"""

from __future__ import annotations

import difflib
import secrets

from generator.envelope import MetaInputs, envelope_headers, etag, meta
from generator.surfaces import SURFACES
from generator.surfaces.registry import Context
from generator.surfaces.respond import Rendered, dump_json

API_PREFIX = "/api/v1/"


def suggestions(path: str, limit: int = 5) -> list[str]:
    candidates = sorted({s.path for s in SURFACES})
    close = difflib.get_close_matches(path, candidates, n=limit, cutoff=0.5)
    prefix = path.rstrip("/").rsplit("/", 1)[0]
    siblings = [c for c in candidates if c.startswith(prefix + "/") and c not in close]
    return (close + siblings)[:limit]


def not_found(ctx: Context, path: str) -> Rendered:
    body: dict = {"error": {"code": "not_found", "message": f"no resource answers {path}"}}
    headers = {"Cache-Control": "public, max-age=300"}
    if path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/"):
        freshness = ctx.site.freshness["catalog"]
        inputs = MetaInputs(endpoint=path, path=path, retrieved_at=ctx.now, freshness_seconds=freshness,
                            request_id="req_" + secrets.token_hex(12))
        body = {"data": None, **body, "suggestions": {
            "did_you_mean": suggestions(path), "start": API_PREFIX, "manifest": "/api/v1/manifest",
            "openapi": "/api/openapi.json"}, "_meta": meta(ctx.site, inputs)}
        headers = envelope_headers(ctx.site, path, 300, ctx.joy_index)
    raw = dump_json(body)
    headers |= {"Content-Type": "application/json; charset=utf-8", "ETag": etag(raw)}
    return Rendered(404, raw, "application/json", headers)
