"""What a reader page says a card is: game, set, number, rarity, language and variant, in words.

The product page and the market page both open with these facts (issue 39, items 1 and 5), so they
are written once here. Codes stay beside the words ("English (en)", "SR (Super Rare)") because
collectors and the SKUs use the codes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from generator.models.rows import Printing
from generator.surfaces.catalog.universal import card_members
from generator.surfaces.pages.languages import LANGUAGE_NAMES, language_name
from generator.surfaces.pages.variant_words import BASE, token_and_words, variant_words
from generator.web.surface import Context

# One Piece prints its rarity as a code; the other games' sources give the rarity's name already.
RARITY_WORDS = {
    "op": {
        "C": "Common",
        "UC": "Uncommon",
        "R": "Rare",
        "SR": "Super Rare",
        "SEC": "Secret Rare",
        "L": "Leader",
        "P": "Promo",
        "SP": "Special card",
        "TR": "Treasure Rare",
    }
}


def link(label: str, href: str | None) -> dict[str, Any]:
    return {"label": label, "href": href}


def rarity_text(game: str, code: str | None) -> str:
    if not code:
        return "not printed"
    words = RARITY_WORDS.get(game, {}).get(code)
    return f"{code} ({words})" if words else code


def variant_text(game: str, variant: dict[str, Any] | None) -> str:
    """``asiap1 (Asia English, parallel art)``: the token with what it means."""
    return "none (the base printing)" if variant is None else token_and_words(game, variant["token"])


def printings_in_words(game: str, printings: Iterable[tuple[str, str | None]]) -> str:
    """(language, variant token) pairs as one short line, for a list of card numbers, each kind of
    printing counted: ``English: base · parallel art ×2; Japanese: base``, ``English`` for one base
    printing."""
    by_language: dict[str, Counter[str]] = defaultdict(Counter)
    for lang, token in printings:
        by_language[lang][variant_words(game, token, numbered=False)] += 1
    lines = []
    for lang, kinds in by_language.items():
        name = LANGUAGE_NAMES.get(lang, lang)
        counted = [kind if n == 1 else f"{kind} ×{n}" for kind, n in kinds.items()]
        lines.append(name if counted == [BASE] else f"{name}: {' · '.join(counted)}")
    return "; ".join(lines)


def card_facts(found: Printing, card: dict[str, Any]) -> list[tuple[str, str | dict[str, Any]]]:
    """(label, text or link) rows of a printing, from its universal card members (``card``)."""
    where = card["in_set"]
    return [
        ("Game", link(card["of_game"]["name"], f"/prices/{found.game}")),
        ("Set", link(f"{where['name'] or where['set']} ({where['set']})", f"/prices/{found.game}/{where['set']}")),
        ("Number", link(where["number"], f"/prices/{found.game}/{where['set']}/{found.number}")),  # as printed
        ("Rarity", rarity_text(found.game, (card["rarity"] or {}).get("code"))),
        ("Language", language_name(found.lang)),
        ("Variant", variant_text(found.game, card["variant"])),
    ]


def facts_of(ctx: Context, found: Printing) -> list[tuple[str, str | dict[str, Any]]]:
    """``card_facts`` of a printing whose universal members are not made yet (the market page)."""
    return card_facts(found, card_members(ctx, found, "sparse")[0])
