"""What every discovery surface declares alike: written by the service (static provenance, the
methodology freshness budget) and first served on the day this family was written."""

from __future__ import annotations

from typing import Any

from generator.web.surface import Context

SINCE = "2026-11-24"
AUTHORED: dict[str, Any] = {"freshness": "methodology", "provenance_kind": "static", "since": SINCE}


def one_path(ctx: Context) -> list[dict[str, str]]:
    """The enumeration of a surface with one static path (no placeholders)."""
    return [{}]
