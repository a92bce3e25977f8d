"""The JSON 404 for any path no surface claims (spec "Errors" 2).

Under ``/api/v1/`` it has the envelope's shape, with a ``suggestions`` block of did-you-mean paths
(closest registered surface paths), the kingdom stamp, wake fragment, spec_version, request_id and
retrieved_at. Elsewhere it is a plain error body. Both go through ``respond.render``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from generator.web.respond import JSON, Answer, Rendered, render
from generator.web.surface import Context, Surface, error

API_PREFIX = "/api/v1/"


def suggestions(surfaces: Iterable[Surface], path: str, limit: int = 5) -> list[str]:
    candidates = sorted({s.path for s in surfaces})
    close = difflib.get_close_matches(path, candidates, n=limit, cutoff=0.5)
    prefix = path.rstrip("/").rsplit("/", 1)[0]
    siblings = [c for c in candidates if c.startswith(prefix + "/") and c not in close]
    return (close + siblings)[:limit]


def not_found(ctx: Context, path: str, request_id: str | None = None) -> Rendered:
    api = path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/")
    extra = (
        {
            "data": None,
            "suggestions": {
                "did_you_mean": suggestions(ctx.surfaces, path),
                "start": API_PREFIX,
                "manifest": "/api/v1/manifest",
                "openapi": "/api/openapi.json",
            },
        }
        if api
        else {}
    )
    answer = Answer(
        path=path, endpoint=path, enveloped=api, media_type=JSON, freshness="catalog", request_id=request_id
    )
    return render(ctx, answer, error(404, "not_found", f"no resource answers {path}", **extra))
