"""The source registry: the three run shapes, windows, health, and the key-gated run history."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib

import orjson

from generator.catalog.snapshot import Snapshot
from generator.models.rows import RunSummary
from generator.web.envelope import iso
from generator.web.respond import respond
from generator.web.surface import Context, Request

KEY = "wholesale-test-key"


def answer(ctx: Context, surface_id: str, params: dict, query: dict | None = None, headers: dict | None = None):
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    keyed = dataclasses.replace(ctx, request=Request("GET", headers or {}))
    rendered = respond(surface, keyed, params, query or {}, surface.concrete(params))
    return rendered.status, orjson.loads(rendered.body)


def with_runs(ctx: Context, *runs: RunSummary) -> Context:
    records = {**ctx.snapshot.records, "source_runs": runs}
    return dataclasses.replace(ctx, snapshot=Snapshot(records, ctx.snapshot.printings(), ctx.snapshot.encoding))


def run(source: str, status: str, hours_ago: float, now: dt.datetime, written: int = 10) -> RunSummary:
    start = now - dt.timedelta(hours=hours_ago)
    return RunSummary(
        source_id=source, status=status, started_at=start, finished_at=start + dt.timedelta(seconds=3),
        rows_read=written, rows_written=written, quarantined={"duplicate-id": 1},
    )  # fmt: skip


def test_the_three_shapes_of_a_latest_run(ctx: Context) -> None:
    now = ctx.now
    runs = with_runs(
        ctx, run("test-fab", "ok", 2, now), run("test-lor", "ok", 30, now), run("test-lor", "unavailable", 1, now)
    )
    status, body = answer(runs, "sources.registry", {})
    by_id = {s["id"]: s for s in body["data"]["sources"]}
    assert status == 200 and by_id["test-fab"]["last_run"]["age_hours"] == 2.0
    assert "_unavailable" in by_id["test-lor"] and "last_run" not in by_id["test-lor"]
    assert "last_run" not in by_id["test-ptcg"] and "_unavailable" not in by_id["test-ptcg"]  # never ran
    assert "note" not in str(body) and "run_id" not in str(body)


def test_windows_and_health_follow_the_freshness_budget(ctx: Context) -> None:
    now = ctx.now
    runs = with_runs(ctx, run("test-fab", "ok", 100, now, 5), run("test-fab", "partial", 30, now, 7))
    _, week = answer(runs, "sources.detail", {"id": "test-fab"}, {"window": "7d"})
    data = week["data"]
    assert data["runs"]["count"] == 2 and data["runs"]["rows_written"] == {"min": 5, "max": 7, "last": 7}
    assert data["runs"]["quarantined_rows_by_reason"] == {"duplicate-id": 2}
    assert data["health"]["state"] == "stale"  # 30 h: more than one day's budget, less than seven
    _, day = answer(runs, "sources.detail", {"id": "test-fab"}, {"window": "24h"})
    assert day["data"]["runs"]["count"] == 0
    fresh = with_runs(ctx, run("test-fab", "ok", 3, now))
    assert answer(fresh, "sources.detail", {"id": "test-fab"})[1]["data"]["health"]["state"] == "fresh"
    assert answer(runs, "sources.detail", {"id": "test-fab"}, {"window": "2w"})[0] == 400


def test_the_run_history_needs_the_configured_key(ctx: Context) -> None:
    digest = hashlib.sha256(KEY.encode()).hexdigest()
    site = ctx.site.model_copy(update={"wholesale": ctx.site.wholesale.model_copy(update={"key_sha256": (digest,)})})
    keyed = dataclasses.replace(ctx, site=site)
    assert answer(keyed, "sources.runs", {"id": "test-fab"})[0] == 401
    surface = next(s for s in ctx.surfaces if s.id == "sources.runs")
    bare = respond(surface, dataclasses.replace(keyed, request=Request("GET", {})), {"id": "test-fab"}, {}, "/x")
    assert bare.headers["WWW-Authenticate"] == 'Bearer realm="wholesale"'  # issue 34: every 401 has its challenge
    for malformed in ("Bearer", "Bearer a b", f"Bearer wrong, Bearer {KEY}"):  # the last: a field sent twice
        status, body = answer(keyed, "sources.runs", {"id": "test-fab"}, headers={"authorization": malformed})
        assert status == 400 and body["error"]["code"] == "malformed_authorization", malformed
    assert answer(keyed, "sources.runs", {"id": "test-fab"}, headers={"authorization": "Bearer wrong"})[0] == 403
    status, body = answer(keyed, "sources.runs", {"id": "test-fab"}, headers={"authorization": f"Bearer {KEY}"})
    assert status == 200 and body["data"]["count"] == len([r for r in ctx.snapshot.runs() if r.source_id == "test-fab"])


def test_coverage_counts_match_the_catalog_and_the_matrix_has_a_cell_per_game_and_source(ctx: Context) -> None:
    status, body = answer(ctx, "coverage.coverage", {})
    data = body["data"]
    card_sources = [s for s in ctx.snapshot.sources() if s.game != "fx"]
    for entry in data["sources"]:
        mine = [p for p in ctx.snapshot.printings() if entry["source"] in p.sources]
        assert entry["printings"] == len(mine)
        assert entry["distinct_cards"] == len({p.card_key for p in mine})  # an exact union across sets
    games = [g.game for g in ctx.snapshot.games()]
    cells = {(c["game"], c["source"]): c["state"] for c in data["matrix"]}
    assert len(cells) == len(games) * (len(card_sources) + 1)  # + the platform's offer export
    assert cells[("op", "test-op-primary")] == "live-confirmed" and cells[("op", "test-fab")] == "not-declared"
    # a synthetic sample export is never confirmed (test_provenance.py checks each cell against its listings)
    assert {c["state"] for c in data["matrix"] if c["source"] == "platform-offers"} == {
        "anticipated",
        "live-probationary",
    }
    assert answer(ctx, "coverage.coverage", {}, {"game": "lor"})[1]["data"]["games"] == ["lor"]
    assert answer(ctx, "coverage.coverage", {}, {"since": "2024-13-01"})[0] == 400


def test_the_hunt_board_names_sets_with_one_source_no_date_or_no_name(ctx: Context) -> None:
    status, body = answer(ctx, "coverage.coverage", {})
    assert status == 200
    status, hunt = answer(ctx, "coverage.hunt", {})
    data = hunt["data"]
    by_id = {c["id"]: c for c in data["candidates"]}
    assert status == 200 and data["read_only"] is True and data["count"] == len(by_id)
    for card_set in (s for g in ctx.snapshot.games() for s in ctx.snapshot.sets_of_game(g.game)):
        found = by_id.get(f"{card_set.game}-{card_set.set_code}")
        if card_set.release_date is None:
            assert found and "no_release_date" in found["reasons"]
    assert "single_source" in by_id["ptcg-tst1"]["reasons"]  # one synthetic Pokemon source
    assert "op-op01" not in by_id or "single_source" not in by_id["op-op01"]["reasons"]  # two op sources
    assert sum(data["by_reason"].values()) == sum(len(c["reasons"]) for c in data["candidates"])


# ------------------------------------------------------------------ time, honestly (issue 32)


def at_request(ctx: Context, now: dt.datetime) -> Context:
    """The context the app gives a live surface: ``now`` is the request time, and it says so."""
    return dataclasses.replace(ctx, now=now, received_at=now)


def test_a_build_eight_days_old_answers_dead_health_and_the_true_age(ctx: Context) -> None:
    """A build whose runs finished at its as-of, read 8 days (192 h) later: the app computes every
    age and state against the request time; the build's own file says it is as of the build."""
    built = ctx.now
    ran = with_runs(ctx, *(run(s.source_id, "ok", 0.5, built) for s in ctx.snapshot.sources()))
    source = ctx.snapshot.sources()[0].source_id
    later = at_request(ran, built + dt.timedelta(days=8))

    _, file = answer(ran, "sources.detail", {"id": source})
    assert file["data"]["health"]["state"] == "fresh" and file["data"]["evaluated"]["basis"] == "build"
    _, live = answer(later, "sources.detail", {"id": source})
    health = live["data"]["health"]
    assert health["state"] == "dead" and health["age_hours"] == round(192 + 0.5 - 3 / 3600, 2)
    assert live["data"]["last_run"]["age_hours"] == health["age_hours"]
    assert live["data"]["evaluated"] == {**live["data"]["evaluated"], "basis": "request", "at": iso(later.now)}
    _, registry = answer(later, "sources.registry", {})
    assert {s["last_run"]["age_hours"] for s in registry["data"]["sources"]} == {health["age_hours"]}

    _, status = answer(later, "health.health", {})
    sources = next(s for s in status["data"]["subsystems"] if s["name"] == "sources")
    assert sources["state"] == "down" and status["data"]["status"] == "degraded"
    assert status["data"]["data_freshness"]["state"] == "dead"
    _, root = answer(later, "orientation.root", {})
    assert root["data"]["data_freshness"]["oldest_run_age_hours"] == health["age_hours"]

    two_days = at_request(ran, built + dt.timedelta(days=2))
    _, stale = answer(two_days, "health.health", {})
    assert stale["data"]["data_freshness"]["state"] == "stale" and stale["data"]["status"] == "degraded"
    _, fresh = answer(at_request(ran, built + dt.timedelta(hours=2)), "health.health", {})
    assert next(s for s in fresh["data"]["subsystems"] if s["name"] == "sources")["state"] == "ok"


