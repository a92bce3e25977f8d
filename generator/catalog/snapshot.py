"""The catalog as surfaces see it, whether at build time or inside the app.

Surfaces never query DuckDB directly: they read a ``Snapshot``. The build makes one in memory from
the catalog (one query per table, then every route is pure Python), writes it to ``dist/_data/`` as
sharded JSON, and the app reopens those shards lazily. So the app's dynamic routes run the very same
surface functions without a database, and any number of app replicas need nothing but ``dist/``.

Printings are held as the catalog's rows and become ``Printing`` models on first use
(``PrintingTable``): parsing every printing's attributes (30 MB of JSON) up front took about a
second of the build's serial start, while rendering workers forked afterwards each parse only the
printings they render, in parallel. The ``_data`` shards embed the stored JSON text as it is.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

import orjson

from generator.catalog import queries
from generator.hashing import content_hash
from generator.identity import identity_of_row
from generator.models.catalog import CardSet, Game, Printing, Source

DATA_DIR = "_data"


class PrintingTable(Mapping[str, Printing]):
    """Printings by SKU, kept as catalog rows (JSON columns as text) and made into models when
    first read."""

    def __init__(self, rows: Iterable[dict[str, Any]], made: Iterable[Printing] = ()):
        self._rows = {r["sku"]: r for r in rows}
        self._made: dict[str, Printing] = {p.sku: p for p in made}

    @classmethod
    def of(cls, printings: Iterable[Printing]) -> "PrintingTable":
        """A table of models already made (tests, small catalogs)."""
        printings = tuple(printings)
        return cls((_row(p) for p in printings), printings)

    def __getitem__(self, sku: str) -> Printing:
        made = self._made.get(sku)
        if made is None:
            made = self._made[sku] = queries.printing_from_row(self._rows[sku])
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def row(self, sku: str) -> dict[str, Any]:
        return self._rows[sku]

    def as_json(self, sku: str) -> dict[str, Any]:
        """The printing as ``model_dump(mode="json")`` gives it, with the stored JSON text embedded
        unparsed (the catalog stores it exactly as orjson writes it: tests/catalog checks)."""
        row = self._rows[sku]
        return {**row, "attrs": orjson.Fragment(row["attrs"]), "sources": list(row["sources"]),
                "disagreements": orjson.Fragment(row["disagreements"])}


def _row(printing: Printing) -> dict[str, Any]:
    return {**printing.model_dump(mode="json"), "attrs": orjson.dumps(printing.attrs).decode(),
            "disagreements": orjson.dumps(printing.disagreements).decode()}


class Snapshot:
    """In-memory catalog: games, sets, printings by SKU and by set, sources, content-hash index."""

    def __init__(self, games: tuple[Game, ...], sets: tuple[CardSet, ...],
                 printings: Iterable[Printing] | PrintingTable, sources: tuple[Source, ...], encoding: str):
        self.encoding = encoding
        self._games = games
        self._sets = {(s.game, s.set_code): s for s in sets}
        self._printings = printings if isinstance(printings, PrintingTable) else PrintingTable.of(printings)
        self._sources = sources

    @classmethod
    def from_catalog(cls, con, encoding: str) -> "Snapshot":
        games = queries.games(con)
        sets = tuple(s for g in games for s in queries.sets_of_game(con, g.game))
        table = PrintingTable(queries.printing_rows(con))
        return cls(games, sets, table, queries.sources(con), encoding)

    def games(self) -> tuple[Game, ...]:
        return self._games

    def game(self, token: str) -> Game | None:
        return next((g for g in self._games if g.game == token), None)

    def sets_of_game(self, game: str) -> tuple[CardSet, ...]:
        return self._sets_by_game.get(game, ())

    def card_set(self, game: str, set_code: str) -> CardSet | None:
        return self._sets.get((game, set_code))

    def printing(self, sku: str) -> Printing | None:
        return self._printings.get(sku)

    def printings(self) -> tuple[Printing, ...]:
        return tuple(self._printings.values())

    def skus(self) -> tuple[str, ...]:
        """Every SKU in catalog order, without making a single model."""
        return tuple(self._printings)

    def printings_of_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        return tuple(self._printings[sku] for sku in self._skus_by_set.get((game, set_code), ()))

    def sources(self) -> tuple[Source, ...]:
        return self._sources

    def source(self, source_id: str) -> Source | None:
        return next((s for s in self._sources if s.source_id == source_id), None)

    def printing_count(self) -> int:
        return sum(g.printing_count for g in self._games)

    def sku_for_hash(self, digest: str) -> str | None:
        return self.hash_index.get(digest)

    @cached_property
    def hash_index(self) -> dict[str, str]:
        """Content hash -> SKU for every printing (identity fields differ whenever SKUs do)."""
        table = self._printings
        return {content_hash(identity_of_row(table.row(sku), self.encoding)): sku for sku in table}

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


def snapshot_files(snapshot: Snapshot) -> list[tuple[str, bytes]]:
    """The snapshot as files under ``_data/`` (returned as (relative path, bytes) for the writer)."""
    files = [
        (f"{DATA_DIR}/games.json", _dump([g.model_dump(mode="json") for g in snapshot.games()])),
        (f"{DATA_DIR}/sets.json", _dump([s.model_dump(mode="json") for g in snapshot.games()
                                          for s in snapshot.sets_of_game(g.game)])),
        (f"{DATA_DIR}/sources.json", _dump([s.model_dump(mode="json") for s in snapshot.sources()])),
    ]
    table = snapshot._printings
    for (game, set_code), skus in sorted(snapshot._skus_by_set.items()):
        files.append((f"{DATA_DIR}/printings/{game}-{set_code}.json", _dump([table.as_json(s) for s in skus])))
    shards = defaultdict(dict)
    for digest, sku in snapshot.hash_index.items():
        shards[_shard(digest)][digest] = sku
    for shard, entries in sorted(shards.items()):
        files.append((f"{DATA_DIR}/hash-index/{shard}.json", _dump(dict(sorted(entries.items())))))
    return files


def _shard(digest: str) -> str:
    return digest.removeprefix("sha256:")[:2]


def _dump(value) -> bytes:
    """Insertion order is kept (it is deterministic): the app must rebuild attrs in the build's key order."""
    return orjson.dumps(value)


