"""Reading a deck-validation body: strict, typed, and refusing rather than guessing.

Why strict: a validator that coerces ``50`` into ``"50"`` or ignores a misspelt member answers a
question nobody asked. Every refusal is a ``BadRequest`` with a stable machine code (the app turns it
into a 400 ``{error: {code, message}}``, as the spec says for an invalid deck-validation body):

  body_too_large   more than 1 MiB (1,048,576 bytes), checked before anything is read
  not_utf8         not strict UTF-8
  not_json         not a JSON document
  not_an_object    JSON, but not an object
  missing_member   leader_id, main_deck_card_ids or format absent
  unknown_member   any other member (a typo must not be silently ignored)
  wrong_type       a member of the wrong JSON type (strings must be strings, the deck an array)
  unknown_format   format other than standard, legacy, limited_sealed
  bad_date         date not a real calendar date written YYYY-MM-DD
The body is never stored or logged.
"""

from __future__ import annotations

import re
from datetime import date as Date

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from generator.body import BodyError, json_object
from generator.play.decks.rules import FormatName

MAX_BODY_BYTES = 1_048_576
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_CODES = {"missing": "missing_member", "extra_forbidden": "unknown_member", "literal_error": "unknown_format"}
_PLAIN = {
    "string_type": "must be a JSON string",
    "tuple_type": "must be a JSON array of strings",
    "missing": "is required",
    "extra_forbidden": "is not a member of this request",
}


class BadRequest(ValueError):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def body(self) -> dict:
        return {"error": {"code": self.code, "message": self.message}}


class DeckRequest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    leader_id: str
    main_deck_card_ids: tuple[str, ...]
    format: FormatName
    date: Date | None = None

    @field_validator("date", mode="before")
    @classmethod
    def _iso_date(cls, value: object) -> object:
        if value is None or isinstance(value, Date):
            return value
        if not isinstance(value, str) or not _ISO_DATE.match(value):
            raise ValueError("date must be a string YYYY-MM-DD")
        return Date.fromisoformat(value)  # ValueError for 2026-02-30


def parse_request(body: bytes) -> DeckRequest:
    try:
        document = json_object(body, MAX_BODY_BYTES, "a JSON object with leader_id, main_deck_card_ids and format")
    except BodyError as exc:
        raise BadRequest(exc.code, exc.message) from None
    if isinstance(document.get("main_deck_card_ids"), list):
        # JSON arrays arrive as lists; the model keeps a tuple (frozen), strict mode wants the tuple.
        document["main_deck_card_ids"] = tuple(document["main_deck_card_ids"])
    try:
        return DeckRequest.model_validate(document)
    except ValidationError as exc:
        raise _bad(exc) from None


def _bad(exc: ValidationError) -> BadRequest:
    """Report the first problem with a stable code, naming the member."""
    error = exc.errors()[0]
    member = ".".join(str(part) for part in error["loc"]) or "body"
    if error["loc"][:1] == ("date",):
        return BadRequest("bad_date", f"date: {error['msg'].removeprefix('Value error, ')}.")
    code = _CODES.get(error["type"], "wrong_type")
    return BadRequest(code, f"{member} {_PLAIN.get(error['type'], error['msg'].lower())}.")
