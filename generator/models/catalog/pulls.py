"""``/api/v1/pulls``: booster contents per game. The anatomy is authored with its sources
(``content/pulls.yaml``); card counts per rarity are computed from the catalog; per-card rates are
estimates with their basis and confidence; the disclosure map says which is which."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.frozen import Doc


class CitedSource(Doc):
    id: str
    url: str
    title: str | None
    by: str
    date: str | None = Field(description="ISO date of the source, where it carries one")
    kind: Literal["publisher", "press", "community"]
    states: str = Field(description="what this source is cited for")


class PackSlot(Doc):
    cards: int
    rarities: tuple[str, ...] = Field(description="rarities that may fill the slot ('any': every rarity)")
    foil: bool
    note: str | None


class StatedRate(Doc):
    rarity: str
    per_pack: float = Field(description="copies of that rarity in an average pack, as the source states")
    as_stated: str | None


class PackProduct(Doc):
    product: str
    cards_per_pack: int | None = Field(description="null where no listed source states it")
    packs_per_box: int | None
    applies_to: str
    slots: tuple[PackSlot, ...]
    unlisted_cards: int | None = Field(description="cards of a pack that no stated slot describes")
    stated_rates: tuple[StatedRate, ...]
    sources: tuple[str, ...] = Field(description="ids into the document's sources")
    estimates_for: str | None = Field(description="pattern of the set codes these slots describe; null: no estimate")


class RarityCount(Doc):
    rarity: str
    cards: int = Field(description="distinct card numbers of this rarity, from this build's catalog")


class Estimate(Doc):
    rarity: str
    basis: Literal["slot", "stated_rate"] = Field(
        description="slot: a slot of this rarity alone; stated_rate: a per-pack rate the source states"
    )
    per_pack: float = Field(description="copies of the rarity in an average pack")
    cards_of_rarity: int
    copies_of_one_card_per_pack: float
    packs_per_copy: float = Field(description="average packs for one copy of a given card of this rarity")
    confidence: Literal["medium", "low"] = Field(
        description="medium: publisher-stated anatomy; low: press or community reports. Never high: "
        "the even split over a rarity's cards is our assumption"
    )


class SetPulls(Doc):
    set: str
    name: str | None
    cards_by_rarity: tuple[RarityCount, ...]
    estimates: tuple[Estimate, ...]


class RareOccurrence(Doc):
    rarity: str
    printings: int
    cards: int
    sets: int
    per_pack: None = Field(description="always null: no listed source states how often it appears")
    why_null: str


class GamePulls(Doc):
    game: str
    name: str
    rarity_ladder: tuple[RarityCount, ...] = Field(description="booster rarities, most common first")
    products: tuple[PackProduct, ...]
    sets: tuple[SetPulls, ...]
    rare_occurrences: tuple[RareOccurrence, ...]


class Disclosure(Doc):
    field: str
    status: Literal["reported", "computed", "estimated", "not_available"]
    how: str


class PullsDocument(Doc):
    kind: Literal["pulls"] = Field(alias="@kind")
    license: Literal["NOASSERTION"]
    game_count: int
    games: tuple[GamePulls, ...]
    sources: tuple[CitedSource, ...]
    disclosure: tuple[Disclosure, ...]
    method: str
