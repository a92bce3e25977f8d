"""lorcana-data (great-illuminary): every Lorcana set and promo, in every language it was printed in.

One YAML file per set holds the cards first printed there; each card lists its printings
(``variants``, including reprints and promos in other sets) and its names per language. A printing
becomes one SKU per language it physically exists in. The upstream states that in two places and
we require both: the card has a name in that language, and the printing carries its printed
identifier in that language (``ravensburger.fr: "1/204 FR 1"``; promos not printed in French have
it blank). Names are per card, so a reprint would inherit languages its own set never had (set 1-4
cards reprinted in Fabled have Japanese names, Fabled has no Japanese edition); a main set is
therefore printed in a language only if at least half of the cards of its own file are named in it.

No rules text and no set names here: LorcanaJSON has those and wins the merge for English.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

from generator.ingest.sink import Sink
from generator.sku import SkuError
from generator.sku_lor import (
    LANGUAGES,
    card_key,
    conflicting,
    display_label,
    full_name,
    lor_sku,
    number_token,
    set_token,
)
from generator.yamlfile import load_yaml

REFERENCE_FILES = frozenset({"abilities", "classifications", "franchises", "configuration", "placeholders"})
TYPES = {"glimmer": "Character", "action": "Action", "item": "Item", "location": "Location"}
STATS = {
    "cost": "cost",
    "inkwell": "inkwell",
    "lore": "lore",
    "attack": "strength",
    "defence": "willpower",
    "move_cost": "moveCost",
}  # lorcana-data field -> LorcanaJSON's name, so the sources compare


def read(root: Path, sink: Sink) -> None:
    files = {path.stem: _load(path, sink) for path in sorted((root / "data").glob("*.yml"))}
    subtypes, franchises = _english_names(files)
    set_files = _set_files(files, sink)
    gates = {stem: _set_languages(cards) for stem, cards in set_files.items()}
    candidates = []
    for stem, cards in set_files.items():
        _record_set(stem, cards, sink)
        sink.rows_read += len(cards)
        for card in cards:
            candidates.extend(_candidates(card, sink))
    clash = conflicting((identifier, key) for identifier, key, _, _ in candidates)
    seen = set()
    for identifier, key, card, variant in candidates:
        upstream_id = _upstream_id(variant)
        if identifier in clash or identifier in seen:
            why = "is claimed by different cards" if identifier in clash else "is listed twice"
            sink.quarantine("duplicate-id", upstream_id, f"{'/'.join(identifier)} {why}")
            continue
        seen.add(identifier)
        gate = gates.get(variant["set"])
        printed = _printed(variant)
        langs = [
            lang for lang in LANGUAGES if printed.get(lang) and _name(card, lang) and (gate is None or lang in gate)
        ]
        if not langs:
            sink.quarantine("missing-name", upstream_id, "no name in any language this printing exists in")
            continue
        common = _attrs(card, variant, subtypes, franchises)
        for lang in langs:
            flavour = card["languages"][lang].get("flavour")
            sku = lor_sku(identifier[0], variant["id"], variant.get("suffix"), lang)  # parts checked already
            sink.printing(
                sku,
                key,
                _name(card, lang),
                display_label(variant.get("rarity")),
                upstream_id,
                {**common, "flavorText": flavour} if flavour else common,
            )


def _load(path: Path, sink: Sink) -> object | None:
    try:
        with path.open("rb") as handle:
            return load_yaml(handle)
    except (OSError, yaml.YAMLError) as exc:
        sink.quarantine("broken-file", path.name, f"{type(exc).__name__}: {exc}".splitlines()[0])
        return None


def _set_files(files: dict[str, object], sink: Sink) -> dict[str, list]:
    """Every file that is not reference data is a set file: a new set shows up, even if unmapped."""
    set_files = {}
    for stem, body in files.items():
        if stem in REFERENCE_FILES or body is None:
            continue
        if isinstance(body, list):
            set_files[stem] = body
        else:
            sink.quarantine(
                "broken-file", f"{stem}.yml", f"a set file holds a list of cards, not {type(body).__name__}"
            )
    return set_files


def _record_set(stem: str, cards: list, sink: Sink) -> None:
    """One set per set file: no name or date upstream; the total as printed on its own cards ("1/204")."""
    token = set_token(stem)
    if token is None:
        sink.quarantine("unknown-set", stem, f"{stem}.yml is not a set the SKU standard lists")
        return
    printed = (
        str(_printed(v).get("en") or "").split(" ")[0].partition("/")[2]
        for v in _variants(cards)
        if v.get("set") == stem
    )
    totals = Counter(total for total in printed if total.isdigit())
    total = int(totals.most_common(1)[0][0]) if totals else None
    sink.set(token, None, None, total, upstream_id=stem)


def _candidates(card: object, sink: Sink) -> list[tuple[tuple[str, str], str, dict, dict]]:
    """(printed identifier, card key, card, variant) for each readable printing; quarantine the rest."""
    if not isinstance(card, dict) or not isinstance(card.get("languages"), dict):
        sink.quarantine("broken-row", None, "card entry is not an object with languages")
        return []
    english = _name(card, "en")
    found = []
    for variant in _variants([card]):
        upstream_id = _upstream_id(variant)
        set_tok = set_token(variant.get("set") or "")
        printed = _printed(variant)
        if set_tok is None:
            sink.quarantine("unknown-set", upstream_id, f"set {variant.get('set')!r} is not in the SKU standard")
        elif variant.get("id") in (None, "") or not any(printed.get(lang) for lang in LANGUAGES):
            sink.quarantine("missing-number", upstream_id, "no collector number printed in any language")
        elif variant.get("rarity") == "unreleased":
            sink.quarantine("unreleased", upstream_id, "the upstream marks this printing as not released")
        elif not english:
            sink.quarantine("missing-name", upstream_id, "card has no English name")
        else:
            try:
                found.append(
                    ((set_tok, number_token(variant["id"], variant.get("suffix"))), card_key(english), card, variant)
                )
            except SkuError as exc:
                sink.quarantine("bad-identifier", upstream_id, str(exc))
    return found


def _variants(cards: list) -> list[dict]:
    return [v for card in cards if isinstance(card, dict) for v in card.get("variants") or () if isinstance(v, dict)]


def _upstream_id(variant: dict) -> str:
    return f"{variant.get('set')}/{variant.get('id')}{variant.get('suffix') or ''}"


def _printed(variant: dict) -> dict:
    """The printed identifier per language ("1/204 FR 1"); blank where the printing has no such edition."""
    printed = variant.get("ravensburger")
    return printed if isinstance(printed, dict) else {}


def _set_languages(cards: list) -> frozenset[str]:
    named = Counter(lang for card in cards if isinstance(card, dict) for lang in LANGUAGES if _name(card, lang))
    return frozenset(lang for lang, count in named.items() if 2 * count >= len(cards))


def _name(card: dict, lang: str) -> str | None:
    entry = (card.get("languages") or {}).get(lang)
    return full_name(entry.get("name"), entry.get("title")) if isinstance(entry, dict) else None


def _english_names(files: dict[str, object]) -> tuple[dict[str, str], dict[str, str]]:
    """Subtype slugs -> the names LorcanaJSON prints ("seven_dwarfs" -> "Seven Dwarfs"); franchise slugs -> names."""
    classifications = files.get("classifications")
    franchises = files.get("franchises")
    subtypes = {
        c["slug"]: c["en"]
        for c in (classifications if isinstance(classifications, list) else ())
        if isinstance(c, dict) and c.get("slug") and c.get("en")
    }
    english = {
        slug: (f.get("translations") or {}).get("en")
        for slug, f in (franchises.items() if isinstance(franchises, dict) else ())
        if isinstance(f, dict)
    }
    return subtypes, {slug: name for slug, name in english.items() if name}


def _attrs(card: dict, variant: dict, subtypes: dict[str, str], franchises: dict[str, str]) -> dict:
    attrs = {ours: card[theirs] for theirs, ours in STATS.items() if card.get(theirs) is not None}
    kind = str(card.get("type") or "")
    attrs["type"] = TYPES.get(kind, display_label(kind))
    attrs["colors"] = [str(color).capitalize() for color in card.get("colors") or ()]
    attrs["subtypes"] = [subtypes.get(slug, display_label(slug)) for slug in card.get("classifications") or ()]
    illustrator = str(variant.get("illustrator") or card.get("illustrator") or "")
    attrs["artists"] = [name.strip() for name in illustrator.split("/") if name.strip()]  # "A / B"
    attrs["franchise"] = franchises.get(str(card.get("franchise_id")))  # a grouping, not LorcanaJSON's "story"
    attrs["formats"] = card.get("rotation_states")
    attrs["variant"] = variant.get("suffix")
    return {name: value for name, value in attrs.items() if value not in (None, "", [])}
