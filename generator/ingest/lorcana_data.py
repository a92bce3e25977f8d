"""lorcana-data (great-illuminary): every Lorcana set and promo, in every language it was printed in.

One YAML file per set holds the cards first printed there; each card lists its printings
(``variants``, including reprints and promos in other sets) and its names per language. A printing's
place (set and number) is what most of its witnesses say: its fields, its printed identifier and
Dreamborn's id (``generator.ingest.lorcana_slots``); disagreements are recorded, not dropped.

A printing becomes one SKU per language the upstream gives it both a name and a printed identifier
in (``ravensburger.fr: "1/204 FR 1"``; promos not printed in French have it blank), except where the
set has no edition in that language. The upstream fills the printed identifier of every main-set
card in all six languages, and names are per card, so a set 1-4 card reprinted in Fabled carries
Japanese text although no Japanese Fabled exists. A main set has an edition in a language when at
least half of the cards first printed in it are named in that language; the other printings in it
are quarantined as ``no-edition`` (one row per printing and language), so every withheld printing
is counted with its reason.

No rules text and no set names here: LorcanaJSON has those and wins the merge for English.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from generator.ingest.lorcana_slots import Placement, place, printed_ids
from generator.ingest.sink import Sink
from generator.sku.lor import GAME, LANGUAGES, card_key, display_label, full_name, number_token, set_token, told_apart
from generator.sku.standard import Sku, SkuError
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
    editions = {set_token(stem): Editions.of(cards) for stem, cards in set_files.items()}
    candidates = []
    for stem, cards in set_files.items():
        _record_set(stem, cards, sink)
        sink.rows_read += len(cards)
        for card in cards:
            candidates.extend(_candidates(card, sink))
    apart = told_apart((c.identifier, c.key, c.placement.set_number) for c in candidates)
    seen = set()
    for c in candidates:
        upstream_id = _upstream_id(c.variant)
        if (c.identifier, c.key) not in apart or (c.identifier, apart[c.identifier, c.key]) in seen:
            why = "is claimed by different cards" if (c.identifier, c.key) not in apart else "is listed twice"
            sink.quarantine("duplicate-id", upstream_id, f"{'/'.join(c.identifier)} {why}")
            continue
        variant = apart[c.identifier, c.key]
        seen.add((c.identifier, variant))
        if c.placement.disagreements:  # a note on a published printing, as pokemon-tcg-data's number-disagrees
            placed = f"set {c.identifier[0]} number {c.identifier[1]}"
            sink.quarantine(
                "number-disagrees", upstream_id, f"published as {placed}; {'; '.join(c.placement.disagreements)}"
            )
        printed = printed_ids(c.variant)
        carried = [lang for lang in LANGUAGES if printed.get(lang) and _name(c.card, lang)]
        if not carried:
            sink.quarantine("missing-name", upstream_id, "no name in any language this printing exists in")
            continue
        common = _attrs(c.card, c.variant, subtypes, franchises)
        for lang in carried:
            why_not = _no_edition(editions, c.placement, lang)
            if why_not is not None:
                sink.quarantine("no-edition", f"{upstream_id}:{lang}", why_not)
                continue
            flavour = c.card["languages"][lang].get("flavour")
            sink.printing(
                Sku.of(GAME, *c.identifier, lang, variant),  # parts checked already
                c.key,
                _name(c.card, lang),
                display_label(c.variant.get("rarity")),
                upstream_id,
                {**common, "flavorText": flavour} if flavour else common,
            )


def _no_edition(editions: dict[str | None, Editions], placement: Placement, lang: str) -> str | None:
    """Why a printing does not exist in ``lang``, or None when it may. A main set's printing needs the
    set's edition in that language; a promo's needs the edition of the set it prints after the
    language (its card's set: "26/P1 IT 3" is a set 3 card), since a card is not printed in a
    language its set never was (issue 35: P1's Italian set 1 and 2 promos, handed out in 2023 before
    the Italian edition began, and the Japanese and Chinese promos of Fabled cards)."""
    edition = editions.get(placement.set)
    if edition is not None:
        return None if lang in edition.languages else edition.why_not(placement.set, lang)
    home = editions.get(placement.set_number)
    if home is None or lang in home.languages:
        return None
    return f"a promo of a set {placement.set_number} card: {home.why_not(str(placement.set_number), lang)}"


def _load(path: Path, sink: Sink) -> object | None:
    try:
        with path.open("rb") as handle:
            body: object = load_yaml(handle)  # any YAML: _set_files and _english_names check its shape
            return body
    except (OSError, yaml.YAMLError) as exc:
        sink.quarantine("broken-file", path.name, f"{type(exc).__name__}: {exc}".splitlines()[0])
        return None


def _set_files(files: dict[str, object], sink: Sink) -> dict[str, list[object]]:
    """Every file that is not reference data is a set file: a new set shows up, even if unmapped."""
    set_files: dict[str, list[object]] = {}
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


def _record_set(stem: str, cards: list[object], sink: Sink) -> None:
    """One set per set file: no name or date upstream; the total as printed on its own cards ("1/204")."""
    token = set_token(stem)
    if token is None:
        sink.quarantine("unknown-set", stem, f"{stem}.yml is not a set the SKU standard lists")
        return
    printed = (
        printed_ids(v).get("en", "").split(" ")[0].partition("/")[2] for v in _variants(cards) if v.get("set") == stem
    )
    totals = Counter(total for total in printed if total.isdigit())
    total = int(totals.most_common(1)[0][0]) if totals else None
    sink.set(token, None, None, total, upstream_id=stem)


@dataclass(frozen=True, slots=True)
class Candidate:
    identifier: tuple[str, str]  # (set token, number token) as placed
    key: str
    card: dict[str, Any]
    variant: dict[str, Any]
    placement: Placement


def _candidates(card: object, sink: Sink) -> list[Candidate]:
    """Each readable printing of a card, placed; quarantine the rest."""
    if not isinstance(card, dict) or not isinstance(card.get("languages"), dict):
        sink.quarantine("broken-row", None, "card entry is not an object with languages")
        return []
    english = _name(card, "en")
    found = []
    for variant in _variants([card]):
        upstream_id = _upstream_id(variant)
        if set_token(variant.get("set") or "") is None:
            sink.quarantine("unknown-set", upstream_id, f"set {variant.get('set')!r} is not in the SKU standard")
        elif variant.get("id") in (None, "") or not any(printed_ids(variant).values()):
            sink.quarantine("missing-number", upstream_id, "no collector number printed in any language")
        elif variant.get("rarity") == "unreleased":
            sink.quarantine("unreleased", upstream_id, "the upstream marks this printing as not released")
        elif not english:
            sink.quarantine("missing-name", upstream_id, "card has no English name")
        elif isinstance(placement := place(variant), str):
            sink.quarantine("bad-identifier", upstream_id, placement)
        else:
            try:
                number = number_token(placement.number, variant.get("suffix"))
            except SkuError as exc:
                sink.quarantine("bad-identifier", upstream_id, str(exc))
                continue
            found.append(Candidate((placement.set, number), card_key(english), card, variant, placement))
    return found


def _variants(cards: list[object]) -> list[dict[str, Any]]:
    return [v for card in cards if isinstance(card, dict) for v in card.get("variants") or () if isinstance(v, dict)]


def _upstream_id(variant: dict[str, Any]) -> str:
    return f"{variant.get('set')}/{variant.get('id')}{variant.get('suffix') or ''}"


@dataclass(frozen=True, slots=True)
class Editions:
    """The languages a main set was printed in, judged from the cards first printed in it."""

    languages: frozenset[str]
    named: dict[str, int]  # own cards named per language
    cards: int

    @classmethod
    def of(cls, cards: list[object]) -> Editions:
        """Half of its own cards named is the line: a set printed in a language has a name on (nearly)
        every card of it, while inherited names (a reprint's, the app's translations) cover at most 42%."""
        own = [card for card in cards if isinstance(card, dict)]
        named = Counter(lang for card in own for lang in LANGUAGES if _name(card, lang))
        return cls(frozenset(lang for lang, n in named.items() if 2 * n >= len(own)), dict(named), len(own))

    def why_not(self, set_tok: str, lang: str) -> str:
        return (
            f"set {set_tok} has no {lang} edition: {self.named.get(lang, 0)} of the {self.cards} cards "
            f"first printed in it are named in {lang}"
        )


def _name(card: dict[str, Any], lang: str) -> str | None:
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


def _attrs(
    card: dict[str, Any], variant: dict[str, Any], subtypes: dict[str, str], franchises: dict[str, str]
) -> dict[str, Any]:
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
