"""The SKU standard's one parser and formatter: round trips, rejects, token folding, uniqueness.

The per-game token rules for Flesh and Blood and Lorcana are tested in ``test_sku_fab.py`` and
``test_sku_lor.py``; this file tests the shape every game shares, and the real catalog's SKUs.
"""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.sku.standard import GAMES, Sku, SkuError, is_sku, token

STATE_CATALOG = Path(__file__).resolve().parents[1] / "state" / "catalog.duckdb"


@pytest.mark.parametrize(
    "text, parts",
    [
        ("op-op01-001-en", ("op", "op01", "001", "en", None)),
        ("op-op01-001-en-p1", ("op", "op01", "001", "en", "p1")),
        ("op-p-001-ja", ("op", "p", "001", "ja", None)),
        ("op-st01-012-en-r1", ("op", "st01", "012", "en", "r1")),
        ("ptcg-base1-4-en", ("ptcg", "base1", "4", "en", None)),
        ("ptcg-sv3pt5-tg01-en", ("ptcg", "sv3pt5", "tg01", "en", None)),
        ("fab-wtr-001-en", ("fab", "wtr", "001", "en", None)),
        ("lor-1-1-en", ("lor", "1", "1", "en", None)),
        ("lor-p1-25-fr", ("lor", "p1", "25", "fr", None)),
    ],
)
def test_parse_and_format_round_trip(text, parts):
    sku = Sku.parse(text)
    assert (sku.game, sku.set, sku.number, sku.lang, sku.variant) == parts
    assert str(sku) == text
    assert Sku(*parts) == sku
    assert is_sku(text)


def test_base_drops_the_variant():
    assert Sku.parse("op-op01-001-en-p1").base == Sku.parse("op-op01-001-en")
    assert str(Sku.parse("op-op01-001-en").base) == "op-op01-001-en"


def test_skus_are_frozen_and_hashable():
    a = Sku.parse("op-op01-001-en")
    with pytest.raises(AttributeError):
        a.number = "002"  # type: ignore[misc]
    assert len({a, Sku.parse("op-op01-001-en")}) == 1
    assert sorted([Sku.parse("op-op01-002-en"), a]) == [a, Sku.parse("op-op01-002-en")]


def test_a_base_sku_orders_before_its_variants():
    a, b = Sku.parse("op-op01-001-en"), Sku.parse("op-op01-001-en-p1")
    assert sorted([b, a]) == [a, b]


@pytest.mark.parametrize(
    "text",
    [
        "OP-op01-001-en",  # uppercase game
        "op-OP01-001-en",  # uppercase set
        "op-op01-001-EN",  # uppercase lang
        "op-op01-001-en-P1",  # uppercase variant
        "op--001-en",  # empty set
        "op-op01--en",  # empty number
        "op-op01-001-",  # empty lang
        "op-op01-001-en-",  # empty variant
        "-op01-001-en",  # empty game
        "zz-op01-001-en",  # unknown game
        "mtg-lea-1-en",  # unknown game
        "op-op01-001-en-p1-x",  # extra part
        "op-op01-001",  # missing part
        "op_op01_001_en",  # wrong separator
        " op-op01-001-en",  # no trimming
        "op-op01-001-en ",
        "op-op01-00é-en",  # not [a-z0-9]
        "",
    ],
)
def test_rejects(text):
    with pytest.raises(SkuError):
        Sku.parse(text)
    assert not is_sku(text)


def test_a_trailing_newline_is_not_a_sku():
    with pytest.raises(SkuError):
        Sku.parse("op-op01-001-en\n")


@pytest.mark.parametrize("value", [None, 1, b"op-op01-001-en"])
def test_parse_rejects_what_is_not_a_string(value):
    with pytest.raises(SkuError):
        Sku.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "parts",
    [
        ("OP", "op01", "001", "en", None),
        ("op", "op 01", "001", "en", None),
        ("op", "op01", "", "en", None),
        ("op", "op01", "001", "en", ""),
        ("op", "op01", "001", "en", "p-1"),
        ("xx", "op01", "001", "en", None),
    ],
)
def test_constructor_enforces_the_shape(parts):
    with pytest.raises(SkuError):
        Sku(*parts)


@pytest.mark.parametrize(
    "value, folded",
    [
        ("OP01", "op01"),
        ("TG01", "tg01"),
        ("2a", "2a"),
        ("_p1", "p1"),
        ("OP-01", "op01"),
        (4, "4"),
        ("  Base 1 ", "base1"),
        ("SV3.5", "sv35"),
        ("Ñu1", "u1"),
    ],
)
def test_token_folding(value, folded):
    assert token(value) == folded


@pytest.mark.parametrize("value", ["", "---", "  ", "?", "日本"])
def test_token_of_nothing_raises(value):
    with pytest.raises(SkuError):
        token(value)


def test_token_of_none_raises():
    with pytest.raises(SkuError):
        token(None)


def test_of_folds_every_part():
    assert Sku.of("OP", "OP01", "001", "EN", "_p1") == Sku("op", "op01", "001", "en", "p1")
    assert Sku.of("ptcg", "base1", 4, "en") == Sku.parse("ptcg-base1-4-en")
    assert Sku.of("op", "OP01", "001", "en", "").variant is None
    with pytest.raises(SkuError):
        Sku.of("op", "OP01", "!", "en")


PART = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)


@given(game=st.sampled_from(GAMES), set_=PART, number=PART, lang=PART, variant=st.none() | PART)
def test_round_trip_over_generated_parts(game, set_, number, lang, variant):
    sku = Sku(game, set_, number, lang, variant)
    text = str(sku)
    assert Sku.parse(text) == sku
    assert str(Sku.parse(text)) == text
    assert is_sku(text)


@given(text=st.text(max_size=40))
def test_parse_never_raises_anything_but_sku_error(text):
    try:
        sku = Sku.parse(text)
    except SkuError:
        return
    assert str(sku) == text


@given(value=st.text(max_size=20))
def test_token_is_a_part_or_raises(value):
    try:
        folded = token(value)
    except SkuError:
        return
    assert Sku("op", folded, "1", "en").set == folded


# ------------------------------------------------------------------ uniqueness over the real catalog


@pytest.fixture
def real_catalog(request) -> Path:
    """The session's real ingest when ``CARDPANTRY_MIRROR`` is set, else ``state/catalog.duckdb`` if built."""
    if os.environ.get("CARDPANTRY_MIRROR"):
        return request.getfixturevalue("real_ingest").catalog
    if STATE_CATALOG.is_file():
        return STATE_CATALOG
    pytest.skip("no real catalog: CARDPANTRY_MIRROR is unset and state/catalog.duckdb has not been built")


@pytest.mark.real_data
def test_every_real_printing_sku_parses_is_unique_and_formats_back(real_catalog):
    con = duckdb.connect(str(real_catalog), read_only=True)
    try:
        rows = con.execute("SELECT sku, game, set_code, number, lang, variant FROM printings").fetchall()
        observations = con.execute(
            "SELECT count(*), count(DISTINCT (source_id, sku)) FROM printing_observations"
        ).fetchone()
    finally:
        con.close()
    if not rows:
        pytest.skip("the catalog has no printings")
    skus = [row[0] for row in rows]
    assert len(skus) == len(set(skus))
    for text, game, set_code, number, lang, variant in rows:
        sku = Sku.parse(text)
        assert str(sku) == text
        assert (sku.game, sku.set, sku.number, sku.lang, sku.variant) == (game, set_code, number, lang, variant)
    assert observations[0] == observations[1]  # no source observed one SKU twice
