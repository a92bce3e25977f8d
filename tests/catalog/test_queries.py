"""The named catalog queries, over the synthetic catalog of ``tests/conftest.py``.

Every query returns frozen models (or a tuple of them); the SQL lives in ``sql/queries/<name>.sql``.
"""

from __future__ import annotations

import datetime as dt

import pydantic
import pytest

from generator.catalog import queries
from generator.models.onepiece import OnePieceCard
from generator.models.rows import CardSet, Game, Printing, Source, SourceRun

KNOWN_SKU = "op-op01-001-en"
KNOWN_VARIANT_SKU = "op-op01-001-en-p1"
DISPUTED_SKU = "op-op01-002-en"


@pytest.fixture(scope="module")
def con(synthetic_catalog):
    connection = queries.connect(synthetic_catalog)
    yield connection
    connection.close()


def assert_frozen(model: pydantic.BaseModel) -> None:
    field = next(iter(type(model).model_fields))
    with pytest.raises(pydantic.ValidationError):
        setattr(model, field, getattr(model, field))


def test_every_query_file_is_a_named_query():
    names = sorted(path.stem for path in queries.QUERY_DIR.glob("*.sql"))
    assert names == [
        "card_set",
        "coverage_history",
        "fx_rates",
        "games",
        "printing",
        "printings",
        "run_summaries",
        "sets",
        "sets_of_game",
        "source_runs",
        "sources",
        "stats",
    ]
    assert all(callable(getattr(queries, name)) for name in names if name != "stats")


def test_the_catalog_is_opened_read_only(synthetic_catalog):
    import duckdb

    with queries.connect(synthetic_catalog) as connection, pytest.raises(duckdb.Error):
        connection.execute("DELETE FROM printings")


def test_games(con):
    games = queries.games(con)

    assert isinstance(games, tuple) and all(isinstance(g, Game) for g in games)
    assert [g.game for g in games] == ["fab", "lor", "op", "ptcg"]  # fx is a source, not a game
    op = next(g for g in games if g.game == "op")
    assert (op.name, op.publisher, op.first_seen, op.set_count, op.card_count, op.printing_count) == (
        "One Piece Card Game",
        "Bandai",
        dt.date(2022, 7, 8),
        2,
        4,
        6,
    )
    ptcg = next(g for g in games if g.game == "ptcg")
    assert (ptcg.set_count, ptcg.card_count, ptcg.printing_count, ptcg.first_seen) == (2, 4, 4, dt.date(1999, 1, 9))
    assert_frozen(op)


def test_sets_of_game_are_ordered_by_release_and_leave_out_unprinted_sets(con):
    sets = queries.sets_of_game(con, "op")

    assert all(isinstance(s, CardSet) for s in sets)
    assert [(s.set_code, s.name, s.release_date, s.total_cards, s.printed_numbers, s.sources) for s in sets] == [
        ("st01", "Testmon Starter Crew", dt.date(2022, 7, 8), 2, 1, ("test-op-primary",)),
        ("op01", "Testmon Tides", dt.date(2022, 7, 22), 4, 3, ("test-op-primary", "test-op-secondary")),
    ]
    assert queries.sets_of_game(con, "nope") == ()
    assert_frozen(sets[0])


def test_card_set(con):
    assert queries.card_set(con, "op", "op01").name == "Testmon Tides"  # the higher-priority name wins
    assert queries.card_set(con, "op", "op99") is None  # declared, never printed
    assert queries.card_set(con, "ptcg", "op01") is None
    # known only from its printings: named by its code, totalled by its printed numbers
    tst2 = queries.card_set(con, "ptcg", "tst2")
    assert (tst2.name, tst2.release_date, tst2.total_cards, tst2.printed_numbers, tst2.sources) == (
        "TST2",
        None,
        1,
        1,
        ("test-ptcg",),
    )
    assert isinstance(tst2, CardSet)


def test_printing(con):
    known = queries.printing(con, KNOWN_SKU)

    assert isinstance(known, Printing)
    assert (
        known.sku,
        known.game,
        known.set_code,
        known.number,
        known.lang,
        known.variant,
        known.card_key,
        known.name,
        known.rarity,
        known.sources,
    ) == (KNOWN_SKU, "op", "op01", "001", "en", None, "OP01-001", "Testmon Captain", "L", ("test-op-primary",))
    assert known.attrs["life"] == 5 and known.attrs["power"] == 5000
    assert queries.printing(con, KNOWN_VARIANT_SKU).variant == "p1"
    assert queries.printing(con, "op-op01-999-en") is None
    assert queries.printing(con, "not a sku") is None
    assert_frozen(known)


