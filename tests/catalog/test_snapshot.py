"""The build's in-memory snapshot: shards written from the catalog's rows, derived tables handed over."""

from __future__ import annotations

import orjson
import pytest

from generator.catalog import queries
from generator.catalog.snapshot import Snapshot
from generator.catalog.snapshot_files import snapshot_files
from generator.identity import card_content_hash


@pytest.fixture(scope="module")
def con(synthetic_catalog):
    with queries.connect(synthetic_catalog) as connection:
        yield connection


def test_shards_and_hash_index_match_the_models(con):
    lazy = Snapshot.from_catalog(con, "cp1")
    eager = Snapshot.of(
        lazy.games(),
        [s for g in lazy.games() for s in lazy.sets_of_game(g.game)],
        queries.printings(con),
        lazy.sources(),
        "cp1",
        lazy.fx_rates(),
        lazy.runs(),
        lazy.coverage_history(),
    )
    assert snapshot_files(lazy) == snapshot_files(eager)
    assert lazy.hash_index == {card_content_hash(p, "cp1"): p.sku for p in eager.printings()}
    for (game, set_code), printings in eager._skus_by_set.items():
        shard = dict(snapshot_files(eager))[f"_data/printings/{game}-{set_code}.json"]
        assert shard == orjson.dumps([eager.printing(s).model_dump(mode="json") for s in printings])


def test_adopted_tables_are_what_the_snapshot_would_derive(con):
    """``build``'s data writer derives the tables in a forked process and the parent adopts them, so
    the render workers inherit them: adopted, they are what the snapshot itself would make."""
    made = Snapshot.from_catalog(con, "cp1").derived()
    assert made.hash_index and made.credits and made.observed
    adopting = Snapshot.from_catalog(con, "cp1")
    adopting.adopt(made)
    assert adopting.derived() == made and adopting.hash_index is made.hash_index
    assert Snapshot.from_catalog(con, "cp1").derived() == made
