"""The sink: the checks every adapter shares (SKU shape, duplicates, names) and its counts."""

from __future__ import annotations

import datetime as dt

import pytest

from generator.ingest.sink import Quarantined, Sink, parse_date
from generator.sku.standard import Sku


def sink() -> Sink:
    return Sink("test-source", "op")


def test_a_good_printing_is_recorded_and_its_sku_returned():
    s = sink()
    sku = s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "L", "OP99-001", {"life": 5})

    assert sku == Sku("op", "op99", "001", "en")
    [row] = s.printings
    assert (row.sku, row.card_key, row.name, row.rarity, row.upstream_id, row.attrs) == (
        sku,
        "OP99-001",
        "Testo",
        "L",
        "OP99-001",
        {"life": 5},
    )
    assert s.quarantined == []
    assert s.rows_written == 1


def test_a_callable_is_folded_lazily():
    s = sink()
    assert s.printing(
        lambda: Sku.of("op", "OP99", "001", "EN", "_p1"), "OP99-001", "Testo", None, "OP99-001_p1"
    ) == Sku("op", "op99", "001", "en", "p1")
    assert s.printings[0].attrs == {} and s.printings[0].rarity is None


def test_duplicate_sku_is_quarantined_as_duplicate_id_and_the_first_kept():
    s = sink()
    s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo First", "C", "row-1")
    again = s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo Second", "R", "row-2")

    assert again is None
    assert [(p.name, p.upstream_id) for p in s.printings] == [("Testo First", "row-1")]
    assert s.quarantined == [Quarantined("duplicate-id", "row-2", "op-op99-001-en seen twice in this source")]


def test_a_variant_is_not_a_duplicate_of_its_base():
    s = sink()
    s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "C", "a")
    s.printing(Sku("op", "op99", "001", "en", "p1"), "OP99-001", "Testo", "C", "b")
    s.printing(Sku("op", "op99", "001", "ja"), "OP99-001", "Testo", "C", "c")
    assert len(s.printings) == 3 and s.quarantined == []


@pytest.mark.parametrize(
    "make",
    [
        lambda: Sku.of("op", "OP99", "", "en"),  # empty number
        lambda: Sku.of("op", "---", "001", "en"),  # punctuation only
        lambda: Sku.of("zz", "op99", "001", "en"),  # unknown game
        lambda: Sku("op", "OP99", "001", "en"),  # not folded
        lambda: Sku.parse("op-op99-001"),  # not a SKU
    ],
)
def test_bad_identifier_is_quarantined_not_raised(make):
    s = sink()
    assert s.printing(make, "OP99-001", "Testo", "C", "up-1") is None
    assert s.printings == []
    [q] = s.quarantined
    assert (q.reason, q.upstream_id) == ("bad-identifier", "up-1")
    assert q.detail


@pytest.mark.parametrize("name", [None, ""])
def test_missing_name_is_quarantined(name):
    s = sink()
    assert s.printing(Sku("op", "op99", "001", "en"), "OP99-001", name, "C", "up-1") is None
    assert [(q.reason, q.upstream_id) for q in s.quarantined] == [("missing-name", "up-1")]
    # the quarantined row did not claim its SKU: a good row may still have it
    assert s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "C", "up-2") is not None


def test_empty_rarity_is_none():
    s = sink()
    s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "", "up-1")
    assert s.printings[0].rarity is None


def test_duplicate_set_is_quarantined():
    s = sink()
    s.set("op99", "Testo Tides", dt.date(2030, 1, 2), 10, "OP-99")
    s.set("op99", "Testo Tides Again", None, None, None)

    assert [(r.game, r.set_code, r.name, r.release_date, r.total_cards, r.upstream_id) for r in s.sets] == [
        ("op", "op99", "Testo Tides", dt.date(2030, 1, 2), 10, "OP-99")
    ]
    assert [(q.reason, q.upstream_id) for q in s.quarantined] == [("duplicate-id", "op99")]


def test_quarantine_keeps_ids_as_text_and_counts_are_sorted():
    s = sink()
    s.quarantine("missing-number", 42, "no number")
    s.quarantine("bad-date", None)
    s.quarantine("bad-date", "x")
    assert [q.upstream_id for q in s.quarantined] == ["42", None, "x"]
    assert s.quarantine_counts() == {"bad-date": 2, "missing-number": 1}
    assert list(s.quarantine_counts()) == ["bad-date", "missing-number"]


def test_rows_written_counts_every_published_row_kind():
    s = sink()
    s.set("op99", "Testo Tides")
    s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "C", "a")
    s.deck("d1", "Testo Deck", (("OP99-001", 4),), "op99")
    s.rate(dt.date(2030, 1, 2), "USD", 1.1)
    s.printing(Sku("op", "op99", "001", "en"), "OP99-001", "Testo", "C", "b")  # quarantined: not written

    assert s.rows_written == 4
    assert s.decks[0].cards == (("OP99-001", 4),) and s.decks[0].game == "op"
    assert (s.fx[0].date, s.fx[0].currency, s.fx[0].per_eur) == (dt.date(2030, 1, 2), "USD", 1.1)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2001-02-03", dt.date(2001, 2, 3)),
        ("2001/02/03", dt.date(2001, 2, 3)),
        ("2001/02/03 10:00:00", dt.date(2001, 2, 3)),
        ("2001-02-03T10:00:00Z", dt.date(2001, 2, 3)),
        ("2001-02-03T10:00:00+09:00", dt.date(2001, 2, 3)),
        (" 2001-02-03 ", dt.date(2001, 2, 3)),
        (None, None),
        ("", None),
    ],
)
def test_parse_date_forms(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["2001-13-01", "03/02/2001", "soon", "2001-02", "2001-02-30"])
def test_parse_date_rejects_what_is_not_a_date(text):
    with pytest.raises(ValueError):
        parse_date(text)
