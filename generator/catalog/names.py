"""Find printings by name, in every language the catalog holds (issue 39, an extension of the spec's
three query shapes; docs/search.md).

Names and queries are folded alike (``fold``): Unicode NFKC (full-width and half-width forms become
one, ``ﬁ`` is ``fi``), case-folded (``ß`` is ``ss``), the Latin ligatures written out (``œ`` is
``oe``, ``æ`` is ``ae``: a French keyboard types ``coeur`` for ``Cœur``), hiragana read as katakana
(``ぞろ`` finds ``ゾロ``), accents dropped from Latin, Greek and Cyrillic letters (``é`` is ``e``;
the voicing marks of kana are kept: ``ガ`` is not ``カ``), and every run of punctuation or space one
space (``ロロノア・ゾロ`` is two words). Over one game's names:

- the folded query is the whole folded name: confidence ``high``;
- each of its words is a whole word of the name, in any order (``zoro`` -> ``Roronoa Zoro``), or
  the query starts the name (``monkey d`` -> ``Monkey.D.Luffy``, ``roronoa zo``): ``medium``;
- each of its words starts a word of the name, in any order (``juurou`` -> ``Zoro-Juurou``), or,
  for a query in a script written without spaces (Japanese, Chinese, Korean), it occurs inside the
  name: ``low``.

A name's whole words are its words with a hyphen between two letters kept inside one word:
``Zoro-Juurou`` is one name, a compound, and ``zoro`` only its start, while ``Monkey.D.Luffy`` and
``Stitch - Rock Star`` are words apart. Matches are ranked by confidence, then those whose every
query word is a whole word before those that only start the name (``zoro``: ``Roronoa Zoro`` before
``Zoro-Juurou``, a different character), then by the shortest name (the closest to what was typed),
then catalog order. The index is built once per snapshot and game (``Snapshot.by_name``): a sorted
list of names and one of (word, name) pairs, searched by bisection, so a query costs a few lookups.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the snapshot builds the index (Snapshot.by_name): no import cycle at run time
    from generator.catalog.snapshot import IndexEntry

NOT_A_WORD = re.compile(r"[\W_]+")
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")  # kana, CJK, hangul
LATIN_GREEK_CYRILLIC_END = 0x0530
HIRAGANA_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
# After NFKC and casefold (which write out ``ﬁ``, ``ĳ`` and ``ß``, and lower ``Œ`` and ``Æ``), the
# ligatures that are letters of their own in Unicode and so survive both.
LIGATURES = {ord("œ"): "oe", ord("æ"): "ae"}
FOLDS = HIRAGANA_TO_KATAKANA | LIGATURES
COMPOUND_HYPHEN = re.compile(r"(?<=\w)[-\u2010\u2011](?=\w)")  # Zoro-Juurou: one word, not two
LEVELS = ("high", "medium", "low")


def fold(text: str) -> str:
    """The form names and queries are compared in (see the module docstring)."""
    normal = unicodedata.normalize("NFKC", text).casefold().translate(FOLDS)
    decomposed = unicodedata.normalize("NFD", normal)
    kept, base = [], 0
    for char in decomposed:
        if unicodedata.combining(char) and base < LATIN_GREEK_CYRILLIC_END:
            continue
        if not unicodedata.combining(char):
            base = ord(char)
        kept.append(char)
    return NOT_A_WORD.sub(" ", unicodedata.normalize("NFC", "".join(kept))).strip()


def whole_words(name: str) -> frozenset[str]:
    """The name's words as a reader tells them apart: folded, a hyphenated compound kept as one word
    (``Zoro-Juurou`` -> ``zorojuurou``), so a query word equal to one of them is a whole word."""
    return frozenset(fold(COMPOUND_HYPHEN.sub("", unicodedata.normalize("NFKC", name))).split())


@dataclass(frozen=True)
class NameHit:
    entry: IndexEntry
    confidence: str  # high | medium | low


class NameIndex:
    """One game's printings by folded name."""

    def __init__(self, entries: Iterable[IndexEntry]):
        grouped: dict[str, list[IndexEntry]] = defaultdict(list)
        whole: dict[str, set[str]] = defaultdict(set)  # folded name -> the whole words of its spellings
        for entry in entries:
            if entry.name:
                folded = fold(entry.name)
                grouped[folded].append(entry)
                whole[folded] |= whole_words(entry.name)
        self.by_name = {name: tuple(found) for name, found in grouped.items() if name}
        self.whole = {name: frozenset(whole[name]) for name in self.by_name}
        self.names = sorted(self.by_name)
        self.words = sorted({(word, name) for name in self.by_name for word in name.split()})

    def find(self, query: str) -> list[NameHit]:
        wanted = fold(query)
        if not wanted:
            return []
        words = wanted.split()
        ranked: dict[str, str] = {}  # folded name -> its best confidence
        if wanted in self.by_name:
            ranked[wanted] = "high"
        for name in _prefixed(self.names, wanted):
            ranked.setdefault(name, "medium")
        for name in self._by_words(words):
            ranked.setdefault(name, "medium" if self._all_whole(words, name) else "low")
        if UNSPACED.search(wanted):
            for name in self.names:
                if wanted in name:
                    ranked.setdefault(name, "low")

        def rank(name: str) -> tuple[int, bool, int, str]:
            return LEVELS.index(ranked[name]), not self._all_whole(words, name), len(name), name

        return [NameHit(entry, ranked[name]) for name in sorted(ranked, key=rank) for entry in self.by_name[name]]

    def _all_whole(self, words: list[str], name: str) -> bool:
        return all(word in self.whole[name] for word in words)

    def _by_words(self, words: list[str]) -> set[str]:
        """Names with, for each query word, a word it starts."""
        first, *rest = words
        found = {name for _, name in _prefixed_pairs(self.words, first)}
        return {name for name in found if all(any(w.startswith(q) for w in name.split()) for q in rest)}


def _prefixed(keys: list[str], prefix: str) -> Iterator[str]:
    for key in keys[bisect_left(keys, prefix) :]:
        if not key.startswith(prefix):
            return
        yield key


def _prefixed_pairs(pairs: list[tuple[str, str]], prefix: str) -> Iterator[tuple[str, str]]:
    for pair in pairs[bisect_left(pairs, (prefix, "")) :]:
        if not pair[0].startswith(prefix):
            return
        yield pair
