"""A deck-validation request: strict, typed, bounded, and refusing rather than guessing.

Why strict: a validator that coerces ``50`` into ``"50"`` or ignores a misspelt member answers a
question nobody asked. This model is the POST's declared body (``Method.body``), so ``respond``
refuses a body that breaks it before the validator runs, in the one refusal shape
(``generator.web.validate``): 413 ``body_too_large`` over 64 KiB, 400 ``not_utf8``, ``not_json``,
``duplicate_key``, ``not_an_object``, and 400 ``invalid_body`` naming the member (``body.format``)
for a missing or unknown member, a wrong JSON type, a format other than standard, legacy and
limited_sealed, a date that is not a calendar date written YYYY-MM-DD, more than ``MAX_DECK_CARDS``
cards or a card reference over ``MAX_REF_CHARS`` characters. The body is never stored.

Why bounded: the validator's work grows with the deck, and a 1 MB body of 80,000 unknown ids cost
0.23 s of CPU and an 882 KB answer (issue 34). No legal deck is near the bounds: constructed decks
are exactly 50 cards, and a limited deck (at least 30) holds at most the cards its player opened,
under 100 for a pool of eight 12-card boosters; 200 leaves twice that as margin. The longest
reference accepted (a SKU with a variant, ``op-op01-001-ja-p1``) is under 20 characters; 64 is the
margin. 200 references of 64 characters take 14 KB: the 64 KiB body leaves room for whitespace.
"""

from __future__ import annotations

import re
from datetime import date as Date
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from generator.play.decks.rules import FormatName

MAX_DECK_CARDS = 200
MAX_REF_CHARS = 64
DECK_BODY_BYTES = 64 * 1024
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
CardRef = Annotated[str, StringConstraints(max_length=MAX_REF_CHARS)]


class DeckRequest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    leader_id: CardRef
    main_deck_card_ids: Annotated[
        tuple[CardRef, ...],
        Field(max_length=MAX_DECK_CARDS, description=f"the main deck; at most {MAX_DECK_CARDS} references"),
    ]
    format: FormatName
    date: Date | None = None  # the day legality is judged on (YYYY-MM-DD); default today

    @field_validator("date", mode="before")
    @classmethod
    def _iso_date(cls, value: object) -> object:
        if value is None or isinstance(value, Date):
            return value
        if not isinstance(value, str) or not _ISO_DATE.match(value):
            raise ValueError("date must be a string YYYY-MM-DD")
        return Date.fromisoformat(value)  # ValueError for 2026-02-30
