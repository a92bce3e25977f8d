"""``cards_of``: the One Piece cards of a snapshot, computed once and recorded by every caller."""

from __future__ import annotations

from types import SimpleNamespace

from generator.dependencies import read, recording
from generator.play.cards import cards_of


class _Catalog:
    """A snapshot's two accessors ``cards_of`` reads, each recording its key as the real ones do."""

    def sets_of_game(self, game: str) -> tuple:
        read(f"sets:{game}")
        return (SimpleNamespace(set_code="op01"), SimpleNamespace(set_code="st01"))

    def printings_of_set(self, game: str, set_code: str) -> tuple:
        read(f"set:{game}/{set_code}")
        return ()


def test_a_route_records_what_the_cards_were_made_of_whichever_route_made_them() -> None:
    """The keys a route records must not depend on which route of a worker came first: a route
    that finds the cards made records what making them read, as the route that made them did."""
    catalog = _Catalog()
    with recording() as made:
        cards_of(catalog)
    with recording() as found:
        cards_of(catalog)
    assert made == found == {"game:op", "sets:op", "set:op/op01", "set:op/st01"}