def test_a_disputed_printing_has_the_higher_priority_values_and_both_sources(con):
    disputed = queries.printing(con, DISPUTED_SKU)

    assert (disputed.name, disputed.rarity, disputed.attrs["power"]) == ("Testmon Navigator", "R", 4000)
    assert disputed.sources == ("test-op-primary", "test-op-secondary")


def test_printings_are_ordered_and_filtered(con):
    every = queries.printings(con)

    assert all(isinstance(p, Printing) for p in every)
    assert len(every) == 19
    keys = [(p.game, p.set_code, p.number, p.lang, p.variant or "") for p in every]
    assert keys == sorted(keys)
    assert len({p.sku for p in every}) == len(every)
    assert [p.sku for p in queries.printings(con, game="op", set_code="op01")] == [
        "op-op01-001-en",
        "op-op01-001-en-p1",
        "op-op01-001-ja",
        "op-op01-002-en",
        "op-op01-003-en",
    ]
    assert {p.game for p in queries.printings(con, game="lor")} == {"lor"}
    assert [p.sku for p in queries.printings(con, set_code="tst2")] == ["ptcg-tst2-5-en"]
    assert queries.printings(con, game="nope") == ()


def test_quarantined_rows_are_not_printings(con):
    every = queries.printings(con)
    assert "ST01-xxx" not in {p.card_key for p in every}
    assert not [p for p in every if p.name == "Testmon Broken"]


def test_attrs_arrive_as_python_values(con):
    charmander = queries.printing(con, "ptcg-tst1-1-en")
    assert charmander.attrs["attacks"] == [{"name": "Test Burn", "damage": "100", "text": "Discard 2 Energy."}]
    cook = queries.printing(con, "op-op01-003-en")
    assert cook.name == "Testmon Cook \u201cBlackleg\u201d"
    assert cook.attrs["effect"] == "[On Play] Draw 1 card.\n\u00e9\u00e8 \U0001f0cf"


def test_sources_are_in_priority_order(con):
    sources = queries.sources(con)

    assert all(isinstance(s, Source) for s in sources)
    assert [(s.source_id, s.priority) for s in sources] == [
        ("test-op-primary", 0),
        ("test-op-secondary", 1),
        ("test-ptcg", 2),
        ("test-fab", 3),
        ("test-lor", 4),
        ("test-fx", 5),
    ]
    assert (sources[-1].game, sources[-1].tier, sources[-1].published) == ("fx", "cc-by", dt.date(2026, 2, 27))
    assert_frozen(sources[0])


def test_source_runs(con):
    runs = queries.source_runs(con)

    assert all(isinstance(r, SourceRun) for r in runs)
    assert [r.source_id for r in runs] == sorted(r.source_id for r in runs)  # one start time: by source
    primary = queries.source_runs(con, "test-op-primary")
    assert [(r.run_id, r.status, r.method, r.rows_read, r.rows_written, r.quarantined, r.note) for r in primary] == [
        ("run-test-op-primary", "ok", "mirror", 7, 8, {"bad-identifier": 1}, None)
    ]
    assert primary[0].started_at == dt.datetime(2026, 2, 28, 12, 0, 0)
    assert primary[0].finished_at - primary[0].started_at == dt.timedelta(seconds=2)
    assert queries.source_runs(con, "no-such-source") == ()
    assert_frozen(primary[0])


def test_rows_returns_plain_dicts(con):
    stats = queries.rows(con, "stats")
    assert {(r["game"], r["source_id"], r["printings"]) for r in stats} == {
        ("op", "test-op-primary", 5),
        ("op", "test-op-secondary", 2),
        ("ptcg", "test-ptcg", 4),
        ("fab", "test-fab", 4),
        ("lor", "test-lor", 5),
    }
    assert next(r for r in stats if r["source_id"] == "test-op-secondary")["languages"] == "en,ja"


def test_onepiece_cards(con):
    cards = queries.onepiece_cards(con)

    assert list(cards) == ["OP01-001", "OP01-002", "OP01-003", "ST01-001"]
    assert all(isinstance(card, OnePieceCard) for card in cards.values())
    assert cards["OP01-001"].skus == (KNOWN_SKU, KNOWN_VARIANT_SKU)  # base art first
    assert (cards["OP01-001"].category, cards["OP01-001"].life) == ("Leader", 5)
    assert list(queries.onepiece_cards(con, "ja")) == ["OP01-001"]
