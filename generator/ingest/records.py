"""The records an ingest keeps besides its sinks' rows: one run per source, and the coverage history.

A run record is a line of ``runs.jsonl`` in the state folder and a row of the catalog's
``source_runs``; a coverage row is a row of ``coverage_history`` (``generator.ingest.history``).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal, NotRequired, TypedDict

RunStatus = Literal["ok", "partial", "failed", "unavailable"]


class CardsSeen(TypedDict):
    """The distinct cards a run saw: the stored set's digest (``run-cards/<sha256>.gz``) and size."""

    sha256: str
    count: int


class RunRecord(TypedDict):
    run_id: str
    source_id: str
    status: RunStatus
    method: str
    started_at: str  # ISO 8601, UTC, naive
    finished_at: str
    rows_read: int
    rows_written: int
    quarantined: dict[str, int]  # reason -> rows
    note: str | None
    cards: NotRequired[CardsSeen]  # runs that read cards; none before sets were recorded


class CoverageRow(TypedDict):
    """One day (``day``) or one window (``window_days``) of runs and distinct cards, for one filter."""

    source_id: str | None
    game: str | None
    day: dt.date | None
    window_days: int | None
    runs: int
    distinct_cards: int
