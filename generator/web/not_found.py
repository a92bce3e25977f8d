"""The JSON 404 for any path no surface claims (spec "Errors" 2).

Under ``/api/v1/`` it has the envelope's shape, with a ``suggestions`` block of did-you-mean paths
(closest registered surface paths), the kingdom stamp, wake fragment, spec_version, request_id and
retrieved_at. Elsewhere it is a plain error body. Both go through ``respond.render``.
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Iterable

from generator.web.respond import JSON, Answer, Rendered, render
from generator.web.surface import Context, Surface, error

API_PREFIX = "/api/v1/"
CUTOFF = 0.5  # difflib's default: below it a path is not suggested
SHORTLIST = 12  # paths whose full ratio is computed, by best quick ratio


def suggestions(surfaces: Iterable[Surface], path: str, limit: int = 5) -> list[str]:
    """The registered paths closest to ``path`` by difflib's ratio (at least ``CUTOFF``), then its
    siblings. ``difflib.get_close_matches`` computes the full ratio for every path its cheap filters
    pass, which for a path like ours is nearly all of them: 1.5 to 5 ms of the event loop for any
    unknown path (issue 34). Here the full ratio is computed only for the ``SHORTLIST`` paths with
    the best quick ratio (an upper bound of it), the same suggestions in practice at a third of it."""
    candidates = sorted({s.path for s in surfaces})
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(path)
    bounded = []
    for candidate in candidates:
        matcher.set_seq1(candidate)
        if matcher.real_quick_ratio() >= CUTOFF and (quick := matcher.quick_ratio()) >= CUTOFF:
            bounded.append((quick, candidate))
    scored = []
    for _, candidate in heapq.nlargest(SHORTLIST, bounded):
        matcher.set_seq1(candidate)
        if (ratio := matcher.ratio()) >= CUTOFF:
            scored.append((ratio, candidate))
    close = [candidate for _, candidate in heapq.nlargest(limit, scored)]
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
