"""Response models of the card reads beyond the universal card: everything, evidence, search, batch.

The spec leaves these shapes open ("Endpoints gaps"); these models define them (OpenAPI shows them)
and ``docs/catalog-reads.md`` explains each field.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.catalog.universal import CardMembers, UniversalCard
from generator.models.frozen import Doc
from generator.sources.tiers import Tier

Confidence = Literal["exact", "high", "medium", "low"]
SourceState = Literal["observed", "not_observed", "planned", "paused", "blocked"]


class Sibling(Doc):
    """Another printing of the same card: ``relation`` says how it differs from the one asked for."""

    sku: str
    id: str = Field(alias="@id")
    set_code: str
    number: str
    lang: str
    variant: str | None
    name: str
    relation: Literal["language", "variant", "language_and_variant", "reprint"]


class Siblings(Doc):
    same_number: tuple[Sibling, ...] = Field(description="other languages and variants of this set and number")
    other_printings: tuple[Sibling, ...] = Field(description="the same card (oracle id) in other sets")


class SourceStatus(Doc):
    """One source's state for this card (or game), decided in one place for every surface
    (generator/surfaces/catalog/provenance.py; docs/catalog-reads.md "Source states")."""

    id: str
    name: str
    tier: Tier = Field(description="a licence tier the spec names; NOASSERTION: rights not recorded")
    state: SourceState
    publication: str = Field(description="what of this source is published here")
    version: str | None = None


class WithheldValue(Doc):
    status: Literal["withheld", "paused", "empty"]
    value: None = None
    reason: str


class CardEverything(Doc):
    kind: Literal["card_everything"] = Field(alias="@kind")
    id: str = Field(alias="@id")
    sku: str
    oracle_id: str
    card: CardMembers = Field(description="the universal card's members (its preamble is on /universal/card/{sku})")
    siblings: Siblings
    sources: tuple[SourceStatus, ...]
    history: tuple[()] = Field(description="always empty: price history publication is paused")
    reference_price: None = Field(description="always null: reference prices are withheld")
    reference_price_status: WithheldValue


class Order(Doc):
    price_minor: int = Field(description="GBP minor units (pence)")
    quantity: int
    condition: Literal["mint", "near_mint", "excellent", "good", "played", "poor"]
    listed_at: str


class OfferBook(Doc):
    """Open peer-to-peer offers from the platform's listings (never who made them)."""

    status: Literal["open", "empty"] = Field(
        description="open exactly when the platform-offers source is observed for this card, else empty"
    )
    sample: bool = Field(description="true: the synthetic sample export, not market activity")
    currency: Literal["GBP"]
    asks: tuple[Order, ...] = Field(description="cheapest first")
    bids: tuple[Order, ...] = Field(description="highest first")
    reason: str | None


class CardEvidence(Doc):
    kind: Literal["card_evidence"] = Field(alias="@kind")
    id: str = Field(alias="@id")
    sku: str
    license: Literal["NOASSERTION"]
    computed_reference: WithheldValue
    collector_offers: OfferBook
    completed_sales: WithheldValue
    observations: WithheldValue
    sources: tuple[SourceStatus, ...]


class SearchMatch(Doc):
    sku: str
    id: str = Field(alias="@id")
    name: str
    set_code: str = Field(description="<game>-<set>, as universal set paths spell it")
    set: str
    number: str
    lang: str
    variant: str | None
    confidence: Confidence
    matched_by: Literal["sku", "set_and_number", "number", "name"] = Field(
        description="name: an extension of the spec's three shapes (docs/search.md), tried when none reads the query"
    )


class SearchSummary(Doc):
    count: int = Field(description="every match, also those past `limit`")
    best_confidence: Confidence | None
    distinct_set_number_buckets: int
    ambiguous: bool = Field(description="true when the matches span more than one set-and-number bucket")


class SearchAnswer(Doc):
    kind: Literal["card_search"] = Field(alias="@kind")
    game: str
    q: str
    lang: str | None
    matches: tuple[SearchMatch, ...]
    truncated: bool
    summary: SearchSummary
    license: Literal["NOASSERTION"]


class SearchEverythingAnswer(SearchAnswer):
    everything: CardEverything | None = Field(
        description="the composer payload of the one bucket the query resolves to; null when ambiguous or empty"
    )


class BatchRequest(Doc):
    skus: tuple[str, ...] = Field(min_length=1, max_length=100, description="1 to 100 SKUs, answered in order")
    density: Literal["sparse", "normal", "saturated"] = "normal"


class BatchError(Doc):
    code: str
    message: str


class BatchItem(Doc):
    sku: str
    status: Literal[200, 404, 410] = Field(description="410: a retired SKU (the message names its successor)")
    card: UniversalCard | None
    error: BatchError | None


class BatchAnswer(Doc):
    kind: Literal["card_batch"] = Field(alias="@kind")
    density: str
    requested: int
    found: int
    not_found: int
    items: tuple[BatchItem, ...]
