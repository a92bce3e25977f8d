"""Query values of the playful surfaces, read strictly: a value outside the vocabulary is a 400 whose
message lists the vocabulary (and whose body carries it as ``accepted``), never a silent default.

Handlers read their query through these helpers inside ``answers_bad_query``, which turns a
``BadQuery`` into the error result, so each handler reads as if every value were good.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps

from generator.surfaces.registry import Context, Handler, Params, Query, Result, error

FLAGS = ("true", "false")


class BadQuery(Exception):
    """``accepted`` is the vocabulary: a list of values, or {minimum, maximum} for a number."""

    def __init__(self, name: str, message: str, accepted: list[str] | dict[str, int]):
        self.code = f"bad_{name.replace('-', '_')}"
        self.message = message
        self.accepted = accepted
        super().__init__(message)


def answers_bad_query(handler: Callable[[Context, Params, Query], Result]) -> Handler:
    @wraps(handler)
    def run(ctx: Context, params: Params, query: Query) -> Result:
        try:
            return handler(ctx, params, query)
        except BadQuery as bad:
            return error(400, bad.code, bad.message, accepted=bad.accepted)

    return run


def choice(query: Query, name: str, allowed: Sequence[str], default: str | None) -> str | None:
    value = query.get(name)
    if value is None:
        return default
    if value not in allowed:
        raise BadQuery(name, f"{name} must be one of: {', '.join(allowed)}", list(allowed))
    return value


def flag(query: Query, name: str) -> bool:
    """``name=true`` or ``name=false``; absent is false."""
    return choice(query, name, FLAGS, "false") == "true"


def integer(
    query: Query, name: str, low: int, high: int, default: int | None, message: str | None = None
) -> int | None:
    """A whole number from ``low`` to ``high`` written in plain digits (no sign, no spaces)."""
    value = query.get(name)
    if value is None:
        return default
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise BadQuery(
            name, message or f"{name} must be a whole number from {low} to {high}", {"minimum": low, "maximum": high}
        )
    return int(value)


def text_format(query: Query, allowed: Mapping[str, str | None]) -> str | None:
    """The ``format`` query: its media type, or None for JSON (the surface's own)."""
    chosen = choice(query, "format", tuple(allowed), "json")
    return allowed[chosen or "json"]


TEXT = "text/plain; charset=utf-8"
MARKDOWN = "text/markdown; charset=utf-8"
