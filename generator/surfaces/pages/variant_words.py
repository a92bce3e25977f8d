"""A printing's variant in a collector's words, from its SKU token (issue 39: no page lists raw codes).

The token stays the identifier; these words say what it means, from the SKU standard's own tables
(``generator.sku``): One Piece ``asiap2`` is "Asia English, parallel art 2", Flesh and Blood ``ucea``
is "Unlimited, Cold Foil, Extended Art", Lorcana ``s7`` "a set 7 card". Any other token (a Pokemon
upstream suffix, a Lorcana name token) reads as itself.
"""

from __future__ import annotations

import re

from generator.sku import fab
from generator.sku.op import ART_KINDS, RELEASES, variant_of
from generator.sku.standard import SkuError

BASE = "base"  # the printing without a variant
LORCANA_SET = re.compile(r"^s(\d+)$")


def variant_words(game: str, token: str | None, numbered: bool = True) -> str:
    """What ``token`` is; ``numbered=False`` leaves out which One Piece art it is (``parallel art``
    for p1 and p2 alike), to count printings of a kind."""
    if token is None:
        return BASE
    if game == "op":
        return _one_piece(token, numbered)
    if game == "fab":
        return _flesh_and_blood(token)
    if game == "lor" and (slot := LORCANA_SET.match(token)):
        return f"a set {slot[1]} card"  # two cards on one promo number, told apart by their set
    return token


def _one_piece(token: str, numbered: bool) -> str:
    variant = variant_of(token)
    words = [RELEASES[variant.release].removesuffix(" release")] if variant.release in RELEASES else []
    if variant.art:
        kind, number = ART_KINDS.get(variant.art[0]), variant.art[1:]
        if kind and number.isdigit():
            words.append(f"{kind} {number}".removesuffix(" 1") if numbered else kind)
        else:
            words.append(variant.art)
    return ", ".join(words) or token


def _flesh_and_blood(token: str) -> str:
    try:
        variant = fab.Variant.parse(token)
    except SkuError:
        return token
    words = [fab.EDITIONS[variant.edition] or ""]
    words += [fab.FOILINGS[variant.foiling]] if variant.foiling != "S" else []
    words += [fab.ART_VARIATIONS[code] for code in variant.arts]
    words += ["back face"] if variant.back else []
    words += [f"version {variant.ordinal}"] if variant.ordinal > 1 else []
    return ", ".join(w for w in words if w) or "Standard"


def token_and_words(game: str, token: str | None) -> str:
    """``as (Alpha)``; the words alone where they are the token."""
    words = variant_words(game, token)
    return words if token is None or words == token else f"{token} ({words})"
