"""The snapshot on disk: ``dist/_data/`` as the build writes it and the app reopens it.

``snapshot_files`` turns the build's in-memory ``Snapshot`` into sharded JSON (one file per declared
table, printings per set, an index per game, the content-hash index in 256 shards); ``FileSnapshot``
is the same interface over those files, loading each shard on first use, so the app's dynamic routes
run the build's surface functions without a database.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from functools import cached_property, lru_cache
from pathlib import Path

import orjson

from generator.catalog.snapshot import CREDITS, DATA_DIR, INDEX, OBSERVED, PRINTINGS, IndexEntry, Snapshot
from generator.catalog.tables import SNAPSHOT_TABLES
from generator.models.rows import Printing


def snapshot_files(snapshot: Snapshot) -> list[tuple[str, bytes]]:
    """The snapshot as files under ``_data/`` (returned as (relative path, bytes) for the writer):
    every declared table, plus the content-hash index the federation resolver reads."""
    files = []
    for declared in SNAPSHOT_TABLES:
        if declared.by_set:
            table = snapshot._printings
            for (game, set_code), skus in sorted(snapshot._skus_by_set.items()):
                files.append(
                    (f"{DATA_DIR}/{declared.name}/{game}-{set_code}.json", _dump([table.as_json(s) for s in skus]))
                )
        else:
            files.append(
                (
                    f"{DATA_DIR}/{declared.name}.json",
                    _dump([r.model_dump(mode="json") for r in snapshot.records.get(declared.name, ())]),
                )
            )
    for known in snapshot.games():
        index = [list(e) for e in snapshot.index_of_game(known.game)]
        files.append((f"{DATA_DIR}/{INDEX}/{known.game}.json", _dump(index)))
    files.append((f"{DATA_DIR}/{CREDITS}.json", _dump(snapshot._credits)))
    files.append((f"{DATA_DIR}/{OBSERVED}.json", _dump(snapshot._observed)))
    shards: dict[str, dict[str, str]] = defaultdict(dict)
    for digest, sku in snapshot.hash_index.items():
        shards[_shard(digest)][digest] = sku
    for shard, entries in sorted(shards.items()):
        files.append((f"{DATA_DIR}/hash-index/{shard}.json", _dump(dict(sorted(entries.items())))))
    return files


def _shard(digest: str) -> str:
    return digest.removeprefix("sha256:")[:2]


def _dump(value: object) -> bytes:
    """Insertion order is kept (it is deterministic): the app must rebuild attrs in the build's key order."""
    return orjson.dumps(value)


class FileSnapshot(Snapshot):
    """The same interface over ``dist/_data``: every declared table eagerly, printings per set on demand."""

    def __init__(self, dist: Path, encoding: str):
        self._root = dist / DATA_DIR
        records = {
            t.name: tuple(t.model(**r) for r in orjson.loads((self._root / f"{t.name}.json").read_bytes()))
            for t in SNAPSHOT_TABLES
            if t.model is not None
        }
        super().__init__(records, (), encoding)

    def printing(self, sku: str) -> Printing | None:
        game, _, rest = sku.partition("-")
        set_code = rest.partition("-")[0]
        return next((p for p in self.printings_of_set(game, set_code) if p.sku == sku), None)

    def printings_of_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        return self._load_set(game, set_code)

    def printings_of_number(self, game: str, set_code: str, number: str) -> tuple[Printing, ...]:
        return tuple(p for p in self.printings_of_set(game, set_code) if p.number == number)

    def rarities(self, game: str) -> Iterator[tuple[str, str, str | None]]:
        for card_set in self.sets_of_game(game):
            for p in self.printings_of_set(game, card_set.set_code):
                yield card_set.set_code, p.number, p.rarity

    @lru_cache(maxsize=512)  # noqa: B019 (one FileSnapshot per app process)
    def _load_set(self, game: str, set_code: str) -> tuple[Printing, ...]:
        path = self._root / PRINTINGS / f"{game}-{set_code}.json"
        if (game, set_code) not in self._sets or not path.is_file():
            return ()
        return tuple(Printing(**p) for p in orjson.loads(path.read_bytes()))

    def sku_for_hash(self, digest: str) -> str | None:
        return self._load_shard(_shard(digest)).get(digest)

    def skus(self) -> tuple[str, ...]:
        """Every SKU in catalog order (game, set, number...), from the per-game indexes."""
        return tuple(e.sku for game in sorted(g.game for g in self.games()) for e in self.index_of_game(game))

    @cached_property
    def _observed(self) -> tuple[tuple[str, str, str | None, int, int], ...]:
        path = self._root / f"{OBSERVED}.json"
        return tuple(tuple(o) for o in orjson.loads(path.read_bytes())) if path.is_file() else ()

    @cached_property
    def _credits(self) -> tuple[tuple[str, str, str], ...]:
        path = self._root / f"{CREDITS}.json"
        return tuple(tuple(c) for c in orjson.loads(path.read_bytes())) if path.is_file() else ()

    @lru_cache(maxsize=8)  # noqa: B019
    def _index_of_game(self, game: str) -> tuple[IndexEntry, ...]:
        path = self._root / INDEX / f"{game}.json"
        return tuple(IndexEntry(*e) for e in orjson.loads(path.read_bytes())) if path.is_file() else ()

    @lru_cache(maxsize=256)  # noqa: B019
    def _load_shard(self, shard: str) -> dict[str, str]:
        path = self._root / "hash-index" / f"{shard}.json"
        return orjson.loads(path.read_bytes()) if path.is_file() else {}
