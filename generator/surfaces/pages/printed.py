"""A printing's attributes as a collector reads them, for the product page's "As printed" table.

The catalog keeps each upstream's attributes as it wrote them (camelCase keys, nested attack and
ability records, ``**bold**`` and ``{p}`` markup): right for the JSON, wrong for a reader, who met
``{'name': 'Fire Spin', 'cost': [...]}`` on 46,700 pages (issue 39). Here every key gets a label in
words and every value a sentence: attacks with their energy cost, damage and text; weakness and
resistance; Flesh and Blood's markup as words (``{p}`` is "power"); legality as the formats a card
is legal in. A key not named here still reads as words (``evolvesFrom`` -> "Evolves from"), and no
value is ever printed as program text. The page writes text only: nothing here is markup. The values
that are the card's own printed text (``PRINTED_TEXT``: a Japanese One Piece card's effect and
types, a French Flesh and Blood card's text) are marked with the printing's language, as its name is
(``generator.surfaces.pages.languages``); the labels and the words made here stay the page's English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from generator.surfaces.pages.languages import PAGE_LANGUAGE, in_language

Rows = Iterator[tuple[str, str]]
Cell = dict[str, Any]  # a value in the printing's language (languages.in_language)
LABELS = {
    "hp": "HP",
    "nationalPokedexNumbers": "National Pokédex number",
    "regulationMark": "Regulation mark",
    "convertedRetreatCost": "Retreat cost (count)",
    "retreatCost": "Retreat cost",
    "functional_text": "Text",
    "type_text": "Type line",
    "fullText": "Text",
    "inkwell": "Inkable",
    "art_variations": "Art variations",
    "block": "Block",
    "enchanted": "Enchanted version",
    "nonEnchanted": "Regular version",
    "nonPromo": "Regular printing",
    "promos": "Promo printings",
    "variants": "Other variants",
    "variant": "Variant letter",
}
FAB_SYMBOLS = {"p": "power", "r": "resource", "d": "defense", "i": "intellect", "h": "life", "c": "chi"}
FAB_FORMATS = {
    "legal_cc": "Classic Constructed",
    "legal_blitz": "Blitz",
    "legal_commoner": "Commoner",
    "legal_ll": "Living Legend",
}
# The attributes whose values are written in the printing's language, by game (the others are
# numbers, or English words the adapters map codes to: Lorcana's types and classifications).
PRINTED_TEXT = {
    "op": {"effect", "trigger", "types"},
    "fab": {"functional_text", "type_text", "flavor_text"},
    "lor": {"flavorText", "fullText", "abilities"},
}
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def label(key: str) -> str:
    """``evolvesFrom`` and ``type_text`` as words: "Evolves from", "Type text"."""
    if key in LABELS:
        return LABELS[key]
    words = CAMEL.sub(" ", key).replace("_", " ").strip().lower()
    return words[:1].upper() + words[1:]


def plain(value: Any) -> str:
    """Any value as a reader's text: yes/no, comma lists, "key: value" pairs; never a repr."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "; ".join(f"{label(str(k)).lower()}: {plain(v)}" for k, v in value.items() if v not in (None, [], ""))
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value if v not in (None, "")) or "none"
    return str(value)


def fab_text(text: str) -> str:
    """Flesh and Blood's markup as words: ``**intimidate**`` -> intimidate, ``{p}`` -> power."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
    return re.sub(r"\{([a-z])\}", lambda m: FAB_SYMBOLS.get(m.group(1), m.group(1)), text)


def _attack(attack: dict[str, Any]) -> str:
    cost = attack.get("cost") or []
    counted = ", ".join(f"{kind} ×{cost.count(kind)}" if cost.count(kind) > 1 else kind for kind in dict.fromkeys(cost))
    parts = [f"cost {counted}" if cost else "no cost"]
    if attack.get("damage"):
        parts.append(f"{attack['damage']} damage")
    text = f"{'; '.join(parts)}."
    return f"{text} {attack['text']}" if attack.get("text") else text


def _pokemon(key: str, value: Any) -> Rows:
    if key == "attacks":
        for attack in value:
            yield f"Attack: {attack.get('name', '')}", _attack(attack)
    elif key == "abilities":
        for ability in value:
            yield f"{ability.get('type') or 'Ability'}: {ability.get('name', '')}", str(ability.get("text", ""))
    elif key in ("weaknesses", "resistances"):
        heading = "Weakness" if key == "weaknesses" else "Resistance"
        yield heading, ", ".join(f"{v.get('type', '')} {v.get('value', '')}".strip() for v in value)
    elif key == "legalities":
        yield "Legal in", ", ".join(f"{fmt} ({state.lower()})" for fmt, state in value.items())
    elif key == "ancientTrait":
        yield f"Ancient trait: {value.get('name', '')}", str(value.get("text", ""))
    elif key == "retreatCost":
        yield "Retreat cost", f"{len(value)} ({plain(value)})"
    elif key != "convertedRetreatCost":
        yield label(key), plain(value)


def _fab(key: str, value: Any) -> Rows:
    if key in FAB_FORMATS:
        return  # gathered in one "Legal in" row by fab_rows
    yield label(key), fab_text(value) if isinstance(value, str) else plain(value)


def _lorcana(key: str, value: Any) -> Rows:
    if key == "foilTypes":  # the upstream's "None" is the non-foil printing, not a missing value
        yield "Finishes", ", ".join("non-foil" if f == "None" else f"{f.lower()} foil" for f in value)
    elif key == "abilities":
        for ability in value:
            kind = str(ability.get("type") or "ability").replace("_", " ")
            yield (
                f"Ability ({kind}): {ability.get('name') or ''}".rstrip(": "),
                str(ability.get("effect") or ability.get("fullText") or ""),
            )
    elif key == "formats":
        yield "Formats", ", ".join(str(f).replace("_", " ") for f in value)
    else:
        yield label(key), plain(value)


def _any(key: str, value: Any) -> Rows:
    yield label(key), plain(value)


BY_GAME: dict[str, Callable[[str, Any], Rows]] = {"ptcg": _pokemon, "fab": _fab, "lor": _lorcana}


def printed_rows(game: str, attributes: dict[str, Any], lang: str = PAGE_LANGUAGE) -> list[tuple[str, str | Cell]]:
    """The "As printed" rows of a printing of ``game`` in language ``lang``: every attribute with a
    value, in words, the card's own text marked with its language."""
    present = {k: v for k, v in attributes.items() if v not in (None, [], {}, "")}
    text = PRINTED_TEXT.get(game, set()) if lang != PAGE_LANGUAGE else set()
    rows: list[tuple[str, str | Cell]] = [
        (label, in_language(value, lang) if key in text else value)
        for key, value in present.items()
        for label, value in BY_GAME.get(game, _any)(key, value)
    ]
    if game == "fab" and any(k in attributes for k in FAB_FORMATS):
        legal = [name for key, name in FAB_FORMATS.items() if attributes.get(key)]
        rows.append(("Legal in", ", ".join(legal) or "no format"))
    return rows
