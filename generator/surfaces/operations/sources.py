"""The source registry with run health: ``/api/v1/sources``, ``/sources/{id}``, ``/sources/{id}/runs``.

Published from the catalog's sources and the run history the ingest keeps (``RunSummary``: states
and numbers only; no run ids, acquisition triggers, notes or quarantined rows). A source's latest
run takes one of the spec's three shapes: ``last_run`` (status, finished_at, rows_written,
age_hours), ``_unavailable`` (its last run could not acquire it), or nothing (it never ran).

Health is derived from the freshness budget of the catalog (``site.freshness.catalog``): a source
whose last good run (ok or partial) is at most one budget old is ``fresh``, at most seven budgets
``stale``, older ``dead``; one whose last run failed or was unavailable is ``unavailable``. Ages and
health depend on the moment: the app computes them against the request time (``clock``), from the
runs the build recorded; the build's files, for a host without the app, say they are as of the
build (``evaluated``, generator.web.moment). The whole
run history is gated by a wholesale key (``Authorization: Bearer <key>``; the platform keeps only
sha256 hashes of keys and compares in constant time): 401 without a key, 403 with a wrong one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from typing import Any

from generator.models.operations import sources as docs
from generator.models.rows import RunSummary, Source
from generator.site import Site
from generator.sources.registry import load_registry
from generator.web.auth import bearer, unauthorised
from generator.web.envelope import iso
from generator.web.moment import evaluated
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

WINDOWS = {"1h": 3600, "24h": 86400, "7d": 7 * 86400, "30d": 30 * 86400, "90d": 90 * 86400}
WINDOW = Param("window", enum=tuple(WINDOWS), default="7d", description="the run window summarised")
GOOD = ("ok", "partial")


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def stamp(moment: dt.datetime) -> str:
    """A run time (stored naive, in UTC) as the envelope writes instants."""
    return iso(_utc(moment))


def age_hours(ctx: Context, moment: dt.datetime) -> float:
    return round(max(0.0, (ctx.now - _utc(moment)).total_seconds()) / 3600, 2)


def _acquisition(source_id: str) -> str:
    spec = next((s for s in load_registry() if s.id == source_id), None)
    if spec is None:
        return "unknown"
    return "npm" if spec.npm else "pypi" if spec.pypi else "url" if spec.url else "mirror"


def runs_of(ctx: Context, source_id: str) -> list[RunSummary]:
    return [r for r in ctx.snapshot.runs() if r.source_id == source_id and _utc(r.started_at) <= ctx.now]


def health(ctx: Context, runs: list[RunSummary]) -> dict[str, Any]:
    budget = ctx.site.freshness["catalog"]
    thresholds = {"fresh_hours": budget / 3600, "stale_hours": 7 * budget / 3600}
    if not runs:
        return {"state": "never_run", **thresholds}
    if runs[-1].status not in GOOD:
        return {"state": "unavailable", **thresholds}
    age = age_hours(ctx, runs[-1].finished_at)
    state = "fresh" if age <= thresholds["fresh_hours"] else "stale" if age <= thresholds["stale_hours"] else "dead"
    return {"state": state, "age_hours": age, **thresholds}


SEVERITY = ("fresh", "stale", "never_run", "unavailable", "dead")  # the service's data state: its worst source


def data_freshness(ctx: Context) -> dict[str, Any]:
    """Every card and rate source's health now: the API root's and ``/api/v1/health``'s view of
    whether the nightly ingest is keeping up (run status and age, never the registry alone)."""
    healths = {s.source_id: health(ctx, runs_of(ctx, s.source_id)) for s in ctx.snapshot.sources()}
    states = [h["state"] for h in healths.values()]
    ages = [h["age_hours"] for h in healths.values() if "age_hours" in h]
    return {
        "state": max(states, key=SEVERITY.index) if states else "never_run",
        "by_state": {state: states.count(state) for state in SEVERITY if state in states},
        "not_fresh": {sid: h["state"] for sid, h in healths.items() if h["state"] != "fresh"},
        "newest_run_age_hours": min(ages) if ages else None,
        "oldest_run_age_hours": max(ages) if ages else None,
        "fresh_hours": ctx.site.freshness["catalog"] / 3600,
        "stale_hours": 7 * ctx.site.freshness["catalog"] / 3600,
        "evaluated": evaluated(ctx),
    }


def entry(ctx: Context, source: Source) -> dict[str, Any]:
    runs = runs_of(ctx, source.source_id)
    found: dict[str, Any] = {
        "id": source.source_id,
        "game": source.game,
        "name": source.name,
        "homepage": source.homepage,
        "version": source.version,
        "published": source.published.isoformat(),
        "license_tier": source.tier,
        "acquisition": _acquisition(source.source_id),
        "@id": f"/api/v1/sources/{source.source_id}",
    }
    if runs and runs[-1].status in GOOD:
        last = runs[-1]
        found["last_run"] = {
            "status": last.status,
            "finished_at": stamp(last.finished_at),
            "rows_written": last.rows_written,
            "age_hours": age_hours(ctx, last.finished_at),
        }
    elif runs:
        found["_unavailable"] = {"since": stamp(runs[-1].finished_at), "status": runs[-1].status}
    return found


def sources(ctx: Context, params: Params, query: Query) -> Result:
    entries = [entry(ctx, s) for s in ctx.snapshot.sources()]
    data = {"@kind": "sources", "count": len(entries), "sources": entries, "evaluated": evaluated(ctx)}
    return Result(data=data)


def source_detail(ctx: Context, params: Params, query: Query) -> Result:
    source = ctx.snapshot.source(params["id"])
    if source is None:
        known = [s.source_id for s in ctx.snapshot.sources()]
        return error(
            404, "source_not_found", f"no source {params['id']!r}; one of: {', '.join(known)}", known_ids=known
        )
    window = query.get("window", "7d")
    runs = runs_of(ctx, source.source_id)
    since = ctx.now - dt.timedelta(seconds=WINDOWS[window])
    inside = [r for r in runs if _utc(r.started_at) >= since]
    statuses = {s: sum(1 for r in inside if r.status == s) for s in ("ok", "partial", "failed", "unavailable")}
    written = [r.rows_written for r in inside if r.status in GOOD]
    durations = [(_utc(r.finished_at) - _utc(r.started_at)).total_seconds() for r in inside]
    quarantined: dict[str, int] = {}
    for run in inside:
        for reason, count in run.quarantined.items():
            quarantined[reason] = quarantined.get(reason, 0) + count
    data = {
        **entry(ctx, source),
        "@kind": "source",
        "window": window,
        "runs": {
            "count": len(inside),
            "by_status": statuses,
            "rows_written": {"min": min(written), "max": max(written), "last": written[-1]} if written else None,
            "mean_duration_seconds": round(sum(durations) / len(durations), 3) if durations else None,
            "quarantined_rows_by_reason": dict(sorted(quarantined.items())),
        },
        "health": health(ctx, runs),
        "run_history": {"@id": f"/api/v1/sources/{source.source_id}/runs", "auth": "wholesale-key"},
        "evaluated": evaluated(ctx),
    }
    return Result(data=data)


def sources_welcome(ctx: Context, params: Params, query: Query) -> Result:
    w = ctx.content.orientation.sources_welcome
    names = {s.source_id: s.name for s in ctx.snapshot.sources()}
    upstreams = [{"id": i, "name": names.get(i, i), "welcome": text} for i, text in w.upstreams.items()]
    data = {"@kind": "sources_welcome", "license": "CC0-1.0", "welcome": w.welcome, "upstreams": upstreams}
    return Result(data=data | {"commitments": list(w.commitments)})


def _authorised(ctx: Context) -> Result | None:
    token = bearer(ctx.request, "wholesale")
    if isinstance(token, Result):
        return token
    if token is None:
        return unauthorised("wholesale", "wholesale_key_required", "send Authorization: Bearer <your wholesale key>")
    digest = hashlib.sha256(token.encode()).hexdigest()
    if not any(hmac.compare_digest(digest, known) for known in ctx.site.wholesale.key_sha256):
        return error(403, "wholesale_key_refused", "this wholesale key is not configured on this platform")
    return None


def run_history(ctx: Context, params: Params, query: Query) -> Result:
    refused = _authorised(ctx)
    if refused is not None:
        return refused
    if ctx.snapshot.source(params["id"]) is None:
        return error(404, "source_not_found", f"no source {params['id']!r}")
    runs = [r.model_dump(mode="json") for r in runs_of(ctx, params["id"])]
    return Result(data={"@kind": "source_runs", "id": params["id"], "count": len(runs), "runs": runs})


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "sources.registry",
            "/api/v1/sources",
            "B",
            sources,
            enumerate=lambda ctx: [{}],
            model=docs.Sources,
            freshness="status",
            provenance_kind="computed",
            clock=True,
            summary="Every source with its pinned version, license tier, acquisition and latest run",
        ),
        Surface(
            "sources.detail",
            "/api/v1/sources/{id}",
            "B",
            source_detail,
            enumerate=lambda ctx: ({"id": s.source_id} for s in ctx.snapshot.sources()),
            query_params=(WINDOW,),
            model=docs.SourceDetail,
            errors=(400, 404),
            freshness="status",
            provenance_kind="computed",
            clock=True,
            summary="One source: run summaries over a window (1h to 90d), health from its freshness budget",
        ),
        Surface(
            "sources.welcome",
            "/api/v1/sources/welcome",
            "B",
            sources_welcome,
            enumerate=lambda ctx: [{}],
            model=docs.SourcesWelcome,
            freshness="welcome",
            provenance_kind="static",
            summary="A fixed CC0 welcome to each upstream we read, and our seven commitments to them",
        ),
        Surface(
            "sources.runs",
            "/api/v1/sources/{id}/runs",
            "B",
            run_history,
            model=docs.RunHistory,
            errors=(401, 403, 404),
            auth="wholesale-key",
            freshness="uncached",
            provenance_kind="computed",
            clock=True,
            example=lambda ctx: ({"id": ctx.snapshot.sources()[0].source_id if ctx.snapshot.sources() else "x"}, {}),
            summary="A source's whole run history (wholesale key: Authorization: Bearer)",
        ),
    )
