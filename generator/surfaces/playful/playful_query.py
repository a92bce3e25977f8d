"""Query values of the playful surfaces, read as their declared types.

``respond`` has refused every value a surface's ``Param`` does not admit before the handler runs
(``generator.web.validate``), so these only convert: an absent value is the default.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.web.surface import Query

TEXT = "text/plain; charset=utf-8"
MARKDOWN = "text/markdown; charset=utf-8"


def choice(query: Query, name: str, default: str | None) -> str | None:
    return query.get(name, default)


def flag(query: Query, name: str) -> bool:
    """``name=true``; absent (or false) is false."""
    return query.get(name) == "true"


def integer(query: Query, name: str, default: int | None) -> int | None:
    value = query.get(name)
    return default if value is None else int(value)


def text_format(query: Query, allowed: Mapping[str, str | None]) -> str | None:
    """The ``format`` query: its media type, or None for JSON (the surface's own)."""
    return allowed[query.get("format", "json")]
