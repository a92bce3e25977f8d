"""A deck-validation request: strict, typed, and refusing rather than guessing.

Why strict: a validator that coerces ``50`` into ``"50"`` or ignores a misspelt member answers a
question nobody asked. This model is the POST's declared body (``Method.body``), so ``respond``
refuses a body that breaks it before the validator runs, in the one refusal shape
(``generator.web.validate``): 413 ``body_too_large`` over 1 MiB, 400 ``not_utf8``, ``not_json``,
``duplicate_key``, ``not_an_object``, and 400 ``invalid_body`` naming the member (``body.format``)
for a missing or unknown member, a wrong JSON type, a format other than standard, legacy and
limited_sealed, or a date that is not a calendar date written YYYY-MM-DD. The body is never stored.
"""

from __future__ import annotations

import re
from datetime import date as Date

from pydantic import BaseModel, ConfigDict, field_validator

from generator.play.decks.rules import FormatName

MAX_BODY_BYTES = 1_048_576
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DeckRequest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    leader_id: str
    main_deck_card_ids: tuple[str, ...]
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
