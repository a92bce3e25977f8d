"""Search over the real four-game catalog: every query shape, case and separator variants, ambiguity
and languages (``generator.catalog.search``)."""

from __future__ import annotations

import pytest

from generator.catalog import queries
from generator.catalog.search import best, buckets, search
from generator.catalog.snapshot import Snapshot
from generator.site import load_site

pytestmark = pytest.mark.real_data


@pytest.fixture(scope="module")
def real(real_ingest) -> Snapshot:
    with queries.connect(real_ingest.catalog) as con:
        return Snapshot.from_catalog(con, load_site().encoding)


def skus(found) -> set[str]:
    return {m.entry.sku for m in found}


@pytest.mark.parametrize(
    ("game", "queries_", "sku"),
    [
        ("op", ["OP01 001", "op01-001", "Op01_001", "OP01-1", "op01001"], "op-op01-001-en"),
        ("ptcg", ["base1 4", "BASE1-004", "base1 4/102"], "ptcg-base1-4-en"),
        ("fab", ["WTR001", "wtr 1", "wtr-001"], "fab-wtr-001-en-as"),
        ("lor", ["1 131", "1-131", "1/131"], "lor-1-131-en"),
    ],
)
def test_set_and_number_in_every_spelling_names_one_bucket(real: Snapshot, game, queries_, sku) -> None:
    for q in queries_:
        found = search(real, game, q)
        assert sku in skus(found), q
        assert len(buckets(found)) == 1 and best(found) == "high", q
        assert {m.matched_by for m in found} == {"set_and_number"}


def test_a_bucket_holds_every_language_of_the_number(real: Snapshot) -> None:
    langs = {m.entry.lang for m in search(real, "lor", "1 131")}
    assert {"en", "fr", "de", "ja", "zh"} <= langs
    assert {m.entry.lang for m in search(real, "lor", "1 131 ja")} == {"ja"}
    assert {m.entry.lang for m in search(real, "op", "op01-001", lang="ja")} == {"ja"}


@pytest.mark.parametrize("sku", ["op-op01-001-en", "ptcg-base1-4-en", "fab-wtr-001-en-us", "lor-1-131-ja"])
def test_a_full_sku_is_an_exact_match(real: Snapshot, sku: str) -> None:
    for q in (sku, sku.upper(), f"  {sku} "):
        found = search(real, sku.split("-")[0], q)
        assert [(m.entry.sku, m.confidence, m.matched_by) for m in found] == [(sku, "exact", "sku")]


def test_a_number_alone_is_ambiguous_across_sets(real: Snapshot) -> None:
    found = search(real, "ptcg", "4")
    assert len(buckets(found)) > 50 and best(found) == "low"
    assert "ptcg-base1-4-en" in skus(found)
    assert len(buckets(search(real, "op", "001"))) > 10


def test_a_number_only_one_set_has_is_medium(real: Snapshot) -> None:
    by_number = real.by_number("op")
    unique = next(k for k, entries in by_number.items() if len({e.set_code for e in entries}) == 1)
    found = search(real, "op", unique)
    assert best(found) == "medium" and len(buckets(found)) == 1


def test_nothing_matches_what_is_not_there(real: Snapshot) -> None:
    assert search(real, "op", "op99 999") == []
    assert search(real, "ptcg", "op-op01-001-en") == []
    assert search(real, "fab", "no such card") == []


# ------------------------------------------------------------------ names (issue 39: an extension)


@pytest.mark.parametrize(
    ("game", "query", "lang", "name", "confidence"),
    [
        ("op", "Roronoa Zoro", None, "Roronoa Zoro", "high"),
        ("op", "roronoa zo", None, "Roronoa Zoro", "medium"),  # a prefix
        ("op", "zoro roronoa", None, "Roronoa Zoro", "medium"),  # whole words in any order
        ("op", "ＲＯＲＯＮＯＡ　ＺＯＲＯ", None, "Roronoa Zoro", "high"),  # full width
        ("op", "ロロノア・ゾロ", None, "ロロノア・ゾロ", "high"),  # Japanese
        ("op", "ろろのあ・ぞろ", None, "ロロノア・ゾロ", "high"),  # typed in hiragana
        ("op", "ゾロ", "ja", "ロロノア・ゾロ", "medium"),  # a whole word: ・ parts the names
        ("op", "ロノア", "ja", "ロロノア・ゾロ", "low"),  # a part of a name written without spaces
        ("lor", "elan nordique", "fr", "Truc - Élan nordique", "medium"),  # accents dropped, whole words
        ("lor", "elan nord", "fr", "Truc - Élan nordique", "low"),  # words it starts
        ("lor", "sans coeur", "fr", "TE KĀ - Sans cœur", "medium"),  # œ typed as oe
        ("lor", "ŒIL DES MOIRES", "fr", "ŒIL DES MOIRES", "high"),
        ("lor", "丽儿", "zh", "爱丽儿 - 像人一样站立", "low"),  # a part, in simplified Chinese
        ("lor", "stitch - rock", "fr", "STITCH - Rock star", "medium"),
        ("ptcg", "CHARIZARD", None, "Charizard", "high"),
    ],
)
def test_a_name_finds_its_printings_in_its_language(real: Snapshot, game, query, lang, name, confidence) -> None:
    found = search(real, game, query, lang)
    assert found and all(m.matched_by == "name" for m in found)
    hits = [m for m in found if m.entry.name == name]
    assert hits and {m.confidence for m in hits} == {confidence}, [(m.entry.name, m.confidence) for m in found[:5]]
    assert lang is None or {m.entry.lang for m in found} == {lang}
    order = [("high", "medium", "low").index(m.confidence) for m in found]
    assert order == sorted(order)


def test_a_whole_word_outranks_the_start_of_a_hyphenated_compound(real: Snapshot) -> None:
    """``zoro`` means Roronoa Zoro far more often than Zoro-Juurou (another character, whose compound
    name it only starts): both are ``medium``, every Roronoa Zoro first; Japanese alike."""
    for query, whole, compound in (("zoro", "Roronoa Zoro", "Zoro-Juurou"), ("ゾロ", "ロロノア・ゾロ", "ゾロ十郎")):
        names = [m.entry.name for m in search(real, "op", query)]
        assert names[0] == whole and compound in names, names[:5]
        last_whole = max(i for i, name in enumerate(names) if name == whole)
        assert last_whole < names.index(compound)
        assert {m.confidence for m in search(real, "op", query) if m.entry.name in (whole, compound)} == {"medium"}
    assert {m.confidence for m in search(real, "op", "juurou")} == {"low"}


def test_ligatures_are_found_as_typed_either_way(real: Snapshot) -> None:
    """French Lorcana names write Cœur and Sœur; a keyboard without œ types oe."""
    typed = {m.entry.sku for m in search(real, "lor", "coeur", "fr")}
    written = {m.entry.sku for m in search(real, "lor", "cœur", "fr")}
    assert typed == written and {"lor-1-192-fr", "lor-2-119-fr"} <= typed
    assert "lor-11-125-fr" in {m.entry.sku for m in search(real, "lor", "elsa soeur")}


def test_a_structured_query_is_never_read_as_a_name(real: Snapshot) -> None:
    assert {m.matched_by for m in search(real, "op", "OP01 001")} == {"set_and_number"}
    assert search(real, "op", "zzzz qqqq") == []
