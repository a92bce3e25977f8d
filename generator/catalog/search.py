"""Find printings from what a collector types: a set and a number, a number alone, or a SKU.

The three query shapes of the spec, case- and separator-insensitive, over one game's ``IndexEntry``
rows (``Snapshot.index_of_game``; in the app, ``dist/_data/index/<game>.json``):

- a full canonical SKU (``op-op01-001-en``) names one printing: confidence ``exact``;
- a set and a number (``OP01 001``, ``op01-001``, ``base1 4``, ``base1 4/102``, glued ``WTR001``)
  names one set-and-number bucket, every language and variant of it: ``high``;
- a number alone (``001``, ``4``) is fuzzy across sets: ``medium`` when one set has that number,
  ``low`` when several do (the answer is ambiguous and lists every bucket).

When none of those three reads the query, it is a name (an extension, ``generator.catalog.names``):
``high`` for the whole name, ``medium`` for its start, ``low`` for words in any order or, in Japanese
and Chinese, a part of it. A trailing language token (``op01-001 ja``) or ``lang=`` keeps one
language. The ladder and how it is computed are documented in ``docs/search.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.catalog.snapshot import IndexEntry, Snapshot, number_key
from generator.sku.standard import Sku, SkuError

CONFIDENCES = ("exact", "high", "medium", "low")
SEPARATORS = re.compile(r"[\s\-_/#.:,]+")


@dataclass(frozen=True)
class Match:
    entry: IndexEntry
    confidence: str
    matched_by: str  # sku | set_and_number | number | name


def set_key(token: str) -> str:
    return re.sub(r"[^0-9a-z]", "", token.casefold())


def search(snapshot: Snapshot, game: str, query: str, lang: str | None = None) -> list[Match]:
    """Every printing the query names, best confidence first, in catalog order within one level."""
    text = query.strip()
    langs = snapshot.languages_of_game(game)
    by_sku = _by_sku(snapshot, game, text)
    if by_sku is not None:
        return [by_sku]
    tokens = [t for t in SEPARATORS.split(text.casefold()) if t]
    if len(tokens) > 1 and tokens[-1] in langs and lang is None:
        lang, tokens = tokens[-1], tokens[:-1]
    found = _set_and_number(snapshot, game, tokens) or _number_alone(snapshot, game, tokens)
    if not found:  # the words left once a trailing language token is read: the same words as text
        found = [Match(hit.entry, hit.confidence, "name") for hit in snapshot.by_name(game).find(" ".join(tokens))]
    return [m for m in found if lang is None or m.entry.lang == lang]


def _by_sku(snapshot: Snapshot, game: str, text: str) -> Match | None:
    candidate = text.casefold().replace(" ", "")
    if not candidate.startswith(f"{game}-"):
        return None
    try:
        sku = str(Sku.parse(candidate))
    except SkuError:
        return None
    printing = snapshot.printing(sku)
    if printing is None:
        return None
    entry = next((e for e in snapshot.by_number(game).get(number_key(printing.number), ()) if e.sku == sku), None)
    return Match(entry, "exact", "sku") if entry else None


def _set_and_number(snapshot: Snapshot, game: str, tokens: list[str]) -> list[Match]:
    """The first reading of the tokens as (set, number) that names printings: two tokens, or one
    token split where a set code ends (``wtr001``), or a game-prefixed set (``op op01 001``)."""
    sets = {set_key(s.set_code): s.set_code for s in snapshot.sets_of_game(game)}
    readings: list[tuple[str, str]] = []
    if tokens and tokens[0] == game and len(tokens) > 2:
        tokens = tokens[1:]
    if len(tokens) >= 2:
        readings.append((tokens[0], tokens[1]))
    if len(tokens) == 1:
        word = tokens[0]
        readings += [(word[:i], word[i:]) for i in range(len(word) - 1, 0, -1)]
    for set_token, number in readings:
        code = sets.get(set_key(set_token))
        if code is None:
            continue
        wanted = number_key(number)
        bucket = [e for e in snapshot.by_number(game).get(wanted, ()) if e.set_code == code]
        if bucket:
            return [Match(e, "high", "set_and_number") for e in bucket]
    return []


def _number_alone(snapshot: Snapshot, game: str, tokens: list[str]) -> list[Match]:
    if len(tokens) != 1:
        return []
    entries = snapshot.by_number(game).get(number_key(tokens[0]), ())
    confidence = "medium" if len({e.set_code for e in entries}) == 1 else "low"
    return [Match(e, confidence, "number") for e in entries]


def buckets(matches: list[Match]) -> list[tuple[str, str]]:
    """The distinct (set, number) buckets of the matches, in order of first appearance."""
    return list(dict.fromkeys((m.entry.set_code, m.entry.number) for m in matches))


def best(matches: list[Match]) -> str | None:
    return min((m.confidence for m in matches), key=CONFIDENCES.index, default=None)
