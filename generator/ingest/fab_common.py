"""Normalisation shared by the two Flesh and Blood upstreams, so both observe a printing identically.

fab-cards is built from the-fab-cube, but spells things its own way (``"Cold"`` for the cube's ``C``,
``life`` for ``Health``, no key for a standard foil). Both adapters map into the cube's letters for
the SKU (:mod:`generator.sku.fab`) and into the same attrs keys and value shapes here, so that when
the catalog merges their observations of one SKU, a recorded disagreement is a real one.

Rarity is published as the word (``Common``, ``Marvel``): fab-cards only has words, and the cube's
own ``rarity.csv`` gives the word for each of its letters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from generator.sku.fab import ART_VARIATIONS, EDITIONS, FOILINGS, is_back

RARITIES = {
    "C": "Common",
    "R": "Rare",
    "S": "Super Rare",
    "M": "Majestic",
    "L": "Legendary",
    "F": "Fabled",
    "T": "Token",
    "B": "Basic",
    "V": "Marvel",
    "P": "Promo",
}
# fab-cards words -> the cube's letters. No foiling key means standard; no edition means none specified.
FOILING_LETTERS = {None: "S", "Rainbow": "R", "Cold": "C", "Gold": "G"}
EDITION_LETTERS = {None: "N", "Promo": "N", "Alpha": "A", "First": "F", "Unlimited": "U"}
ART_CODES = {name: code for code, name in ART_VARIATIONS.items()}


def stat(value: object) -> int | str | None:
    """Card numbers are ints, but some are printed as text (``XX`` cost, ``*`` power): keep those."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = str(value).strip()
    return int(text) if text.lstrip("-").isdigit() else text


def split_list(value: str | None) -> list[str]:
    """The cube writes lists as ``"Generic, Action, Attack"``."""
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def sorted_words(values: Iterable[str]) -> list[str]:
    """Types and keywords are sets in play; the two upstreams order them differently, so sort."""
    return sorted({value for value in values if value})


def printing_attrs(
    edition: str, foiling: str, arts: Iterable[str], image: str, artists: list[str] | None
) -> dict[str, Any]:
    """The attributes of the physical printing (as opposed to the card), from the cube's letters."""
    attrs: dict[str, Any] = {
        "edition": EDITIONS.get(edition),
        "foiling": FOILINGS.get(foiling),
        "art_variations": [ART_VARIATIONS.get(code, code) for code in sorted(set(arts))],
        "face": "back" if is_back(image) else "front",
    }
    if artists is not None:
        attrs["artists"] = artists
    return attrs
