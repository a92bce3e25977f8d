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
from dataclasses import dataclass

from generator.sku.standard import Sku, SkuError, token

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


def known_set(set_tok: str) -> bool:
    """A set token this standard names (a main set or a promo group): "93" read off a misprint is not one."""
    return set_tok in PROMO_SETS or set_tok in {str(number) for number in SET_NUMBERS.values()}


def set_token(code: str) -> str | None:
    """A lorcana-data set code as a SKU set token; None for a code the standard does not list yet."""
    code = str(code).lower()
    if code in SET_NUMBERS:
        return str(SET_NUMBERS[code])
    return code if code in PROMO_SETS else None


@dataclass(frozen=True, slots=True)
class Printed:
    """A printed identifier read back: where the card sits, and the set number printed after the language.

    ``5/C2 • EN • 7`` is ``Printed("c2", 5, "7")``; ``1/204 • EN • 1`` is ``Printed("1", 1, "1")``. The set
    number is kept apart because a promo's SKU leaves it out, yet it is what tells apart two different
    cards printed with the same promo number.
    """

    set: str  # the SKU set token: "1", "q1", "p2"
    number: int
    set_number: str  # as printed after the language, lowercased: "1", "q1"


# "1/204 EN 1", "1/204 • EN • 1", "01/D23 EN 1", "4a/204 EN 3", "1/31 • EN • Q1"
_PRINTED = re.compile(r"^(\d+)[a-z]?\s*/\s*([a-z0-9]+)\s*•?\s*[a-z]{2}\s*•?\s*([a-z0-9]+)$")
# lorcana-data's spelling for the earliest P1 promos: "1TFC EN 2/P1" (set 1, card 2 of P1)
_PRINTED_SET_FIRST = re.compile(r"^(\d+)[a-z]+\s+[a-z]{2}\s+(\d+)[a-z]?/([a-z][a-z0-9]*)$")


def parse_printed(text: object) -> Printed | None:
    """Read a printed identifier; None when it is not one (blank, garbled, or no set a token can name)."""
    folded = str(text or "").strip().lower()
    if match := _PRINTED.match(folded):
        number, group, set_number = match.groups()
    elif match := _PRINTED_SET_FIRST.match(folded):
        set_number, number, group = match.groups()
    else:
        return None
    if not group.isdigit():  # a promo prints its group where a set prints its size
        return Printed(group, int(number), _main_set(set_number) or set_number)
    main = _main_set(set_number)
    return Printed(main, int(number), main) if main else None


def _main_set(set_number: str) -> str | None:
    """ "1" for a set, "q1" for a quest; None for anything else ("p2" where a set number belongs)."""
    if set_number.isdigit():
        return str(int(set_number))
    return set_number if re.fullmatch(r"q\d+", set_number) else None


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


def told_apart(claims: Iterable[tuple[Hashable, str, str | None]]) -> dict[tuple[Hashable, str], str | None]:
    """For each (printed identifier, card key, printed set number): the SKU variant that keeps it apart.

    One card per identifier needs no variant (a repeat of it is a duplicate). Two different cards on
    one promo number are told apart by the set number each prints after the language (``5/C2 • EN • 7``
    and ``5/C2 • EN • 9`` -> variants ``s7`` and ``s9``), but only when every card prints its own set
    number; otherwise the upstream is wrong about one of them and we cannot tell which: the identifier
    is left out, and every claimant is quarantined.
    """
    cards: dict[Hashable, set[tuple[str, str | None]]] = defaultdict(set)
    for identifier, key, set_number in claims:
        cards[identifier].add((key, set_number))
    variants: dict[tuple[Hashable, str], str | None] = {}
    for identifier, claimants in cards.items():
        keys = {key for key, _ in claimants}
        numbers = {number for _, number in claimants}
        if len(keys) == 1:
            variants[identifier, next(iter(keys))] = None
        elif len(claimants) == len(keys) == len(numbers) and None not in numbers:
            variants.update({(identifier, key): f"s{number}" for key, number in claimants})
    return variants
