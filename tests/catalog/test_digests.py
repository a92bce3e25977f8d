"""The catalog's digests by key: made on first ask, or handed over already made (``passes``)."""

from __future__ import annotations

import pickle

import pytest

from generator.catalog import queries
from generator.catalog.digests import ABSENT, CatalogDigests
from generator.catalog.snapshot import Snapshot


@pytest.fixture(scope="module")
def snapshot(synthetic_catalog) -> Snapshot:
    with queries.connect(synthetic_catalog) as con:
        return Snapshot.from_catalog(con, "cp1")


def _keys(snapshot: Snapshot) -> list[str]:
    sets = [f"set:{game}/{code}" for game, code in snapshot._skus_by_set]
    games = sorted({game for game, _ in snapshot._skus_by_set})
    cards = [f"card:{game}/{card}" for game in games for card in snapshot._by_card(game)]
    unknown = ["set:lor/none", "card:op/none", "game:none"]
    return [*sets, *(f"game:{game}" for game in games), *cards, "printings", *unknown, "games", "sources"]


def test_digests_handed_over_answer_as_those_made_on_first_ask(snapshot: Snapshot) -> None:
    """A rebuild makes the dear digests in a forked process (pickled back) while its parent lists
    the routes; the parent's answers are the ones it would have made itself, key by key."""
    passes = pickle.loads(pickle.dumps(CatalogDigests(snapshot).passes()))
    assert passes.games and all(key.startswith(("set:", "game:", "card:", "printings")) for key in passes.digests)
    handed, made = CatalogDigests(snapshot, passes), CatalogDigests(snapshot)
    keys = _keys(snapshot)
    assert len(keys) > 20
    assert [handed(key) for key in keys] == [made(key) for key in keys]
    assert handed("set:lor/none") == ABSENT and handed("card:op/none") == ABSENT
    assert handed.printings() == made.printings() and list(made.printings()) == list(snapshot.skus())
