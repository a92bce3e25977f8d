"""The digest of each part of the catalog a route can read, by the keys the snapshot records.

``Snapshot``'s accessors record what they hand out (``generator.dependencies``): ``set:op/op01``
for one set's printings, ``card:op/<card key>`` for one card's printings, ``game:op`` for a game's
indexes, ``sources`` for the sources table, and so on (docs/incremental-build.md lists them). A
rebuild compares each key's digest with the one the previous build stored, and re-renders only the
routes that read a key whose digest changed. A digest covers everything its accessor can return,
so equal digests mean equal answers: the printing rows hash whole (attributes, sources, names),
and the game and ``printings`` keys hash every row of their scope in catalog order (order is an
answer too). Digests are made on first ask: one pass over the printings for the set, game and
whole-catalog keys, one pass over a game's cards for its ``card:`` keys.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import NamedTuple

import orjson
from pydantic import BaseModel

from generator.catalog.snapshot import Snapshot
from generator.dependencies import OWN_PRINTING

ABSENT = ""  # the digest of a key with nothing behind it (an unknown set, a SKU not in the catalog)


class Passes(NamedTuple):
    """The digests that cost a pass over the printings (every set's, game's and card's, all
    printings', and each printing's), made elsewhere (``CatalogDigests.passes``) and handed to
    ``CatalogDigests``."""

    digests: dict[str, str]
    games: frozenset[str]  # the games whose cards were digested
    printings: dict[str, str]  # SKU -> the digest of its row (``CatalogDigests.printings``)


class CatalogDigests:
    """``digests(key)``: the digest of one recorded catalog key of ``snapshot`` (ValueError for a key
    no accessor records, so a new accessor cannot go unnoticed). ``passes``: the dear digests,
    already made (a rebuild makes them in a forked process while its parent lists the routes)."""

    def __init__(self, snapshot: Snapshot, passes: Passes | None = None):
        self._snapshot = snapshot
        self._known: dict[str, str] = dict(passes.digests) if passes else {}
        self._printings: dict[str, str] = dict(passes.printings) if passes else {}
        self._cards_done: set[str] = set(passes.games) if passes else set()
        self._rows_done = passes is not None
        records = snapshot.records
        self._tables: dict[str, Callable[[], str]] = {
            "games": lambda: _models(records.get("games", ())),
            "sources": lambda: _models(records.get("sources", ())),
            "fx_rates": lambda: _models(records.get("fx_rates", ())),
            "source_runs": lambda: _models(records.get("source_runs", ())),
            "coverage_history": lambda: _models(records.get("coverage_history", ())),
        }

    def passes(self) -> Passes:
        """Make every digest that costs a pass over the printings: the rows' (set, game, all) and
        every game's cards'."""
        self._hash_rows()
        games = frozenset(key.removeprefix("game:") for key in self._known if key.startswith("game:"))
        for game in sorted(games):
            self._hash_cards(game)
        return Passes(dict(self._known), games, dict(self._printings))

    def printings(self) -> dict[str, str]:
        """SKU -> the digest of its printing's row (what ``Snapshot.printing`` hands out): what a
        route that recorded ``OWN_PRINTING`` read, whose SKU names the digest to compare."""
        self._hash_rows()
        return self._printings

    def __call__(self, key: str) -> str:
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = self._digest(key)
        return found

    def _digest(self, key: str) -> str:
        kind, _, rest = key.partition(":")
        snapshot = self._snapshot
        if kind in self._tables and not rest:
            return self._tables[kind]()
        if kind in ("set", "game", "printings"):
            self._hash_rows()
            return self._known.get(key, ABSENT)
        if key == OWN_PRINTING:  # one digest per route, by its SKU (``printings``)
            return OWN_PRINTING
        if kind == "card":
            game = rest.partition("/")[0]
            self._hash_cards(game)
            return self._known.get(key, ABSENT)
        if kind == "set-row":
            game, _, set_code = rest.partition("/")
            card_set = snapshot._sets.get((game, set_code))
            return _models([card_set]) if card_set is not None else ABSENT
        if kind == "sets":
            return _models(s for s in snapshot._sets.values() if s.game == rest)
        raise ValueError(f"no digest for the input key {key!r}: record only keys this module knows")

    def _hash_rows(self) -> None:
        """One pass over every printing row in catalog order: each set's, each game's, all, and each
        printing's own (64 bits: it tells a changed row from an unchanged one, nothing more)."""
        if self._rows_done:
            return
        table = self._snapshot._printings
        sets: defaultdict[str, hashlib._Hash] = defaultdict(hashlib.sha256)
        games: defaultdict[str, hashlib._Hash] = defaultdict(hashlib.sha256)
        everything = hashlib.sha256()
        printings = self._printings
        for sku in table:
            row = table.row(sku)
            line = orjson.dumps(row, default=str) + b"\n"
            printings[sku] = hashlib.blake2b(line, digest_size=8).hexdigest()
            sets[f"set:{row['game']}/{row['set_code']}"].update(line)
            games[f"game:{row['game']}"].update(line)
            everything.update(line)
        for scope in (sets, games):
            self._known.update((key, digest.hexdigest()) for key, digest in scope.items())
        self._known["printings"] = everything.hexdigest()
        self._rows_done = True

    def _hash_cards(self, game: str) -> None:
        if game in self._cards_done:
            return
        for card_key, entries in self._snapshot._by_card(game).items():
            self._known[f"card:{game}/{card_key}"] = hashlib.sha256(orjson.dumps(entries, default=tuple)).hexdigest()
        self._cards_done.add(game)


def _models(models: Iterable[BaseModel]) -> str:
    digest = hashlib.sha256()
    for model in models:
        digest.update(model.model_dump_json().encode() + b"\n")
    return digest.hexdigest()
