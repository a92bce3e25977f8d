"""``GET /api/v1/coverage/history?window=7|30|90&source=&game=``: daily observation depth.

Read from the catalog's ``coverage_history`` rows (``generator.ingest.history``), which the ingest
derives from the card sets its runs recorded: one zero-filled row per UTC day of the window, ending
on the history's last day (the day of the ingest, a build's as-of when the build ingests); the
whole-window distinct cards are the exact union of those sets; completed-day figures leave out that
last day, which was still under way. Without a window the answer is the 7-day one (that is the file).
As in ``/api/v1/coverage``, a source id that is unknown, or of another game than ``game``, covers
nothing: its days are all zero.
"""

from __future__ import annotations

from typing import Any

from generator.models.operations.sources import CoverageHistory
from generator.models.rows import CoverageCount
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface

WINDOWS = ("7", "30", "90")
NOTES = (
    "daily distinct counts are non-additive: a card seen on two days counts on both",
    "the window's distinct_cards is the exact union: each card once",
    "dates are archive labels: a backfill may revise old points",
    "a run counts on the UTC day it started; runs recorded before card sets were kept add runs, not cards",
)


def coverage_history(ctx: Context, params: Params, query: Query) -> Result:
    window = query.get("window", "7")
    source, game = query.get("source"), query.get("game")
    history = ctx.snapshot.coverage_history()
    # The calendar is every source's; a source that is unknown, or of another game, covers nothing.
    calendar = sorted(r.day for r in history if r.source_id is None and r.game is None and r.day is not None)
    rows = {(r.day, r.window_days): r for r in history if (r.source_id, r.game) == (source, game)}
    zero = CoverageCount(source_id=source, game=game, day=None, window_days=None, runs=0, distinct_cards=0)
    daily = [rows.get((day, None)) or zero.model_copy(update={"day": day}) for day in calendar[-int(window) :]]
    whole = rows.get((None, int(window)), zero)
    last = daily[-1].day if daily else None
    completed = [r for r in daily if r.day != last]
    observed = [r for r in completed if r.distinct_cards]
    data: dict[str, Any] = {
        "@kind": "coverage_history",
        "window_days": int(window),
        "filters_applied": {"window": window, "source": source, "game": game},
        "as_of_day": last.isoformat() if last else None,
        "days": [
            {
                "date": r.day.isoformat(),
                "archive_label": r.day.isoformat(),
                "runs": r.runs,
                "distinct_cards": r.distinct_cards,
                "partial_day": r.day == last,
            }
            for r in daily
            if r.day is not None
        ],
        "window": {
            "runs": whole.runs,
            "distinct_cards": whole.distinct_cards,
            "days_observed": sum(1 for r in daily if r.distinct_cards),
            "completed_days": len(completed),
            "completed_days_observed": len(observed),
            "completed_day_ratio": round(len(observed) / len(completed), 4) if completed else 0.0,
        },
        "notes": list(NOTES),
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "coverage.history",
            "/api/v1/coverage/history",
            "B",
            coverage_history,
            enumerate=lambda ctx: [{}],
            query_params=(
                Param("window", enum=WINDOWS, default="7", description="UTC days, ending on the history's last"),
                Param("source", description="one source id (GET /api/v1/sources); an unknown id covers nothing"),
                Param("game", enum=site.games, description="one game token"),
            ),
            model=CoverageHistory,
            errors=(400,),
            freshness="status",
            provenance_kind="computed",
            summary="Daily observation depth: runs and distinct cards per UTC day, and the window's exact union",
        ),
    )
