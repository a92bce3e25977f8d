"""A One Piece card as the play module sees it (one card id, its English attributes), and the
printed numbers each card category has.

Alternate arts (``_p1``, ``_r1``) are printings of the same card: they share ``card_id`` and count as
the same card for the 4-copy rule (rules 2-14-2). Which numbers a card prints depends on its category
(Comprehensive Rules 1.2.0, section 2): a number the category has is a number, 0 included (the card
lists write "-" where the card prints 0: Otama OP01-006, power 0); one it lacks is not there (a
Leader has no cost). The one number a card of its category may lack is a Character's Counter: a
Character without the Counter symbol has none (``None``), which is not a Counter of 0 (it cannot be
trashed for a counter at all). A Leader's Life is in ``life`` (punk-records stores it in ``cost``),
effect and trigger text apart, ``<br>`` turned into newlines.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.models.frozen import Doc, stated_in_json_schema

Category = Literal["Leader", "Character", "Event", "Stage"]
COLORS = ("Red", "Green", "Blue", "Purple", "Black", "Yellow")
STATS = ("cost", "power", "counter", "life")  # the printed numbers, in the attributes' order
# Which of them a card of each category has: power 2-6-2 (Leader, Character), cost 2-7-5 (Character,
# Event, Stage), Life 2-9-3 (Leader), Counter 2-10-2 (Character).
STATS_OF: dict[str, tuple[str, ...]] = {
    "Leader": ("power", "life"),
    "Character": ("cost", "power", "counter"),
    "Event": ("cost",),
    "Stage": ("cost",),
}
MAY_LACK = frozenset({"counter"})  # a Character without the Counter symbol prints no Counter (2-10)
# Why a category lacks a number: what the published attributes' model says of an absent one.
WHY_ABSENT = {
    "cost": "only Character, Event and Stage cards have a cost (rule 2-7-5): absent on a Leader",
    "power": "only Leader and Character cards have power (rule 2-6-2): absent on an Event or a Stage",
    "counter": "only Character cards have a Counter (rule 2-10-2): absent on a Leader, an Event or a Stage",
    "life": "only Leader cards have Life (rule 2-9-3): absent on a Character, an Event or a Stage",
}
# The attributes a card may print (2-5-2); only Leaders and Characters have one (2-5-5)
ATTRIBUTES = ("Slash", "Strike", "Ranged", "Special", "Wisdom", "?")


class OnePieceCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    card_id: str  # "OP01-001"
    name: str
    category: Category
    colors: tuple[str, ...]  # subset of COLORS; empty when unknown
    cost: int | None  # play cost, 0 included; None for Leaders (2-7-5)
    power: int | None  # Leaders and Characters, 0 included; None for Events and Stages (2-6-2)
    counter: int | None  # the Counter value printed on a Character, e.g. 1000; None: no Counter symbol
    life: int | None  # Leaders only
    attributes: tuple[str, ...]  # "Slash", "Strike", ...
    types: tuple[str, ...]  # "Straw Hat Crew", ...
    effect: str | None  # without the [Trigger] part
    trigger: str | None  # the text after [Trigger], when the card has one
    block: int | None  # block icon printed on the card
    rarity: str | None  # C, UC, R, SR, SEC, L, P, SP, TR
    skus: tuple[str, ...]  # English printings of this card (base art first)


def numbers_of_each_category() -> dict[str, Any]:
    """``STATS_OF`` as JSON Schema: a category's numbers are present (null allowed where the catalog
    has none), the others absent. The published schema states the rule and build-time validation
    checks it there (``OnePieceAttributes._numbers_of_its_category`` is the same rule for pydantic)."""
    return {
        "allOf": [
            {
                "if": {"properties": {"category": {"const": category}}, "required": ["category"]},
                "then": {"required": list(has), "properties": {stat: False for stat in STATS if stat not in has}},
            }
            for category, has in STATS_OF.items()
        ]
    }


class OnePieceAttributes(Doc):
    """A One Piece printing's ``attributes`` in a card document (``op-`` SKUs). The printed numbers
    follow the card's category (``STATS_OF``): one the category has is published as a number, 0
    included; one it lacks is absent (never null), each field's description says which categories
    have it. A number the category has is null only where the card has none printed (a Character
    without the Counter symbol) or where the catalog withholds it: its printings disagree and this
    one is the odd one out (the printing's ``disagreements`` say so; docs/sku.md)."""

    model_config = ConfigDict(json_schema_extra=numbers_of_each_category())

    category: Category
    colors: tuple[str, ...] = Field(description="every colour of the card's hexagon (2-3)")
    cost: int | None = Field(None, description=f"{WHY_ABSENT['cost']}; 0 where the card prints 0")
    power: int | None = Field(None, description=f"{WHY_ABSENT['power']}; 0 where the card prints 0")
    counter: int | None = Field(
        None,
        description=f"{WHY_ABSENT['counter']}; null on a Character that prints no Counter symbol "
        "(it cannot be trashed for a counter: not a Counter of 0)",
    )
    life: int | None = Field(None, description=WHY_ABSENT["life"])
    attributes: tuple[str, ...] = Field(
        description="Slash, Strike, Ranged, Special, Wisdom or ? (2-5-2); empty on an Event or a Stage (2-5-5)"
    )
    types: tuple[str, ...]
    effect: str | None
    trigger: str | None = Field(description="the [Trigger] text, apart from the effect; null when none")
    block: int | None = Field(description="the block icon printed on the card (2-15)")

    @model_validator(mode="after")
    @stated_in_json_schema
    def _numbers_of_its_category(self) -> OnePieceAttributes:
        has = STATS_OF[self.category]
        extra = [s for s in STATS if s in self.model_fields_set and s not in has]
        missing = [s for s in has if s not in self.model_fields_set]
        if extra or missing:
            found = ([f"{extra} published"] if extra else []) + ([f"{missing} absent"] if missing else [])
            raise ValueError(f"a {self.category} has {', '.join(has)}: {'; '.join(found)}")
        return self
