"""One Piece cards for the play module, built from printings: the same code serves the catalog
(build time) and a snapshot (the app, which has only ``dist/_data``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Protocol
from weakref import WeakKeyDictionary

from generator.dependencies import Memoized, memoized, read
from generator.models.onepiece import OnePieceCard
from generator.models.rows import CardSet, Printing
from generator.sku.op import variant_of


def onepiece_cards_from(printings: Iterable[Printing], lang: str = "en") -> dict[str, OnePieceCard]:
    """One card per card id: attributes of its base art (the main list's first art first: a regional
    release's text is a reprint's, sometimes reworded), every printing's SKU."""
    grouped: dict[str, list[Printing]] = defaultdict(list)
    for p in printings:
        if p.game == "op" and p.lang == lang:
            grouped[p.card_key].append(p)
    cards = {}
    for card_id in sorted(grouped):
        prints = sorted(grouped[card_id], key=_base_first)
        base, a = prints[0], prints[0].attrs
        if a.get("category") is None:
            continue  # never guess a category
        cards[card_id] = OnePieceCard(
            card_id=card_id,
            name=base.name,
            rarity=base.rarity,
            skus=tuple(p.sku for p in prints),
            category=a["category"],
            colors=tuple(a["colors"]),
            cost=a.get("cost"),  # a number its category lacks is absent (generator.models.onepiece)
            power=a.get("power"),
            counter=a.get("counter"),
            life=a.get("life"),
            attributes=tuple(a["attributes"]),
            types=tuple(a["types"]),
            effect=a["effect"],
            trigger=a["trigger"],
            block=a["block"],
        )
    return cards


def _base_first(printing: Printing) -> tuple[bool, bool, str]:
    variant = variant_of(printing.variant)
    return variant.release is not None, variant.art is not None, printing.sku


class Printings(Protocol):
    """What ``cards_of`` reads of a snapshot: its sets of a game and each set's printings."""

    def sets_of_game(self, game: str) -> tuple[CardSet, ...]: ...

    def printings_of_set(self, game: str, set_code: str) -> tuple[Printing, ...]: ...


_BY_SNAPSHOT: WeakKeyDictionary[Printings, Memoized] = WeakKeyDictionary()


def cards_of(snapshot: Printings) -> dict[str, OnePieceCard]:
    """The English One Piece cards of a snapshot, computed once per snapshot (``memoized``: every
    caller records the whole game and what making the cards read, whichever caller made them, so
    the keys a route records do not depend on which route of a worker came first)."""
    read("game:op")
    return memoized(_BY_SNAPSHOT, snapshot, lambda: onepiece_cards_from(_printings(snapshot)))


def _printings(snapshot: Printings) -> Iterator[Printing]:
    return (p for s in snapshot.sets_of_game("op") for p in snapshot.printings_of_set("op", s.set_code))
