"""Adapter for pokemon-tcg-data (the data behind the Pokemon TCG API): sets, cards and deck lists.

The dump holds ``sets/en.json`` (a list of set records), ``cards/en/<set id>.json`` (the cards of one
set) and ``decks/en/<set id>.json`` (that set's theme and starter deck lists). Only English exists.

SKU: ``ptcg-<set id>-<number>-en[-<variant>]``, the set taken from the cards file's name. Upstream
card ids are ``<set id>-<number>``; three real quirks (commit 37d13b7) need rules of their own:

- Unown in Unseen Forces is numbered "!" and "?". Those fold to ``exclamation`` and ``question``
  (``ptcg-ex10-question-en``); every other upstream number is alphanumeric and is only lowercased.
- Celebrations Classic Collection ids carry a suffix after the printed number: ``cel25c-15_A1`` to
  ``_A4`` are four different cards all printed "15". The suffix is the variant, always
  (``ptcg-cel25c-15-en-a1``, ``ptcg-cel25c-2-en-a``), so a SKU never changes when a sibling appears.
- A card whose id names its set but another number than its number field (``zsv10pt5-80``, Antique
  Cover Fossil, says "60", which is Escavalier's) takes the id's number: the id is the upstream's
  own key for the card (its file, its images and the set list's count agree with it), while the
  number field is a copied value. It is published, and the disagreement is recorded as a
  ``number-disagrees`` quarantine row naming both. An id of another set is ``id-mismatch``: that
  card is held back, since no field of it can be trusted to place it.

Quarantine reasons: ``broken-file`` (not JSON, or not a list: the file is skipped and counts as one
row read), ``bad-record`` (not an object, no id, or a deck card list that is not ``[{id, count}]``),
``missing-number``, ``missing-name``, ``id-mismatch``, ``number-disagrees`` (published: see above),
``duplicate-id`` (a card, set or deck id seen
twice), ``bad-date`` (a set releaseDate that is not a date), ``bad-identifier`` (no SKU token can be
made) and ``unknown-set``: every card of a cards file that the set list does not name. Upstream
adds a set's file and its set record together; a file without one is a half-added set, and its cards
are held back rather than published under a set with no name or date. A set whose date does not
parse is published without one (its name and total stand), and the bad field is quarantined. A
missing rarity is not a reason (295 real cards).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from generator.ingest.sink import Sink, parse_date
from generator.sku.ptcg import number_token
from generator.sku.standard import Sku, SkuError, token

GAME = "ptcg"
LANG = "en"
# attrs keeps what play and display need; absent upstream lists become [] so consumers need no checks.
SCALAR_ATTRS = ("supertype", "evolvesFrom", "regulationMark", "artist", "flavorText", "level", "ancientTrait")
LIST_ATTRS = (
    "subtypes",
    "types",
    "evolvesTo",
    "rules",
    "abilities",
    "attacks",
    "weaknesses",
    "resistances",
    "retreatCost",
    "nationalPokedexNumbers",
)


def read(root: Path, sink: Sink) -> None:
    set_codes = _read_sets(root, root / "sets" / "en.json", sink)
    seen_cards: set[str] = set()
    for path in sorted((root / "cards" / "en").glob("*.json")):
        set_code = set_codes.get(path.stem)
        for card in _records(root, path, sink):
            if set_code is None:
                sink.quarantine("unknown-set", _id_of(card), f"{path.name} has no record in sets/en.json")
            else:
                _read_card(card, path.stem, set_code, seen_cards, sink)
    seen_decks: set[str] = set()
    for path in sorted((root / "decks" / "en").glob("*.json")):
        for deck in _records(root, path, sink):
            _read_deck(deck, set_codes.get(path.stem), seen_decks, sink)


def _records(root: Path, path: Path, sink: Sink) -> list[Any]:
    """The records of one file, each counted as read; a broken file is one quarantined row."""
    name = path.relative_to(root).as_posix()
    try:
        records = orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as exc:
        records, problem = None, f"not JSON: {exc}"
    else:
        problem = "not a list of records"
    if isinstance(records, list):
        sink.rows_read += len(records)
        return records
    sink.rows_read += 1
    sink.quarantine("broken-file", name, problem)
    return []


def _read_sets(root: Path, path: Path, sink: Sink) -> dict[str, str]:
    """Publish the set records; return upstream set id -> SKU set token for every set named."""
    set_codes: dict[str, str] = {}
    for record in _records(root, path, sink):
        set_id = _id_of(record)
        if set_id is None:
            sink.quarantine("bad-record", None, f"set record without an id in {path.name}")
            continue
        try:
            set_code = token(set_id)
        except SkuError as exc:
            sink.quarantine("bad-identifier", set_id, str(exc))
            continue
        set_codes.setdefault(set_id, set_code)
        try:
            released = parse_date(record.get("releaseDate"))
        except ValueError:  # the field is quarantined, not the set: its name and total stand
            sink.quarantine("bad-date", set_id, f"releaseDate {record.get('releaseDate')!r}: set kept without a date")
            released = None
        sink.set(set_code, record.get("name"), released, _int_or_none(record.get("total")), set_id)
    return set_codes


def _read_card(card: Any, set_id: str, set_code: str, seen: set[str], sink: Sink) -> None:
    card_id = _id_of(card)
    if card_id is None:
        sink.quarantine("bad-record", None, f"card record without an id in set {set_id}")
        return
    if card_id in seen:
        sink.quarantine("duplicate-id", card_id, "card id seen twice")
        return
    seen.add(card_id)
    number = card.get("number")
    if number in (None, ""):
        sink.quarantine("missing-number", card_id, "card has no number")
        return
    number = str(number)
    suffix = _id_suffix(card_id, set_id, number)
    if suffix is None and card_id.startswith(f"{set_id}-"):  # the id's number wins, on the record
        printed = card_id[len(set_id) + 1 :].partition("_")[0]
        suffix = _id_suffix(card_id, set_id, printed) if printed else None
        if suffix is not None:
            detail = f"number field {number!r} disagrees with the id: published as {printed}, the id's number"
            sink.quarantine("number-disagrees", card_id, detail)
            number = printed
    if suffix is None:
        sink.quarantine("id-mismatch", card_id, f"id is not {set_id}-{number}[_suffix]")
        return
    sink.printing(
        lambda: Sku.of(GAME, set_code, number_token(number), LANG, suffix),
        card_id,
        card.get("name"),
        card.get("rarity"),
        card_id,
        _attrs(card),
    )


def _id_suffix(card_id: str, set_id: str, number: str) -> str | None:
    """What the id adds after ``<set id>-<number>`` ("" for nothing, "A1" for ``_A1``), or None when
    the id does not start with them."""
    stem = f"{set_id}-{number}"
    if card_id == stem:
        return ""
    if card_id.startswith(stem + "_") and len(card_id) > len(stem) + 1:
        return card_id[len(stem) + 1 :]
    return None


def _attrs(card: dict[str, Any]) -> dict[str, Any]:
    """Every key always present, in a fixed order, so two builds serialise the same bytes."""
    attrs: dict[str, Any] = {key: card.get(key) for key in SCALAR_ATTRS}
    attrs["hp"] = _int_or_none(card.get("hp"))
    for key in LIST_ATTRS:
        attrs[key] = card.get(key) or []
    attrs["legalities"] = card.get("legalities") or {}
    return attrs


def _read_deck(deck: Any, set_code: str | None, seen: set[str], sink: Sink) -> None:
    deck_id = _id_of(deck)
    if deck_id is None:
        sink.quarantine("bad-record", None, "deck record without an id")
        return
    if deck_id in seen:
        sink.quarantine("duplicate-id", deck_id, "deck id seen twice")
        return
    seen.add(deck_id)
    if not deck.get("name"):
        sink.quarantine("missing-name", deck_id, "deck has no name")
        return
    cards = _deck_cards(deck.get("cards"))
    if cards is None:
        sink.quarantine("bad-record", deck_id, "cards is not a list of {id, count > 0}")
        return
    sink.deck(deck_id, str(deck["name"]), cards, set_code)


def _deck_cards(entries: Any) -> tuple[tuple[str, int], ...] | None:
    if not isinstance(entries, list):
        return None
    cards = []
    for entry in entries:
        card_id = _id_of(entry)
        count = entry.get("count") if isinstance(entry, dict) else None
        if card_id is None or type(count) is not int or count < 1:
            return None
        cards.append((card_id, count))
    return tuple(cards)


def _id_of(record: Any) -> str | None:
    value = record.get("id") if isinstance(record, dict) else None
    return str(value) if value not in (None, "") else None


def _int_or_none(value: Any) -> int | None:
    """``"120"`` -> 120; upstream stores hp and totals as digits, anything else is unknown."""
    if type(value) is int:
        return value
    return int(value) if isinstance(value, str) and value.isascii() and value.isdigit() else None
