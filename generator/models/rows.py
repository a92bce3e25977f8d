"""Catalog records as the named queries return them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, field_validator

from generator.sources.tiers import SourceTier


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Game(Frozen):
    game: str
    name: str
    publisher: str
    first_seen: dt.date | None
    set_count: int
    card_count: int  # distinct cards (card_key), not printings
    printing_count: int


class SetRelease(Frozen):
    """One market's release of a set, as an authored fact dates it (content/set_facts.yaml)."""

    market: str  # ja | en | global
    released_at: dt.date
    url: str
    title: str


class CardSet(Frozen):
    game: str
    set_code: str
    name: str
    release_date: dt.date | None
    total_cards: int
    printed_numbers: int
    sources: tuple[str, ...]
    # Set only where an authored fact (content/set_facts.yaml) gave the name or the date: its source.
    name_source_url: str | None = None
    name_source_title: str | None = None
    released_market: str | None = None  # ja | en | global: which release release_date is
    released_source_url: str | None = None
    released_source_title: str | None = None
    releases: tuple[SetRelease, ...] = ()  # every market's release the facts date, earliest first
    name_upstream: str | None = None  # the upstream's name a cited fact corrects (kept as evidence)
    released_note: str | None = None  # why it is undated, or why its date is in doubt (an authored fact)
    name_shared_note: str | None = None  # why another set of the game has the same name
    same_name: tuple[str, ...] = ()  # the game's set codes with this published name, this one included

    @field_validator("releases", mode="before")
    @classmethod
    def _releases(cls, value: Any) -> Any:
        """The catalog gives them as JSON text (null where no fact dates the set)."""
        parsed = orjson.loads(value) if isinstance(value, str) else value
        return () if parsed is None else parsed


class Printing(Frozen):
    sku: str
    game: str
    set_code: str
    number: str
    lang: str
    variant: str | None
    card_key: str
    name: str
    rarity: str | None
    attrs: dict[str, Any]
    sources: tuple[str, ...]
    disagreements: tuple[dict[str, Any], ...] = ()  # {field, source_a, value_a, source_b, value_b}


class SourceRun(Frozen):
    run_id: str
    source_id: str
    status: str
    method: str
    started_at: dt.datetime
    finished_at: dt.datetime
    rows_read: int
    rows_written: int
    quarantined: dict[str, int]
    note: str | None


class CoverageCount(Frozen):
    """One row of the coverage history: a UTC day (``window_days`` None) or a whole window (``day``
    None), for every source (``source_id`` None) or one, every game or one."""

    source_id: str | None
    game: str | None
    day: dt.date | None
    window_days: int | None
    runs: int
    distinct_cards: int


class RunSummary(Frozen):
    """A source run as published (``/api/v1/sources``, coverage): numbers and states, nothing else."""

    source_id: str
    status: str  # ok | partial | failed | unavailable
    started_at: dt.datetime
    finished_at: dt.datetime
    rows_read: int
    rows_written: int
    quarantined: dict[str, int]  # reason -> rows

    @field_validator("quarantined", mode="before")
    @classmethod
    def _parsed(cls, value: Any) -> Any:
        return orjson.loads(value) if isinstance(value, str) else value


class FxRate(Frozen):
    """One ECB reference rate: units of ``currency`` per euro on ``date``."""

    source_id: str
    date: dt.date
    currency: str
    per_eur: float


class Source(Frozen):
    source_id: str
    game: str
    name: str
    tier: SourceTier
    version: str
    published: dt.date
    homepage: str
    priority: int
