"""What a route records while it renders: its own printing under one key for every route, nothing
of "own" in what another route may reuse."""

from __future__ import annotations

import pytest

from generator.catalog import queries
from generator.catalog.snapshot import Snapshot
from generator.dependencies import OWN_PRINTING, memoized, recording


@pytest.fixture(scope="module")
def snapshot(synthetic_catalog) -> Snapshot:
    with queries.connect(synthetic_catalog) as con:
        return Snapshot.from_catalog(con, "cp1")


def _two_of_one_set(snapshot: Snapshot) -> tuple[str, str]:
    first = snapshot.skus()[0]
    game, set_code = snapshot._printings.row(first)["game"], snapshot._printings.row(first)["set_code"]
    other = next(p.sku for p in snapshot.printings_of_set(game, set_code) if p.sku != first)
    return first, str(other)


def test_a_routes_own_printing_is_one_key_and_another_printing_its_set(snapshot: Snapshot) -> None:
    own, sibling = _two_of_one_set(snapshot)
    game, set_code = own.split("-")[:2]
    with recording(own) as reads:
        assert snapshot.printing(own) is not None
    assert reads == {OWN_PRINTING}
    with recording(own) as reads:
        snapshot.printing(sibling)
    assert reads == {f"set:{game}/{set_code}"}
    with recording() as reads:  # a route without a SKU of its own
        snapshot.printing(own)
    assert reads == {f"set:{game}/{set_code}"}


def test_an_answer_other_routes_reuse_records_no_own_printing(snapshot: Snapshot) -> None:
    """Made inside a route with its own SKU, a memoized answer is replayed into other routes, for
    which ``printing:{sku}`` would name their printing, not the one it read."""
    own, _ = _two_of_one_set(snapshot)
    game, set_code = own.split("-")[:2]
    memo: dict[object, object] = {}
    with recording(own) as reads:
        memoized(memo, "shared", lambda: snapshot.printing(own))
        assert snapshot.printing(own) is not None  # and the route's own read, after it
    assert reads == {f"set:{game}/{set_code}", OWN_PRINTING}
    with recording("another-sku") as reads:
        memoized(memo, "shared", lambda: None)
    assert reads == {f"set:{game}/{set_code}"}
