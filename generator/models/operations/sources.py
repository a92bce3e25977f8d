"""Response models of the source registry (spec "Source registry entry", section B sources rows)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc
from generator.models.moment import Evaluated
from generator.sources.tiers import SourceTier


class LastRun(Doc):
    status: Literal["ok", "partial"]
    finished_at: str
    rows_written: int
    age_hours: float


class Unavailable(Doc):
    since: str
    status: str


class SourceEntry(Doc):
    id: str
    game: str
    name: str
    homepage: str
    version: str
    published: str
    license_tier: SourceTier
    acquisition: Literal["npm", "pypi", "url", "mirror", "unknown"]
    at_id: str = Field(alias="@id")
    last_run: LastRun | None = None
    unavailable: Unavailable | None = Field(None, alias="_unavailable")


class Sources(Doc):
    kind: Literal["sources"] = Field(alias="@kind")
    count: int
    sources: tuple[SourceEntry, ...]
    evaluated: Evaluated


class RunWindow(Doc):
    count: int
    by_status: dict[str, int]
    rows_written: dict[str, int] | None
    mean_duration_seconds: float | None
    quarantined_rows_by_reason: dict[str, int]


class Health(Doc):
    state: Literal["fresh", "stale", "dead", "unavailable", "never_run"]
    age_hours: float | None = None
    fresh_hours: float
    stale_hours: float


class SourceDetail(SourceEntry):
    kind: Literal["source"] = Field(alias="@kind")
    window: Literal["1h", "24h", "7d", "30d", "90d"]
    runs: RunWindow
    health: Health
    run_history: dict[str, str]
    evaluated: Evaluated


class DataFreshness(Doc):
    """The service's data state: its worst source's health (``fresh`` < ``stale`` < ``never_run`` <
    ``unavailable`` < ``dead``), with the ages of the newest and oldest good runs."""

    state: Literal["fresh", "stale", "dead", "unavailable", "never_run"]
    by_state: dict[str, int]
    not_fresh: dict[str, str] = Field(description="source id -> its state, for every source not fresh")
    newest_run_age_hours: float | None
    oldest_run_age_hours: float | None
    fresh_hours: float
    stale_hours: float
    evaluated: Evaluated


class Run(Doc):
    source_id: str
    status: str
    started_at: str
    finished_at: str
    rows_read: int
    rows_written: int
    quarantined: dict[str, int]


class RunHistory(Doc):
    kind: Literal["source_runs"] = Field(alias="@kind")
    id: str
    count: int
    runs: tuple[Run, ...]


class UpstreamWelcome(Doc):
    id: str
    name: str
    welcome: str


class SourcesWelcome(Doc):
    kind: Literal["sources_welcome"] = Field(alias="@kind")
    license: Literal["CC0-1.0"]
    welcome: str
    upstreams: tuple[UpstreamWelcome, ...]
    commitments: tuple[str, ...] = Field(min_length=7, max_length=7)


class SourceCoverage(Doc):
    source: str
    game: str
    license_tier: SourceTier
    sets: int
    printings: int
    distinct_cards: int
    distinct_cards_exact: bool = Field(description="false when since= filters sets: then a per-set sum")
    set_codes: tuple[str, ...]
    release_dates: dict[str, str] | None
    freshness: dict[str, str | float] | None
    unassigned_rows: int = Field(description="rows the latest run quarantined (never published)")


class MatrixCell(Doc):
    game: str
    source: str
    state: Literal["live-confirmed", "live-probationary", "anticipated", "not-declared"]
    license_tier: SourceTier


class Coverage(Doc):
    kind: Literal["coverage"] = Field(alias="@kind")
    filters_applied: dict[str, str | None]
    games: tuple[str, ...]
    sources: tuple[SourceCoverage, ...]
    totals: dict[str, int]
    matrix: tuple[MatrixCell, ...]
    does_not_include: tuple[str, ...]


class HistoryDay(Doc):
    date: str = Field(description="the UTC day (YYYY-MM-DD)")
    archive_label: str = Field(description="the snapshot's label: a date, not a promise that old points never change")
    runs: int = Field(description="source runs that day (any status)")
    distinct_cards: int = Field(description="distinct cards those runs saw together (non-additive across days)")
    partial_day: bool = Field(description="the last day of the history, still under way when it was recorded")


class HistoryWindow(Doc):
    runs: int
    distinct_cards: int = Field(description="the exact union over the whole window: each card once")
    days_observed: int = Field(description="days with at least one run that saw cards")
    completed_days: int = Field(description="the window's days less the partial last one")
    completed_days_observed: int
    completed_day_ratio: float = Field(description="completed_days_observed / completed_days")


class CoverageHistory(Doc):
    kind: Literal["coverage_history"] = Field(alias="@kind")
    window_days: Literal[7, 30, 90]
    filters_applied: dict[str, str | None]
    as_of_day: str | None = Field(description="the history's last UTC day (its ingest's); null before any run")
    days: tuple[HistoryDay, ...] = Field(description="one row per UTC day of the window, oldest first, zero-filled")
    window: HistoryWindow
    notes: tuple[str, ...]


class DatasetEntry(Doc):
    id: str
    name: str
    description: str
    status: Literal["available", "status-only"]
    license: str
    distribution: tuple[str, ...]
    temporal_coverage: str | None = Field(description="ISO 8601 interval start/end, when the data is dated")
    sources: tuple[str, ...]


class Datasets(Doc):
    kind: Literal["datasets"] = Field(alias="@kind")
    count: int
    datasets: tuple[DatasetEntry, ...]
    jsonld: str


class DataDownload(Doc):
    type: Literal["DataDownload"] = Field(alias="@type")
    content_url: str = Field(alias="contentUrl")
    encoding_format: str = Field(alias="encodingFormat")


class Dataset(Doc):
    type: Literal["Dataset"] = Field(alias="@type")
    id: str = Field(alias="@id")
    name: str
    description: str
    license: str
    temporal_coverage: str | None = Field(None, alias="temporalCoverage")
    distribution: tuple[DataDownload, ...]


class DataCatalog(Doc):
    """The schema.org view (``?format=jsonld``): available datasets only."""

    context: dict[str, str] = Field(alias="@context")
    type: Literal["DataCatalog"] = Field(alias="@type")
    id: str = Field(alias="@id")
    name: str
    dataset: tuple[Dataset, ...]


class HuntCandidate(Doc):
    id: str = Field(description="the set's operational id, <game>-<set>")
    game: str
    sources: tuple[str, ...]
    printings: int
    released_at: str | None
    reasons: tuple[Literal["single_source", "no_release_date", "no_name"], ...]


class CoverageHunt(Doc):
    kind: Literal["coverage_hunt"] = Field(alias="@kind")
    read_only: Literal[True]
    count: int
    by_reason: dict[str, int]
    candidates: tuple[HuntCandidate, ...]
