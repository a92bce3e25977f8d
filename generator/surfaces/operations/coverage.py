"""``GET /api/v1/coverage?source=&game=&since=``: what each source covers, and the coverage matrix.

Counts come from ``Snapshot.observed`` (printings and distinct cards per source, game and set;
the per-game distinct cards are exact unions), dates from the sets, freshness and unassigned rows
(quarantined by the latest run) from the run summaries. ``since`` (YYYY-MM-DD) keeps only sets
released on or after that day (undated sets are left out then). No prices anywhere.

The matrix has one cell per game and source (spec "Coverage"): each catalog source, and the
platform's own offer export (declared for every game). A cell maps the state the card surfaces
state for that game and source (``generator.surfaces.catalog.provenance``, where the mapping is
written down): ``live-confirmed`` or ``live-probationary`` when observed (whole or partial latest
read), ``anticipated`` when declared but nothing of it is observed, ``not-declared`` where the
source does not serve the game; each cell carries the license tier.
"""

from __future__ import annotations

from typing import Any

from generator.models.operations.sources import Coverage, CoverageHunt
from generator.models.rows import CardSet, Source
from generator.site import Site
from generator.surfaces.catalog.preamble import parse_day
from generator.surfaces.catalog.provenance import PLATFORM_OFFERS, PLATFORM_TIER, matrix_cell
from generator.surfaces.operations.sources import age_hours, runs_of, stamp
from generator.web.surface import Context, Param, Params, Query, Result, Surface


def matrix(ctx: Context, games: list[str], sources: list[Source]) -> list[dict[str, Any]]:
    cells = [matrix_cell(ctx, g, s.source_id, s.tier, serves=s.game == g) for g in games for s in sources]
    return cells + [matrix_cell(ctx, g, PLATFORM_OFFERS, PLATFORM_TIER, serves=True) for g in games]


def _source_entry(ctx: Context, source: Source, sets_kept: set[tuple[str, str]] | None) -> dict[str, Any]:
    rows = [o for o in ctx.snapshot.observed if o[0] == source.source_id]
    per_set = [o for o in rows if o[2] is not None and (sets_kept is None or (o[1], o[2]) in sets_kept)]
    whole = next((o for o in rows if o[2] is None), None)
    dates = sorted(d for o in per_set if (cs := ctx.snapshot.card_set(o[1], o[2] or "")) and (d := cs.release_date))
    runs = runs_of(ctx, source.source_id)
    last = runs[-1] if runs else None
    return {
        "source": source.source_id,
        "game": source.game,
        "license_tier": source.tier,
        "sets": len(per_set),
        "printings": sum(o[3] for o in per_set),
        "distinct_cards": whole[4] if whole and sets_kept is None else sum(o[4] for o in per_set),
        "distinct_cards_exact": sets_kept is None,
        "set_codes": [f"{o[1]}-{o[2]}" for o in per_set],
        "release_dates": {"first": dates[0].isoformat(), "last": dates[-1].isoformat()} if dates else None,
        "freshness": {"last_run": stamp(last.finished_at), "age_hours": age_hours(ctx, last.finished_at)}
        if last
        else None,
        "unassigned_rows": sum(last.quarantined.values()) if last else 0,
    }


def coverage(ctx: Context, params: Params, query: Query) -> Result:
    card_sources = [s for s in ctx.snapshot.sources() if s.game != "fx"]
    games = [g.game for g in ctx.snapshot.games()]
    wanted_source, wanted_game = query.get("source"), query.get("game")
    since = parse_day(query["since"]) if "since" in query else None
    kept = None
    if since is not None:
        kept = {
            (g, s.set_code)
            for g in games
            for s in ctx.snapshot.sets_of_game(g)
            if s.release_date and s.release_date >= since
        }
    chosen = [s for s in card_sources if wanted_source in (None, s.source_id) and wanted_game in (None, s.game)]
    entries = [_source_entry(ctx, s, kept) for s in chosen]
    shown_games = [g for g in games if wanted_game in (None, g)]
    data = {
        "@kind": "coverage",
        "filters_applied": {"source": wanted_source, "game": wanted_game, "since": query.get("since") or None},
        "games": shown_games,
        "sources": entries,
        "totals": {
            "printings_observed": sum(e["printings"] for e in entries),
            "unassigned_rows": sum(e["unassigned_rows"] for e in entries),
        },
        "matrix": matrix(ctx, shown_games, [s for s in card_sources if wanted_source in (None, s.source_id)]),
        "does_not_include": ["prices"],
    }
    return Result(data=data)


def _hunt_reasons(card_set: CardSet, source_count: int) -> list[str]:
    """Why a set is worth hunting better data for (none: it is not)."""
    reasons = ["single_source"] if source_count <= 1 else []
    if card_set.release_date is None:
        reasons.append("no_release_date")
    if not card_set.name or card_set.name.lower() == card_set.set_code.lower():
        reasons.append("no_name")
    return reasons


def hunt(ctx: Context, params: Params, query: Query) -> Result:
    """Sets worth hunting better data for: read from the same counts, operational facts only."""
    sources_of: dict[tuple[str, str], list[str]] = {}
    printed: dict[tuple[str, str], int] = {}
    for source, token, set_code, printings, _ in ctx.snapshot.observed:
        if set_code is not None:
            sources_of.setdefault((token, set_code), []).append(source)
            printed[(token, set_code)] = max(printed.get((token, set_code), 0), printings)
    candidates: list[dict[str, Any]] = []
    for game in ctx.snapshot.games():
        for card_set in ctx.snapshot.sets_of_game(game.game):
            key = (game.game, card_set.set_code)
            reasons = _hunt_reasons(card_set, len(sources_of.get(key, [])))
            if reasons:
                candidates.append(
                    {
                        "id": f"{game.game}-{card_set.set_code}",
                        "game": game.game,
                        "sources": sorted(sources_of.get(key, [])),
                        "printings": printed.get(key, 0),
                        "released_at": card_set.release_date.isoformat() if card_set.release_date else None,
                        "reasons": reasons,
                    }
                )
    by_reason: dict[str, int] = {}
    for candidate in candidates:
        for reason in candidate["reasons"]:
            by_reason[reason] = by_reason.get(reason, 0) + 1
    data = {
        "@kind": "coverage_hunt",
        "read_only": True,
        "count": len(candidates),
        "by_reason": dict(sorted(by_reason.items())),
        "candidates": candidates,
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "coverage.coverage",
            "/api/v1/coverage",
            "B",
            coverage,
            enumerate=lambda ctx: [{}],
            query_params=(
                Param("source", description="one source id (GET /api/v1/sources); an unknown id covers nothing"),
                Param("game", enum=site.games, description="one game token"),
                Param("since", format="date", description="only sets released on or after this day"),
            ),
            model=Coverage,
            errors=(400,),
            freshness="status",
            provenance_kind="computed",
            does_not_include=("prices",),
            summary="What each source covers (printings, distinct cards, dates, freshness) and the coverage matrix",
        ),
        Surface(
            "coverage.hunt",
            "/api/v1/coverage/hunt",
            "B",
            hunt,
            enumerate=lambda ctx: [{}],
            model=CoverageHunt,
            freshness="status",
            provenance_kind="computed",
            summary="Sets worth hunting better data for (one source only, no date, no name): read-only",
        ),
    )
