"""The catalog tables surfaces read, declared once.

This one list drives everything that must agree about them: the in-memory ``Snapshot`` a build
renders from, the ``dist/_data`` files the app reads (``snapshot_files``), the ``FileSnapshot`` that
reopens them, and the build's input fingerprint (``generator.fingerprint``). A table added here is
loaded, published to the app and fingerprinted at once; one left out is read by nobody, so a
surface cannot quietly depend on data a rebuild would not notice changing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from generator.models.rows import CardSet, CoverageCount, FxRate, Game, RunSummary, Source


@dataclass(frozen=True)
class SnapshotTable:
    name: str  # the catalog table, and its file under dist/_data
    query: str  # the named query (catalog/sql/queries/<query>.sql) that reads it in a stable order
    order: str  # the fingerprint's ORDER BY over the raw table
    model: type[BaseModel] | None  # the frozen model of a record; None: kept as catalog rows
    by_set: bool = False  # written as one file per set (_data/<name>/<game>-<set>.json)
    params: Mapping[str, Any] = field(default_factory=dict)  # the query's parameters (all rows)


SNAPSHOT_TABLES: tuple[SnapshotTable, ...] = (
    SnapshotTable("games", "games", "game", Game),
    SnapshotTable("sets", "sets", "game, set_code", CardSet),
    SnapshotTable("sources", "sources", "source_id", Source),
    SnapshotTable("fx_rates", "fx_rates", "source_id, date, currency", FxRate),
    SnapshotTable("source_runs", "run_summaries", "started_at, source_id", RunSummary),
    SnapshotTable("coverage_history", "coverage_history", "source_id, game, day, window_days", CoverageCount),
    SnapshotTable("printings", "printings", "sku", None, by_set=True, params={"game": None, "set_code": None}),
)
