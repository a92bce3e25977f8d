"""Query values the ledgers accept, parsed once: ``limit`` (a page size) and ``format`` (json or md).

A bad value is the spec's 400, with a message that names what is accepted.
"""

from __future__ import annotations

from generator.web.surface import Param, Query, Result, error

PAGE_DEFAULT, PAGE_MAX = 100, 500
FORMATS = ("json", "md")
MARKDOWN = "text/markdown; charset=utf-8"
LIMIT = Param(
    "limit",
    type="integer",
    default=PAGE_DEFAULT,
    minimum=1,
    maximum=PAGE_MAX,
    description="how many records, most recent first",
)
FORMAT = Param("format", enum=FORMATS, default="json", description="json, or md for Markdown")


def parse_limit(query: Query) -> int | Result:
    raw = query.get("limit", str(PAGE_DEFAULT))
    if not raw.isdigit() or not 1 <= int(raw) <= PAGE_MAX:
        return error(
            400, "invalid_limit", f"limit must be a whole number from 1 to {PAGE_MAX} (default {PAGE_DEFAULT})"
        )
    return int(raw)


def parse_format(query: Query) -> str | Result:
    chosen = query.get("format", "json")
    if chosen not in FORMATS:
        return error(400, "unknown_format", f"format must be one of {', '.join(FORMATS)}", known_formats=list(FORMATS))
    return chosen
