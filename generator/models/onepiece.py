"""A One Piece card as the play module sees it: one card id, its English attributes.

Alternate arts (``_p1``, ``_r1``) are printings of the same card: they share ``card_id`` and count as
the same card for the 4-copy rule (rules 2-14-2). Values follow the upstream after normalisation:
``None`` where the card has no such value ("-" upstream), a Leader's Life in ``life`` (punk-records
stores it in ``cost``), effect and trigger text apart, ``<br>`` turned into newlines.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Category = Literal["Leader", "Character", "Event", "Stage"]
COLORS = ("Red", "Green", "Blue", "Purple", "Black", "Yellow")


class OnePieceCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    card_id: str  # "OP01-001"
    name: str
    category: Category
    colors: tuple[str, ...]  # subset of COLORS; empty when unknown
    cost: int | None  # play cost; None for Leaders
    power: int | None
    counter: int | None  # the Counter value printed on a Character, e.g. 1000
    life: int | None  # Leaders only
    attributes: tuple[str, ...]  # "Slash", "Strike", ...
    types: tuple[str, ...]  # "Straw Hat Crew", ...
    effect: str | None  # without the [Trigger] part
    trigger: str | None  # the text after [Trigger], when the card has one
    block: int | None  # block icon printed on the card
    rarity: str | None  # C, UC, R, SR, SEC, L, P, SP, TR
    skus: tuple[str, ...]  # English printings of this card (base art first)