def test_one_failed_source_degrades_health_by_name(ctx: Context) -> None:
    built = ctx.now
    sources = [s.source_id for s in ctx.snapshot.sources()]
    runs = [run(s, "ok", 1, built) for s in sources[1:]] + [run(sources[0], "failed", 1, built)]
    _, status = answer(at_request(with_runs(ctx, *runs), built), "health.health", {})
    subsystem = next(s for s in status["data"]["subsystems"] if s["name"] == "sources")
    assert subsystem["state"] == "degraded" and f"{sources[0]} (unavailable)" in subsystem["detail"]


def test_fx_rates_say_their_age_and_go_stale_past_the_longest_target_gap(ctx: Context) -> None:
    _, built = answer(ctx, "catalog.fx_rates", {})
    day = dt.date.fromisoformat(built["data"]["source_date"])
    published = dt.datetime.combine(day, dt.time(16, tzinfo=dt.UTC))
    inside = at_request(ctx, published + dt.timedelta(hours=120))
    _, fresh = answer(inside, "catalog.fx_rates", {})
    assert fresh["data"]["age_hours"] == 120 and fresh["data"]["stale"] is False
    _, stale = answer(at_request(ctx, published + dt.timedelta(hours=121)), "catalog.fx_rates", {})
    assert stale["data"]["stale"] is True and stale["data"]["evaluated"]["basis"] == "request"
