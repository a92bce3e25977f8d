"""The grown catalog of ``bench/grow.py`` (issue 37 item 4), grown from the synthetic catalog: N times
its sets and printings, every added SKU new and parsing to its own set, the same file from the same
input, and a build that renders and validates every route of it. No timing here: that is the bench."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import orjson
import pytest

from generator.build import build
from generator.catalog import queries
from generator.catalog.grown import PER_SET, WHOLE, GrowError, grow_catalog
from generator.catalog.tables import SNAPSHOT_TABLES
from generator.fingerprint import catalog_digest
from generator.sku.standard import Sku


@pytest.fixture(scope="module")
def grown(synthetic_catalog, tmp_path_factory) -> Path:
    return grow_catalog(synthetic_catalog, tmp_path_factory.mktemp("grown") / "catalog.duckdb", 4).path


def _printings(path: Path) -> list[dict]:
    with queries.connect(path) as con:
        return queries.rows(con, "printings", game=None, set_code=None)


def test_every_snapshot_table_is_grown_by_set_or_kept_whole():
    assert {t.name for t in SNAPSHOT_TABLES} == {*PER_SET, *WHOLE}


def test_four_times_the_sets_and_printings_under_new_distinct_skus(synthetic_catalog, grown):
    real, large = _printings(synthetic_catalog), _printings(grown)
    assert len(large) == 4 * len(real)
    skus = [p["sku"] for p in large]
    assert len(set(skus)) == len(skus)
    added = [p for p in large if p["sku"] not in {r["sku"] for r in real}]
    assert len(added) == 3 * len(real)
    real_sets = {(r["game"], r["set_code"]) for r in real}
    for printing in added:
        sku = Sku.parse(printing["sku"])
        assert (sku.game, sku.set) == (printing["game"], printing["set_code"])
        assert (sku.game, sku.set) not in real_sets
    with queries.connect(synthetic_catalog) as con:
        sets = len(queries.sets(con))
    with queries.connect(grown) as con:
        assert len(queries.sets(con)) == 4 * sets
        games = {g.game: g for g in queries.games(con)}
    assert sum(g.printing_count for g in games.values()) == len(large)


def test_a_copy_is_the_real_row_under_its_new_set(synthetic_catalog, grown):
    real = {p["sku"]: p for p in _printings(synthetic_catalog)}
    copies = {p["sku"]: p for p in _printings(grown)}
    for sku, row in real.items():
        game, set_code, rest = sku.split("-", 2)
        copy = copies[f"{game}-{set_code}x3-{rest}"]
        assert copy["card_key"] == f"{row['card_key']}-x3"
        assert {**copy, "sku": sku, "set_code": set_code, "card_key": row["card_key"]} == row


def test_the_same_input_grows_to_the_same_file(synthetic_catalog, grown, tmp_path):
    again = grow_catalog(synthetic_catalog, tmp_path / grown.name, 4)  # DuckDB stores the file's stem
    with queries.connect(grown) as con:
        assert catalog_digest(con) == again.digest
    assert hashlib.sha256(grown.read_bytes()).digest() == hashlib.sha256(again.path.read_bytes()).digest()


def test_growing_refuses_a_factor_that_adds_nothing(synthetic_catalog, tmp_path):
    with pytest.raises(GrowError):
        grow_catalog(synthetic_catalog, tmp_path / "same.duckdb", 1)


def test_the_build_renders_and_validates_the_grown_catalog(synthetic_catalog, grown, small_dist, tmp_path):
    """Every route passes the build's contract check (on by default); every surface answers the
    grown catalog with the statuses it gives the catalog it was grown from, and a copy's card and set
    answer as the original's do."""
    manifest = orjson.loads((small_dist / "_routes.json").read_bytes())
    build(tmp_path / "dist", dt.datetime.fromisoformat(manifest["as_of"]), grown, search_index=True)
    routes = orjson.loads((tmp_path / "dist" / "_routes.json").read_bytes())["routes"]
    answers = {(r["surface"], r["status"]) for r in manifest["routes"].values()}
    assert {(r["surface"], r["status"]) for r in routes.values()} == answers

    def printed(table: dict) -> int:  # a card document per printing (retired SKUs answer 301 or 410)
        return sum(r["surface"] == "universal.card" and r["status"] == 200 for r in table.values())

    assert printed(routes) == 4 * printed(manifest["routes"]) == 4 * len(_printings(synthetic_catalog))
    game, set_code, rest = _printings(synthetic_catalog)[0]["sku"].split("-", 2)
    for code in (set_code, f"{set_code}x2"):
        assert routes[f"/api/v1/universal/card/{game}-{code}-{rest}"]["status"] == 200
        assert routes[f"/api/v1/universal/set/{game}-{code}"]["status"] == 200
