"""Response models of the catalog policy surfaces: FX rates, oracle policies, paused doors."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from generator.models.moment import Evaluated


class Doc(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Ratio(Doc):
    numerator: int = Field(gt=0)
    denominator: int = Field(gt=0)


class FxRate(Doc):
    currency: str = Field(pattern=r"^[A-Z]{3}$")
    per_gbp: str = Field(pattern=r"^\d+\.\d{8}$", description="units of currency per pound, 8 decimals")
    ratio: Ratio = Field(description="the exact rate: target_per_EUR / GBP_per_EUR as a fraction")
    target_per_eur: str
    gbp_per_eur: str


class FxSource(Doc):
    id: str
    name: str
    attribution: str
    homepage: str
    reuse_policy_url: str
    tier: str


class FxRates(Doc):
    kind: Literal["fx_rates"] = Field(alias="@kind")
    base: Literal["GBP"]
    targets: tuple[str, ...]
    rates: tuple[FxRate, ...]
    method: str
    source: FxSource
    source_date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    retrieved_at: str
    cache_seconds: int
    is_fallback: bool
    age_hours: float = Field(description="hours since the source date's rates were published (16:00 UTC)")
    stale: bool = Field(description="age_hours over stale_after_hours: rates older than the ECB ever leaves them")
    stale_after_hours: int
    evaluated: Evaluated
    settlement: str


class OracleEntry(Doc):
    game: str
    pattern: Literal["stripped", "passcode", "diverged", "single-lang"]
    rationale: str
    oracle_id_form: str
    required_anchors: tuple[str, ...]
    example: dict[str, str] | None
    printings: int
    oracle_ids: int


class OraclePolicies(Doc):
    kind: Literal["oracle_policies"] = Field(alias="@kind")
    policy_count: int
    policies: tuple[OracleEntry, ...]
    defines: str


class PausedDoor(Doc):
    kind: Literal["paused_door"] = Field(alias="@kind")
    door: str
    status: Literal["paused", "blocked"]
    records: Literal[0]
    publication_status: str
    reason: str
    decided_before_reading_the_request: Literal[True]
    instead: tuple[str, ...]


class SoldCompsPolicy(Doc):
    kind: Literal["sold_comps_policy"] = Field(alias="@kind")
    status: Literal["paused"]
    publication_status: str
    reasons: tuple[str, ...]
    source_tier: Literal["internal-only"]
    transactions: tuple[()]
    per_sku: str


class SoldComps(Doc):
    kind: Literal["sold_comps"] = Field(alias="@kind")
    sku: str
    status: Literal["paused"]
    reasons: tuple[str, ...]
    buckets: tuple[()]


class CatalogLines(RootModel[tuple[dict[str, Any], ...]]):
    """/data/catalog.jsonl: a manifest line, zero card rows, a footer line."""
