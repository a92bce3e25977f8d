"""What the static search index holds (issue 39 item 4; docs/search.md "On a static host").

One record per card and language: a game's (set, number, language), the printing a reader lands on
being the base one (no variant) where the catalog has it, else the first in catalog order. A record
is what Pagefind indexes as a custom record (``generator.catalog.pagefind_bundle``): its ``url`` (the
product page), its ``content`` (the words a query is matched against) and its ``meta`` (what a
result shows: name, SKU, game, set, number, language).

The content is made of words in the same form the app compares names in (``names.fold``: NFKC,
case-folded, hiragana as katakana, Latin accents dropped, punctuation a space), because Pagefind's
own normalising does none of the first three. The page's script folds a query the same way
(``templates/assets/search.js``), so the browser and the app read a name alike:

- the folded name's words, and for a word in a script written without spaces (Japanese, Chinese,
  Korean) every suffix of it too: Pagefind matches words by prefix, so a part of such a name (the
  app's ``low`` match, ``ゾロ`` in ``ロロノアゾロ``) is the prefix of one of its suffixes;
- the set code and the number (as printed, and without leading zeros), so ``OP01-001`` finds it;
- ``game_<token>``: the game as one word, which a query for one game adds (``_`` is a word
  character to Pagefind). Pagefind's own filters are not used: the order of their files changes from
  run to run, and a build must be byte-identical for one as-of.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from generator.catalog.names import UNSPACED, fold
from generator.catalog.snapshot import IndexEntry, Snapshot, number_key

GAME_WORD = "game_"


@dataclass(frozen=True)
class StaticRecord:
    url: str
    content: str
    meta: dict[str, str]


def static_records(snapshot: Snapshot) -> list[StaticRecord]:
    """Every card and language of the catalog, games in catalog order, each game in catalog order."""
    return [record_of(game.game, entry) for game in snapshot.games() for entry in _cards(snapshot, game.game)]


def _cards(snapshot: Snapshot, game: str) -> Iterator[IndexEntry]:
    chosen: dict[tuple[str, str, str], IndexEntry] = {}
    for entry in snapshot.index_of_game(game):
        key = (entry.set_code, entry.number, entry.lang)
        if key not in chosen or (chosen[key].variant and not entry.variant):
            chosen[key] = entry
    return iter(chosen.values())


def record_of(game: str, entry: IndexEntry) -> StaticRecord:
    meta = {
        "title": entry.name,
        "sku": entry.sku,
        "game": game,
        "set": entry.set_code,
        "number": entry.number,
        "lang": entry.lang,
    }
    return StaticRecord(f"/product/{entry.sku}", content_words(game, entry), meta)


def content_words(game: str, entry: IndexEntry) -> str:
    words = name_words(entry.name)
    numbers = dict.fromkeys(fold(f"{entry.set_code} {entry.number} {number_key(entry.number)}").split())
    return " ".join([*words, *numbers, f"{GAME_WORD}{game}"])


def name_words(name: str) -> list[str]:
    """The folded name's words, with every suffix of a word written without spaces."""
    words: list[str] = []
    for word in fold(name).split():
        words.append(word)
        if UNSPACED.search(word):
            words += [word[i:] for i in range(1, len(word))]
    return list(dict.fromkeys(words))
