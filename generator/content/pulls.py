"""Booster anatomy per game (``content/pulls.yaml``): authored facts, each product naming the
sources that state it, checked at load so a number without a source fails the build."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Literal

from pydantic import Field, HttpUrl, model_validator

from generator.content.catalog_policies import GAMES, Frozen
from generator.yamlfile import load_yaml


class PullSource(Frozen):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    url: HttpUrl
    title: str | None = None
    by: str
    date: dt.date | None = None
    kind: Literal["publisher", "press", "community"]
    states: str


class Slot(Frozen):
    cards: int = Field(ge=1)
    rarities: tuple[str, ...] = Field(min_length=1, description="catalog rarity values; 'any' or a card kind")
    foil: bool
    note: str | None = None


class StatedRate(Frozen):
    rarity: str
    per_pack: float = Field(gt=0)
    as_stated: str | None = None


class Product(Frozen):
    product: str
    cards_per_pack: int | None = None
    packs_per_box: int | None = None
    applies_to: str
    estimate_sets: str | None = None  # a pattern over set codes: the sets these slots describe
    slots: tuple[Slot, ...] = ()
    rates: tuple[StatedRate, ...] = ()
    sources: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Product:
        if self.estimate_sets is not None:
            re.compile(self.estimate_sets)
        if self.cards_per_pack is not None and sum(s.cards for s in self.slots) > self.cards_per_pack:
            raise ValueError(f"{self.product}: the slots hold more than {self.cards_per_pack} cards")
        return self


class GamePulls(Frozen):
    game: Literal["op", "ptcg", "fab", "lor"]
    ladder: tuple[str, ...] = Field(min_length=2, description="booster rarities, most common first")
    rare: tuple[str, ...]
    products: tuple[Product, ...] = Field(min_length=1)


class Pulls(Frozen):
    sources: tuple[PullSource, ...]
    games: tuple[GamePulls, ...]

    @model_validator(mode="after")
    def _every_game_and_source(self) -> Pulls:
        if tuple(g.game for g in self.games) != GAMES:
            raise ValueError(f"one entry per game, in the order {GAMES}")
        known = {s.id for s in self.sources}
        cited = {c for g in self.games for p in g.products for c in p.sources}
        if cited - known:
            raise ValueError(f"products cite unknown sources {sorted(cited - known)}")
        if known - cited:
            raise ValueError(f"sources cited by no product: {sorted(known - cited)}")
        for g in self.games:
            if set(g.rare) - set(g.ladder):
                raise ValueError(f"{g.game}: rare rarities {sorted(set(g.rare) - set(g.ladder))} are not on its ladder")
        return self


def load_pulls(root: Path) -> Pulls:
    return Pulls(**load_yaml(root / "pulls.yaml"))
