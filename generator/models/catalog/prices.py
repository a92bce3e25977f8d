"""Response models of the price-guide JSON (spec section A, ``/api/v1/prices/games/...``).

Navigation from games to sets to card numbers, with every source's evidence state; every value is
withheld (its source's reuse rights are not recorded), so no price appears anywhere: the structure
says where a price would be and why it is not.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.catalog.cards import SourceStatus
from generator.models.frozen import Doc


class Withheld(Doc):
    value: None = Field(description="always null: values from uncleared sources are withheld")
    currency: Literal["GBP"]
    reason: str


class PriceSetEntry(Doc):
    set: str
    name: str | None
    released_at: str | None
    numbers: int
    printings: int
    id: str = Field(alias="@id")


class PriceGame(Doc):
    kind: Literal["price_guide_game"] = Field(alias="@kind")
    game: str
    name: str
    license: Literal["NOASSERTION"]
    price: Withheld
    set_count: int
    sets: tuple[PriceSetEntry, ...]
    sources: tuple[SourceStatus, ...]
    movers: str = Field(description="the paused movers door of this game")


class PricePrintingRef(Doc):
    sku: str
    lang: str
    variant: str | None
    id: str = Field(alias="@id")


class PriceNumberEntry(Doc):
    number: str
    name: str
    printings: tuple[PricePrintingRef, ...]
    id: str = Field(alias="@id")


class PriceSet(Doc):
    kind: Literal["price_guide_set"] = Field(alias="@kind")
    game: str
    set: str
    name: str | None
    license: Literal["NOASSERTION"]
    price: Withheld
    number_count: int
    numbers: tuple[PriceNumberEntry, ...]
    up: str


class PricePrinting(Doc):
    sku: str
    id: str = Field(alias="@id")
    name: str
    lang: str
    variant: str | None
    rarity: str | None
    price: Withheld
    sources: tuple[SourceStatus, ...]


class PriceCard(Doc):
    kind: Literal["price_guide_card"] = Field(alias="@kind")
    game: str
    set: str
    set_name: str | None
    number: str
    name: str
    license: Literal["NOASSERTION"]
    printings: tuple[PricePrinting, ...]
    everything: str
    up: str
