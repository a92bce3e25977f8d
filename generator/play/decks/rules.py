"""Deck-construction rules as data (``content/play/deck_rules.yaml``), loaded into frozen models.

Why data and not code: bans change on announced dates, the upstream's block field needs dated,
explained corrections, and a format is a handful of switches. Keeping them in one reviewed file means
the validator's code never changes when Bandai publishes a new list, and every decision carries its
source next to it. Lookups the validator needs per card (status on a date, effective block) are
precomputed here once so that validating a deck stays a few dictionary reads.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from generator.yamlfile import load_yaml

FormatName = Literal["standard", "legacy", "limited_sealed"]
FORMATS: tuple[FormatName, ...] = ("standard", "legacy", "limited_sealed")
DEFAULT_PATH = Path(__file__).resolve().parents[3] / "content" / "play" / "deck_rules.yaml"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Constants(_Frozen):
    leader_cards: int
    main_deck_size: int
    max_copies: int
    don_deck_size: int


class DeckSize(_Frozen):
    exactly: int | None = None
    at_least: int | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> DeckSize:
        if (self.exactly is None) == (self.at_least is None):
            raise ValueError("deck_size needs exactly one of 'exactly' or 'at_least'")
        return self

    def accepts(self, n: int) -> bool:
        return n == self.exactly if self.exactly is not None else n >= (self.at_least or 0)

    def describe(self) -> str:
        return f"exactly {self.exactly}" if self.exactly is not None else f"at least {self.at_least}"


class FormatRules(_Frozen):
    title: str
    deck_size: DeckSize
    copy_limit: int | None  # None: no copy limit (limited play)
    colour_rule: bool
    ban_list: bool
    rotation: bool
    note: str


class Rotation(_Frozen):
    format: FormatName
    announced: date
    effective: date
    min_block: int
    basis: str
    unknown_block: str


class BlockOverride(_Frozen):
    block: int
    upstream_block: int | None
    card_ids: tuple[str, ...]
    note: str
    checked_against: str


class BanEntry(_Frozen):
    card_id: str
    status: Literal["banned", "restricted"]
    effective: date
    effective_is_approximate: bool = False
    source: str


class ConstructionEffect(_Frozen):
    """A card whose text replaces a deck-construction rule (5-1-2-4)."""

    card_id: str
    kind: Literal["any_number_of_copies", "leader_max_cost", "leader_max_event_cost", "leader_required_type"]
    value: int | None = None
    type: str | None = None

    @model_validator(mode="after")
    def _has_its_parameter(self) -> ConstructionEffect:
        if self.kind in ("leader_max_cost", "leader_max_event_cost") and self.value is None:
            raise ValueError(f"{self.card_id}: {self.kind} needs a value")
        if self.kind == "leader_required_type" and not self.type:
            raise ValueError(f"{self.card_id}: leader_required_type needs a type")
        return self


class RulesData(_Frozen):
    rules_version: str
    constants: Constants
    formats: dict[FormatName, FormatRules]
    rotation: Rotation
    block_overrides: tuple[BlockOverride, ...]
    bans: tuple[BanEntry, ...]
    ban_list_note: str
    construction_effects: tuple[ConstructionEffect, ...]
    # Derived lookups, built once after validation; private, so never serialised.
    _block_by_card: dict[str, int] = PrivateAttr(default_factory=dict)
    _bans_by_card: dict[str, tuple[BanEntry, ...]] = PrivateAttr(default_factory=dict)
    _effects_by_card: dict[str, ConstructionEffect] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> RulesData:
        if set(self.formats) != set(FORMATS):
            raise ValueError(f"formats must be exactly {FORMATS}")
        seen = [card_id for o in self.block_overrides for card_id in o.card_ids]
        if len(seen) != len(set(seen)):
            raise ValueError("a card id has two block overrides")
        return self

    def model_post_init(self, context: object) -> None:
        self._block_by_card = {c: o.block for o in self.block_overrides for c in o.card_ids}
        bans: dict[str, list[BanEntry]] = {}
        for entry in sorted(self.bans, key=lambda e: e.effective):
            bans.setdefault(entry.card_id, []).append(entry)
        self._bans_by_card = {k: tuple(v) for k, v in bans.items()}
        self._effects_by_card = {e.card_id: e for e in self.construction_effects}

    def construction_effect(self, card_id: str) -> ConstructionEffect | None:
        return self._effects_by_card.get(card_id)

    def status_on(self, card_id: str, on: date) -> BanEntry | None:
        """The ban-list entry in force for ``card_id`` on ``on`` (the latest one effective by then)."""
        current = None
        for entry in self._bans_by_card.get(card_id, ()):
            if entry.effective <= on:
                current = entry
        return current

    def block_of(self, card_id: str, upstream_block: int | None) -> int | None:
        """The block the rotation check uses: a recorded override wins over the upstream value."""
        return self._block_by_card.get(card_id, upstream_block)

    def rotation_applies(self, fmt: FormatName, on: date) -> bool:
        return self.formats[fmt].rotation and fmt == self.rotation.format and on >= self.rotation.effective


def load_rules(path: Path = DEFAULT_PATH) -> RulesData:
    return RulesData.model_validate(load_yaml(path))
