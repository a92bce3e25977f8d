"""The Lorcana part of the SKU standard (``docs/sku.md, Lorcana section``), shared by both Lorcana adapters.

LorcanaJSON and lorcana-data name sets differently (``"1"`` vs ``tfc``) and one of LorcanaJSON's
codes collides with a later official set (its ``"10"`` is the quest Deep Trouble, not Whispers in
the Well). So the SKU takes what is printed on the card instead: ``1/204 EN 1`` is set ``1``,
``4a/204 EN 3`` is number ``4a`` in set ``3``, ``1/P1 EN 1`` is number ``1`` in set ``p1``,
``1/31 EN Q1`` is set ``q1``. Both adapters fold their upstream fields through these helpers, so
the same English printing gets the same SKU from either source and the catalog merges them.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Hashable, Iterable

from generator.sku import Sku, SkuError, token

GAME = "lor"
LANGUAGES = ("en", "fr", "de", "it", "ja", "zh")

# lorcana-data set codes -> the set number printed on the card (the last part of "1/204 EN 1").
SET_NUMBERS = {
    "tfc": 1,
    "rotf": 2,
    "iti": 3,
    "urr": 4,
    "ssk": 5,
    "azu": 6,
    "arc": 7,
    "roj": 8,
    "fab": 9,
    "whi": 10,
    "win": 11,
    "wun": 12,
    "atv": 13,
}
# Promo groups are printed in place of the set total ("1/P1", "3/PD1", "01/D23"); both upstreams
# spell them the same way, so the lowercased group is the set token. "worlds" is lorcana-data's.
PROMO_SETS = frozenset({"p1", "p2", "p3", "p4", "c1", "c2", "d23", "pd1", "dis", "worlds"})


def set_token(code: str) -> str | None:
    """A lorcana-data set code as a SKU set token; None for a code the standard does not list yet."""
    code = str(code).lower()
    if code in SET_NUMBERS:
        return str(SET_NUMBERS[code])
    return code if code in PROMO_SETS else None


def number_token(number: object, suffix: object = None) -> str:
    """The collector number as printed, without zero padding: ``(4, "a")`` -> ``"4a"``, ``"01"`` -> ``"1"``.

    Both upstreams store the number as an integer and the printed letter separately, and D23 promos
    print "01" where the integer is 1; dropping the padding is what makes the two sources agree.
    """
    try:
        value = int(str(number).strip())
    except ValueError:
        raise SkuError(f"collector number {number!r} is not an integer") from None
    return token(f"{value}{suffix or ''}")


def lor_sku(set_tok: str, number: object, suffix: object, lang: str, variant: str | None = None) -> Sku:
    return Sku.of(GAME, set_tok, number_token(number, suffix), lang, variant)


def full_name(name: object, version: object) -> str | None:
    """ "Ariel - On Human Legs": the name as LorcanaJSON's ``fullName`` writes it."""
    name = str(name or "").strip()
    version = str(version or "").strip()
    return f"{name} - {version}" if name and version else (name or None)


def card_key(name: str) -> str:
    """One card across every printing and source: its English full name, folded to a slug.

    Lorcana's deck rules treat cards with the same full name as the same card, and both upstreams
    carry the English full name, so ``"Elsa's Ice Palace - Place of Solitude"`` and a reprint of it
    in another set share ``elsas-ice-palace-place-of-solitude``. Case differences between sources
    ("Miserable As Usual" / "as Usual") fold away.
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.replace("'", "")).strip("-")


def display_label(value: object) -> str | None:
    """LorcanaJSON's way of writing a label ("Super Rare", "Seven Dwarfs") from lorcana-data's slugs."""
    text = str(value or "").replace("_", " ").strip()
    return " ".join(word.capitalize() for word in text.split()) or None


def conflicting(claims: Iterable[tuple[Hashable, str]]) -> set[Hashable]:
    """Printed identifiers claimed by more than one card: no source row can be trusted for them.

    A repeat of the same card is a harmless duplicate (the first is kept), but when two different
    cards claim "5/C2" the upstream is wrong about one of them and we cannot tell which.
    """
    cards: dict[Hashable, set[str]] = defaultdict(set)
    for identifier, key in claims:
        cards[identifier].add(key)
    return {identifier for identifier, keys in cards.items() if len(keys) > 1}
