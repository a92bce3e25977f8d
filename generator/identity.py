"""A printing's structural identity and its ``@content_hash`` (ARCHITECTURE.md section 4, "Hashes").

The content hash covers only the identity fields listed in ``IDENTITY_FIELDS``, with price and
capture date fixed to null, so it changes only when something structural changes. The encoding
spec surface publishes this same list, so a client can recompute any card's hash.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.hashing import content_hash
from generator.models.rows import Printing

IDENTITY_FIELDS = ("game", "set", "number", "lang", "variant", "name", "rarity")
FIXED_NULL_FIELDS = ("price", "captured_at")


def identity(printing: Printing, encoding: str) -> dict[str, str | None]:
    return identity_of_row(printing.__dict__, encoding)


def identity_of_row(row: Mapping[str, Any], encoding: str) -> dict[str, str | None]:
    """The identity of a printing given as a catalog row (or any mapping of its fields)."""
    return {
        "@encoding": encoding,
        "game": row["game"],
        "set": row["set_code"],
        "number": row["number"],
        "lang": row["lang"],
        "variant": row["variant"],
        "name": row["name"],
        "rarity": row["rarity"],
        "price": None,
        "captured_at": None,
    }


def card_content_hash(printing: Printing, encoding: str) -> str:
    return content_hash(identity(printing, encoding))
