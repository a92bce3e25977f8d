"""The catalog as surfaces see it, whether at build time or inside the app.

Surfaces never query DuckDB directly: they read a ``Snapshot``. The build makes one in memory from
the catalog (one query per table, then every route is pure Python), writes it to ``dist/_data/`` as
sharded JSON, and the app reopens those shards lazily (both in ``snapshot_files``). So the app's
dynamic routes run the very same surface functions without a database, and any number of app
replicas need nothing but ``dist/``.

Printings are held as the catalog's rows and become ``Printing`` models on first use
(``generator.catalog.printing_table``, which says why). The ``_data`` shards embed the stored JSON
text as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

import duckdb
import orjson

from generator.catalog import queries
from generator.catalog.names import NameIndex
from generator.catalog.printing_table import PrintingTable
from generator.catalog.tables import SNAPSHOT_TABLES
from generator.dependencies import OWN_PRINTING, own_sku, read, recording_now
from generator.hashing import content_hash
from generator.identity import identity_of_row
from generator.models.rows import CardSet, CoverageCount, FxRate, Game, Printing, RunSummary, Source

DATA_DIR = "_data"
PRINTINGS = next(t.name for t in SNAPSHOT_TABLES if t.by_set)
INDEX = "index"  # _data/index/<game>.json: one IndexEntry per printing, what search and siblings read
OBSERVED = "observed"  # _data/observed.json: printings and distinct cards per (source, game, set), for coverage
CREDITS = "credits"  # _data/credits.json: every illustrator credit as printed, what /api/v1/artists reads
CREDIT_ATTRIBUTES = ("artist", "artists")  # where the upstreams carry illustrators (ptcg: one string; fab, lor: lists)


class IndexEntry(NamedTuple):
    """A printing's place in the catalog, without its text: enough to find it by set and number, by
    number alone, or by card (its other printings), and to load its set for the rest."""

    sku: str
    set_code: str
    number: str
    lang: str
    variant: str | None
    card_key: str
    name: str


class Derived(NamedTuple):
    """What ``Snapshot.derived`` hands over: tables made from every printing, once per build."""

    hash_index: dict[str, str]  # content hash -> SKU
    credits: tuple[tuple[str, str, str], ...]  # (game, SKU, credit as printed)
    observed: tuple[tuple[str, str, str | None, int, int], ...]  # (source, game, set, printings, cards)


def number_key(number: str) -> str:
    """A collector number as people type it: case-folded, leading zeros of each digit run dropped
    (``001``, ``1`` and ``01`` are one number; ``SV001`` and ``sv1`` too), any script's decimal
    digits read as ASCII (``\u0661`` is ``1``, as ``int`` reads it). Done digit by digit, never by
    ``int()``: a query is any length, and CPython refuses to convert a run past 4,300 digits."""
    return re.sub(r"\d+", _digit_run, number.casefold())


def _digit_run(found: re.Match[str]) -> str:
    return "".join(str(unicodedata.decimal(c)) for c in found.group()).lstrip("0") or "0"


class Snapshot:
    """In-memory catalog: the records of every declared table (``catalog.tables``), printings by SKU
    and by set, and the content-hash index."""

    def __init__(
        self, records: Mapping[str, tuple[Any, ...]], printings: Iterable[Printing] | PrintingTable, encoding: str
    ):
        self.encoding = encoding
        self.records = dict(records)  # table name -> its frozen records, for every modelled table
        self._games: tuple[Game, ...] = tuple(self.records["games"])
        self._sets = {(s.game, s.set_code): s for s in self.records["sets"]}
        self._printings = printings if isinstance(printings, PrintingTable) else PrintingTable.of(printings)
        self._sources: tuple[Source, ...] = tuple(self.records["sources"])

    @classmethod
    def of(
        cls,
        games: Iterable[Game],
        sets: Iterable[CardSet],
        printings: Iterable[Printing],
        sources: Iterable[Source],
        encoding: str,
        fx_rates: Iterable[FxRate] = (),
        runs: Iterable[RunSummary] = (),
        history: Iterable[CoverageCount] = (),
    ) -> Snapshot:
        """A snapshot of records made in memory (tests, small catalogs)."""
        records = {
            "games": tuple(games),
            "sets": tuple(sets),
            "sources": tuple(sources),
            "fx_rates": tuple(fx_rates),
            "source_runs": tuple(runs),
            "coverage_history": tuple(history),
        }
        return cls(records, printings, encoding)

    @classmethod
    def from_catalog(cls, con: duckdb.DuckDBPyConnection, encoding: str) -> Snapshot:
        records, table = {}, None
        for declared in SNAPSHOT_TABLES:
            rows = queries.rows(con, declared.query, **declared.params)
            if declared.model is None:
                table = PrintingTable(rows)
            else:
                records[declared.name] = tuple(declared.model(**r) for r in rows)
        return cls(records, table or PrintingTable(()), encoding)

    # Every public accessor says what it hands out (``generator.dependencies.read``; the keys are
    # listed in docs/incremental-build.md): a build re-renders a route when one of those changed.

    def games(self) -> tuple[Game, ...]:
        read("games")
        return self._games

    def game(self, token: str) -> Game | None:
        read("games")
        return next((g for g in self._games if g.game == token), None)

    def sets_of_game(self, game: str) -> tuple[CardSet, ...]:
        read(f"sets:{game}")
        return self._sets_by_game.get(game, ())

    def card_set(self, game: str, set_code: str) -> CardSet | None:
        if recording_now():
            read(f"set-row:{game}/{set_code}")
        return self._sets.get((game, set_code))

    def printing(self, sku: str) -> Printing | None:
        """The printing of ``sku``, or None. Recorded as its set (the SKU names it, ``game-set-...``),
        found or not: a printing that appears later changes that set; the route's own printing as
        ``OWN_PRINTING``, which changes with that printing's row alone."""
        if recording_now():
            if sku == own_sku():
                read(OWN_PRINTING)
            else:
                game, _, rest = sku.partition("-")
                read(f"set:{game}/{rest.partition('-')[0]}")
        return self._printings.get(sku)

    def printings(self) -> tuple[Printing, ...]:
        read("printings")
        return tuple(self._printings.values())

    def skus(self) -> tuple[str, ...]:
        """Every SKU in catalog order, without making a single model."""
        read("printings")
        return tuple(self._printings)

    def printings_of_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        if recording_now():
            read(f"set:{game}/{set_code}")
        return tuple(self._printings[sku] for sku in self._skus_by_set.get((game, set_code), ()))

    def printings_of_card(self, game: str, card_key: str) -> tuple[IndexEntry, ...]:
        """Every printing of one card (languages, variants, reprints), in catalog order: read per
        card, so a route that shows a card's siblings depends on that card, not on its whole game."""
        if recording_now():
            read(f"card:{game}/{card_key}")
        return self._by_card(game).get(card_key, ())

    def rarities(self, game: str) -> Iterator[tuple[str, str, str | None]]:
        """(set, number, rarity) of every printing of ``game``, read from the rows without making a
        model of each (the pulls surface counts 90,000 of them)."""
        read(f"game:{game}")
        for sku in self._printings:
            row = self._printings.row(sku)
            if row["game"] == game:
                yield row["set_code"], row["number"], row["rarity"]

    def printings_of_number(self, game: str, set_code: str, number: str) -> tuple[Printing, ...]:
        """Every printing of one card number of a set (languages, variants), in catalog order: a
        price-guide card, without scanning its set (a set's every number is a route)."""
        if recording_now():
            read(f"set:{game}/{set_code}")
        return tuple(self._printings[sku] for sku in self._skus_by_number.get((game, set_code, number), ()))

    def fx_rates(self) -> tuple[FxRate, ...]:
        """ECB reference rates of GBP and the FX targets, newest first (``catalog/sql/queries/fx_rates.sql``)."""
        read("fx_rates")
        return tuple(self.records.get("fx_rates", ()))

    def sources(self) -> tuple[Source, ...]:
        read("sources")
        return self._sources

    def runs(self) -> tuple[RunSummary, ...]:
        """Every published source run, oldest first (``catalog/sql/queries/run_summaries.sql``)."""
        read("source_runs")
        return tuple(self.records.get("source_runs", ()))

    def coverage_history(self) -> tuple[CoverageCount, ...]:
        """The coverage history's counts (``generator.ingest.history``), days then windows."""
        read("coverage_history")
        return tuple(self.records.get("coverage_history", ()))

    def source(self, source_id: str) -> Source | None:
        read("sources")
        return next((s for s in self._sources if s.source_id == source_id), None)

    def printing_count(self) -> int:
        read("games")
        return sum(g.printing_count for g in self._games)

    def sku_for_hash(self, digest: str) -> str | None:
        read("printings")
        return self.hash_index.get(digest)

    def derived(self) -> Derived:
        """The tables derived from every printing that the build writes to ``_data/`` and routes read
        (the content-hash index, the credits, the observed counts), made if not yet made."""
        return Derived(self.hash_index, self._credits, self._observed)

    def adopt(self, derived: Derived) -> None:
        """Take the tables a process forked from this snapshot derived (``build``'s data writer, which
        makes them for ``_data/`` beside the plan): forked render workers then inherit them, rather
        than each making its own (a rebuild's worker made them again for the few routes that read
        them)."""
        self.__dict__.update(hash_index=derived.hash_index, _credits=derived.credits, _observed=derived.observed)

    @cached_property
    def hash_index(self) -> dict[str, str]:  # the build writes it whole to _data/ (snapshot_files)
        """Content hash -> SKU for every printing (identity fields differ whenever SKUs do)."""
        table = self._printings
        return {content_hash(identity_of_row(table.row(sku), self.encoding)): sku for sku in table}

    def index_of_game(self, game: str) -> tuple[IndexEntry, ...]:
        """Every printing of a game as an ``IndexEntry``, in catalog order."""
        read(f"game:{game}")
        return self._index_of_game(game)

    @lru_cache(maxsize=8)  # noqa: B019 (one snapshot per build or app process; four games)
    def _index_of_game(self, game: str) -> tuple[IndexEntry, ...]:
        rows = (self._printings.row(sku) for sku in self._printings)
        return tuple(
            IndexEntry(r["sku"], r["set_code"], r["number"], r["lang"], r["variant"], r["card_key"], r["name"])
            for r in rows
            if r["game"] == game
        )

    @property
    def observed(self) -> tuple[tuple[str, str, str | None, int, int], ...]:
        """(source, game, set, printings, distinct cards): ``_observed``, recorded as every printing."""
        read("printings")
        return self._observed

    @property
    def credits(self) -> tuple[tuple[str, str, str], ...]:
        """(game, SKU, credit as printed) for every illustrator credit: ``_credits``."""
        read("printings")
        return self._credits

    def by_number(self, game: str) -> dict[str, tuple[IndexEntry, ...]]:
        """A game's printings by ``number_key``: number-alone search, across every set."""
        read(f"game:{game}")
        return self._by_number(game)

    def languages_of_game(self, game: str) -> frozenset[str]:
        read(f"game:{game}")
        return self._languages_of_game(game)

    def by_name(self, game: str) -> NameIndex:
        """A game's printings by folded name (``generator.catalog.names``): name search."""
        read(f"game:{game}")
        return self._by_name(game)

    def by_set(self, game: str) -> dict[str, tuple[IndexEntry, ...]]:
        """A game's printings by set code, in catalog order: the price guide's sets and numbers."""
        read(f"game:{game}")
        return self._by_set(game)

    # The cached indexes behind the accessors above: they read through private names, so that
    # only what a route asked for is recorded (``printings_of_card`` reads ``_by_card``).

    @cached_property
    def _observed(self) -> tuple[tuple[str, str, str | None, int, int], ...]:
        """(source, game, set, printings, distinct cards) for every set a source carries printings
        of, then one row per (source, game) with set None: the game's totals, whose distinct cards
        are the exact union across its sets (a card printed in two sets counts once). What coverage
        aggregates, without reading a printing at request time."""
        printings: dict[tuple[str, str, str | None], int] = defaultdict(int)
        cards: dict[tuple[str, str, str | None], set[str]] = defaultdict(set)
        for sku in self._printings:
            row = self._printings.row(sku)
            for source in row["sources"]:
                for key in ((source, row["game"], row["set_code"]), (source, row["game"], None)):
                    printings[key] += 1
                    cards[key].add(row["card_key"])
        order = sorted(printings, key=lambda k: (k[0], k[1], k[2] is None, k[2] or ""))
        return tuple((*key, printings[key], len(cards[key])) for key in order)

    @cached_property
    def _credits(self) -> tuple[tuple[str, str, str], ...]:
        """(game, SKU, credit as printed) for every illustrator credit, in catalog order."""
        found = []
        for sku in self._printings:
            row = self._printings.row(sku)
            if '"artist' not in row["attrs"]:  # most rows: skip parsing attributes that hold no credit
                continue
            attrs = orjson.loads(row["attrs"])
            for key in CREDIT_ATTRIBUTES:
                value = attrs.get(key)
                for name in [value] if isinstance(value, str) else value or ():
                    if isinstance(name, str) and name.strip():
                        found.append((row["game"], sku, name))
        return tuple(found)

    @lru_cache(maxsize=8)  # noqa: B019
    def _by_number(self, game: str) -> dict[str, tuple[IndexEntry, ...]]:
        grouped = defaultdict(list)
        for entry in self._index_of_game(game):
            grouped[number_key(entry.number)].append(entry)
        return {k: tuple(v) for k, v in grouped.items()}

    @lru_cache(maxsize=8)  # noqa: B019
    def _languages_of_game(self, game: str) -> frozenset[str]:
        return frozenset(e.lang for e in self._index_of_game(game))

    @lru_cache(maxsize=8)  # noqa: B019
    def _by_name(self, game: str) -> NameIndex:
        return NameIndex(self._index_of_game(game))

    @lru_cache(maxsize=8)  # noqa: B019
    def _by_set(self, game: str) -> dict[str, tuple[IndexEntry, ...]]:
        grouped = defaultdict(list)
        for entry in self._index_of_game(game):
            grouped[entry.set_code].append(entry)
        return {k: tuple(v) for k, v in grouped.items()}

    @lru_cache(maxsize=8)  # noqa: B019
    def _by_card(self, game: str) -> dict[str, tuple[IndexEntry, ...]]:
        grouped = defaultdict(list)
        for entry in self._index_of_game(game):
            grouped[entry.card_key].append(entry)
        return {k: tuple(v) for k, v in grouped.items()}

    @cached_property
    def _sets_by_game(self) -> dict[str, tuple[CardSet, ...]]:
        grouped = defaultdict(list)
        for s in self._sets.values():
            grouped[s.game].append(s)
        return {g: tuple(v) for g, v in grouped.items()}

    @cached_property
    def _skus_by_set(self) -> dict[tuple[str, str], tuple[str, ...]]:
        grouped = defaultdict(list)
        for sku in self._printings:
            row = self._printings.row(sku)
            grouped[(row["game"], row["set_code"])].append(sku)
        return {k: tuple(v) for k, v in grouped.items()}

    @cached_property
    def _skus_by_number(self) -> dict[tuple[str, str, str], tuple[str, ...]]:
        grouped = defaultdict(list)
        for sku in self._printings:
            row = self._printings.row(sku)
            grouped[(row["game"], row["set_code"], row["number"])].append(sku)
        return {k: tuple(v) for k, v in grouped.items()}