class FileSnapshot(Snapshot):
    """The same interface over ``dist/_data``: sets and games eagerly, printings per set on demand."""

    def __init__(self, dist: Path, encoding: str):
        self._root = dist / DATA_DIR
        load = lambda name: orjson.loads((self._root / name).read_bytes())  # noqa: E731
        games = tuple(Game(**g) for g in load("games.json"))
        sets = tuple(CardSet(**s) for s in load("sets.json"))
        super().__init__(games, sets, (), tuple(Source(**s) for s in load("sources.json")), encoding)

    def printing(self, sku: str) -> Printing | None:
        game, _, rest = sku.partition("-")
        set_code = rest.partition("-")[0]
        return next((p for p in self.printings_of_set(game, set_code) if p.sku == sku), None)

    def printings_of_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        return self._load_set(game, set_code)

    @lru_cache(maxsize=512)  # noqa: B019 (one FileSnapshot per app process)
    def _load_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        path = self._root / "printings" / f"{game}-{set_code}.json"
        if (game, set_code) not in self._sets or not path.is_file():
            return ()
        return tuple(Printing(**p) for p in orjson.loads(path.read_bytes()))

    def sku_for_hash(self, digest: str) -> str | None:
        return self._load_shard(_shard(digest)).get(digest)

    @lru_cache(maxsize=256)  # noqa: B019
    def _load_shard(self, shard: str) -> dict[str, str]:
        path = self._root / "hash-index" / f"{shard}.json"
        return orjson.loads(path.read_bytes()) if path.is_file() else {}
