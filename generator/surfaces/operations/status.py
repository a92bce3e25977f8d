"""What the build knows of itself: ``/api/v1/status``, ``/budget``, ``/bootstrap-completion``, ``/joy``.

All four are files written by the build from the registry, the site config and the catalog: status
joins every resource with its freshness budget and how it is served (a static resource's documents
all passed the build's contract validation, or there would be no build); budget turns the catalog's
size and the advisory rate limit into crawl plans; bootstrap completion measures how much of the
registry describes itself; joy counts the playful corpus.
"""

from __future__ import annotations

from typing import Any

from generator.models.operations import status as docs
from generator.site import Site
from generator.web.envelope import iso
from generator.web.surface import Context, Params, Query, Result, Surface

WATCHLIST = 100  # cards a watchlist crawl follows


def _state(surface: Surface) -> str:
    if surface.paused:
        return "paused"
    return "served_as_files" if surface.static else "computed_per_request"


def status(ctx: Context, params: Params, query: Query) -> Result:
    resources: list[dict[str, Any]] = []
    for s in sorted(ctx.surfaces, key=lambda s: s.path):
        routes = sum(1 for _ in s.enumerate(ctx)) if s.enumerate else 0
        resources.append(
            {
                "path": s.path,
                "methods": [m for m in s.methods if m != "HEAD"],
                "freshness_key": s.freshness,
                "freshness_seconds": ctx.site.freshness[s.freshness],
                "static": s.static,
                "routes": routes,
                "envelope_compliant": True if s.static and s.enveloped else None,
                "state": _state(s),
            }
        )
    summary = {
        "resources": len(resources),
        "static": sum(1 for r in resources if r["static"]),
        "computed": sum(1 for r in resources if not r["static"]),
        "paused": sum(1 for r in resources if r["state"] == "paused"),
        "routes": sum(r["routes"] for r in resources),
    }
    as_of = iso(ctx.as_of or ctx.now)
    return Result(data={"@kind": "status", "as_of": as_of, "resources": resources, "summary": summary})


def budget(ctx: Context, params: Params, query: Query) -> Result:
    limits = ctx.site.rate_limits
    per_second = limits.limit / limits.window_seconds
    games = ctx.snapshot.games()
    sets = sum(len(ctx.snapshot.sets_of_game(g.game)) for g in games)
    printings = ctx.snapshot.printing_count()
    identity_days = max(1, ctx.site.freshness["identity"] // 86400)

    def crawl(shape: str, requests: int, how: str) -> dict[str, Any]:
        return {"shape": shape, "requests": requests, "eta_seconds": round(requests / per_second), "how": how}

    crawls = [
        crawl(
            "full mirror",
            1 + 2 * len(games) + sets,
            "games, then each game and its sets, then each set document (its cards inline); not one request per card",
        ),
        crawl(
            "watchlist",
            WATCHLIST,
            f"{WATCHLIST} cards polled conditionally once per identity budget ({identity_days} days); mostly 304s",
        ),
        crawl("federation", printings, "one identify per printing you hold, by content hash; stop at no match"),
        crawl("spec consumer", 3, "the manifest, the OpenAPI document and the changelog with since="),
    ]
    data = {
        "@kind": "budget",
        "catalog": {"games": len(games), "sets": sets, "printings": printings},
        "recommended_pace": {
            "requests_per_second": round(per_second, 3),
            "burst": limits.burst,
            "policy": limits.policy,
            "source": "/api/v1/rate-limits",
        },
        "crawls": crawls,
        "freshness_floors": dict(ctx.site.freshness),
    }
    return Result(data=data)


def bootstrap_completion(ctx: Context, params: Params, query: Query) -> Result:
    """How much of the typed structure describes itself: surfaces with a summary and a response
    model, query parameters with a description, and response-model fields with a description."""
    surfaces = ctx.surfaces
    params_ = [p for s in surfaces for p in s.query_params]
    models = {s.model for s in surfaces if s.model is not None}
    fields = [f for m in models for f in m.model_fields.values()]
    measures: list[dict[str, Any]] = [
        {
            "what": "surfaces with a summary",
            "described": sum(1 for s in surfaces if s.summary.strip()),
            "of": len(surfaces),
        },
        {
            "what": "surfaces with a response model",
            "described": sum(1 for s in surfaces if s.model),
            "of": len(surfaces),
        },
        {
            "what": "query parameters with a description",
            "described": sum(1 for p in params_ if p.description),
            "of": len(params_),
        },
        {
            "what": "response-model fields with a description",
            "described": sum(1 for f in fields if f.description),
            "of": len(fields),
        },
    ]
    described, total = sum(m["described"] for m in measures), sum(m["of"] for m in measures)
    percent = round(100 * described / total, 2) if total else 0.0
    return Result(data={"@kind": "bootstrap_completion", "percent": percent, "measures": measures})


def joy(ctx: Context, params: Params, query: Query) -> Result:
    p = ctx.content.playful
    artifacts = {
        "dad_jokes": len(p.jokes.dad_jokes),
        "knock_knocks": len(p.jokes.knock_knocks),
        "jokes": len(p.jokes.jokes),
        "koans": len(p.koans),
        "tarot_cards": len(p.tarot.cards),
        "blessings": len(p.blessings),
        "tunes": len(p.soundtrack),
        "lexicon_words": len(p.lexicon),
        "why_chains": len(p.why),
        "easter_eggs": len(p.easter_eggs),
    }
    data = {
        "@kind": "joy",
        "count": sum(artifacts.values()),
        "artifacts": artifacts,
        "surfaces": ctx.joy_index,
        "per_agent_tracking": False,
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    once: dict[str, Any] = {"enumerate": lambda ctx: [{}], "provenance_kind": "computed"}
    return (
        Surface(
            "status.status",
            "/api/v1/status",
            "B",
            status,
            model=docs.Status,
            freshness="status",
            self_reference=True,  # it lists every resource, itself included
            summary="Every resource with its freshness budget, how it is served, and its last-known state",
            **once,
        ),
        Surface(
            "status.budget",
            "/api/v1/budget",
            "B",
            budget,
            model=docs.Budget,
            freshness="catalog",
            summary="Crawl-budget advisory: catalog size, pace, ETA per crawl shape, freshness floors",
            **once,
        ),
        Surface(
            "status.bootstrap_completion",
            "/api/v1/bootstrap-completion",
            "B",
            bootstrap_completion,
            model=docs.Bootstrap,
            freshness="methodology",
            summary="The share of typed structure (surfaces, parameters, fields) that describes itself",
            **once,
        ),
        Surface(
            "status.joy",
            "/api/v1/joy",
            "B",
            joy,
            model=docs.Joy,
            freshness="methodology",
            summary="How many joy-bearing artifacts there are (no per-agent tracking)",
            **once,
        ),
    )
