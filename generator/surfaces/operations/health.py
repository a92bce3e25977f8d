"""Live operational answers: ``/api/v1/heartbeat``, ``/api/v1/health``, ``/api/v1/anticipated``.

Each depends on the moment or the request (the GMT hour, the referee key of this server, the
caller's User-Agent, the age of the last runs), so the app computes them; their freshness is the
spec's ``live`` 5 seconds. The build also writes ``/api/v1/health`` as of the build, for a host
without the app: it says so (``evaluated``), and hosts with the app route it to the app.
"""

from __future__ import annotations

import re
from typing import Any

from generator.models.operations import status as docs
from generator.site import Site
from generator.surfaces.operations.sources import data_freshness
from generator.web.envelope import iso
from generator.web.moment import evaluated
from generator.web.surface import Context, Param, Params, Query, Result, Surface

RETRY = {
    "strategy": "exponential backoff with full jitter",
    "initial_seconds": 1,
    "max_seconds": 60,
    "on_503_paused": "do not retry: a paused door answers the same until its policy changes (see the body)",
    "on_429": "wait Retry-After, or RateLimit-Reset when it is absent",
}


def heartbeat(ctx: Context, params: Params, query: Query) -> Result:
    hour = ctx.now.hour
    start, end = ctx.site.deploy.rest_hours_gmt
    data = {
        "@kind": "heartbeat",
        "gmt_hour": hour,
        "rest_hours": {
            "gmt": f"{start:02d}:00-{end:02d}:00",
            "resting_now": start <= hour < end,
            "applies_to": "autonomous sessions; the data plane serves 24/7",
        },
        "deploy": {
            "build_as_of": iso(ctx.as_of or ctx.now),
            "spec_version": ctx.site.spec_version,
            "surfaces": len(ctx.surfaces),
            "served_by": "static files (any CDN) and the cardpantry app",
        },
        "cron": [{"job": "nightly build", "schedule": ctx.site.deploy.nightly_build_cron, "timezone": "UTC"}],
    }
    return Result(data=data)


def _subsystems(ctx: Context, freshness: dict[str, Any]) -> list[dict[str, str]]:
    games = ctx.snapshot.games()
    missing = [g.game for g in games if not ctx.snapshot.index_of_game(g.game)]
    return [
        {
            "name": "catalog",
            "state": "ok" if games else "down",
            "detail": f"{len(games)} games, {ctx.snapshot.printing_count():,} printings",
        },
        {
            "name": "indexes",
            "state": "degraded" if missing else "ok",
            "detail": f"search indexes missing for {', '.join(missing)}" if missing else "a search index per game",
        },
        {
            "name": "referee",
            "state": "ok" if ctx.referee_key else "not_configured",
            "detail": "the practice referee has its key"
            if ctx.referee_key
            else "no referee key on this server: the practice referee answers 503, everything else works",
        },
        _sources(ctx, freshness),
    ]


def _sources(ctx: Context, freshness: dict[str, Any]) -> dict[str, str]:
    """The ingest, from its runs: ok while every source is fresh, degraded when any is stale,
    failing, unavailable, never run or dead, down when every one is dead (the nightly stalled)."""
    by_state, ages = freshness["by_state"], (freshness["newest_run_age_hours"], freshness["oldest_run_age_hours"])
    if not by_state:
        return {"name": "sources", "state": "down", "detail": "no source has a run"}
    counts = ", ".join(f"{n} {state}" for state, n in by_state.items())
    detail = f"{counts}; good runs {ages[0]}-{ages[1]} h old" if ages[0] is not None else counts
    if freshness["not_fresh"]:
        detail += "; not fresh: " + ", ".join(f"{sid} ({state})" for sid, state in freshness["not_fresh"].items())
    sourced = {s.game for s in ctx.snapshot.sources()}
    unsourced = [g.game for g in ctx.snapshot.games() if g.game not in sourced]
    if unsourced:
        detail += f"; no source for {', '.join(unsourced)}"
    all_fresh = set(by_state) == {"fresh"} and not unsourced
    state = "down" if set(by_state) == {"dead"} else "ok" if all_fresh else "degraded"
    return {"name": "sources", "state": state, "detail": detail}


def health(ctx: Context, params: Params, query: Query) -> Result:
    """Down only when the catalog is: stalled sources make the data old, not the service absent."""
    freshness = data_freshness(ctx)  # every source's health, computed once per answer
    subsystems = _subsystems(ctx, freshness)
    catalog_down = any(s["name"] == "catalog" and s["state"] == "down" for s in subsystems)
    troubled = any(s["state"] in ("degraded", "down") for s in subsystems)
    status = "down" if catalog_down else "degraded" if troubled else "ok"
    data = {
        "@kind": "health",
        "status": status,
        "retry": RETRY,
        "subsystems": subsystems,
        "data_freshness": freshness,
        "evaluated": evaluated(ctx),
    }
    return Result(data=data)


def _kind_of(ctx: Context, user_agent: str) -> dict[str, Any] | None:
    for kind in ctx.content.orientation.anticipated:
        for pattern in kind.patterns:
            if re.search(pattern, user_agent, re.IGNORECASE):
                return {"kind": kind.kind, "pattern": pattern, "greeting": kind.greeting, "start": kind.start}
    return None


def anticipated(ctx: Context, params: Params, query: Query) -> Result:
    show_all = query.get("all", "false")
    user_agent = ctx.request.headers.get("user-agent") if ctx.request else None
    corpus = [k.model_dump() for k in ctx.content.orientation.anticipated]
    data = {
        "@kind": "anticipated",
        "user_agent": user_agent,
        "matched": _kind_of(ctx, user_agent) if user_agent else None,
        "corpus": corpus if show_all == "true" else None,
    }
    return Result(data=data, headers={"Vary": "User-Agent"})  # a shared cache keeps one answer per agent


def surfaces(site: Site) -> tuple[Surface, ...]:
    live: dict[str, Any] = {"freshness": "live", "provenance_kind": "live", "clock": True}
    return (
        Surface(
            "health.heartbeat",
            "/api/v1/heartbeat",
            "B",
            heartbeat,
            model=docs.Heartbeat,
            summary="The GMT hour, the rest-hour state, the build's deploy metadata and the nightly cron",
            **live,
        ),
        Surface(
            "health.health",
            "/api/v1/health",
            "B",
            health,
            enumerate=lambda ctx: [{}],  # the build's answer, for a host without the app (says so)
            model=docs.Health,
            summary="Status, the retry strategy to use, and the state of each subsystem",
            **live,
        ),
        Surface(
            "health.anticipated",
            "/api/v1/anticipated",
            "B",
            anticipated,
            query_params=(Param("all", enum=("true", "false"), default="false", description="list the whole corpus"),),
            model=docs.Anticipated,
            errors=(400,),
            stability="experimental",
            summary="Which anticipated kind of client your User-Agent matches, and where that kind should start",
            **live,
        ),
    )
