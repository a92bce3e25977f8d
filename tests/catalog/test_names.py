"""How names and queries are folded and ranked (``generator.catalog.names``); the same on the real
catalog is in ``test_search.py``."""

from __future__ import annotations

import pytest

from generator.catalog.names import NameIndex, fold, whole_words
from generator.catalog.snapshot import IndexEntry


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Cœur", "coeur"),
        ("CŒUR", "coeur"),
        ("Ænigma", "aenigma"),
        ("Straße", "strasse"),
        ("ﬁn ﬂeur", "fin fleur"),  # NFKC writes the typographic ligatures out
        ("Ĳsselmeer", "ijsselmeer"),
        ("Élan nordique", "elan nordique"),
        ("ロロノア・ゾロ", "ロロノア ゾロ"),
    ],
)
def test_ligatures_fold_as_they_are_typed(text: str, folded: str) -> None:
    assert fold(text) == folded


def test_a_hyphen_between_letters_makes_one_word() -> None:
    assert whole_words("Zoro-Juurou") == {"zorojuurou"}
    assert whole_words("Roronoa Zoro") == {"roronoa", "zoro"}
    assert whole_words("Monkey.D.Luffy") == {"monkey", "d", "luffy"}
    assert whole_words("Stitch - Rock Star") == {"stitch", "rock", "star"}


def _entry(n: int, name: str) -> IndexEntry:
    return IndexEntry(f"op-op01-{n:03}-en", "op01", f"{n:03}", "en", None, f"k{n}", name)


def test_a_whole_word_outranks_the_start_of_a_compound() -> None:
    index = NameIndex([_entry(1, "Zoro-Juurou"), _entry(2, "Roronoa Zoro"), _entry(3, "Zorori"), _entry(4, "Zoro")])
    found = [(hit.entry.name, hit.confidence) for hit in index.find("zoro")]
    assert found == [("Zoro", "high"), ("Roronoa Zoro", "medium"), ("Zorori", "medium"), ("Zoro-Juurou", "medium")]
    assert [(h.entry.name, h.confidence) for h in index.find("juurou")] == [("Zoro-Juurou", "low")]
    assert [(h.entry.name, h.confidence) for h in index.find("zoro juurou")][0] == ("Zoro-Juurou", "high")
