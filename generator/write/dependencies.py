"""Rebuilds by dependency: what each route read, the digest of each input, and what may be carried.

A build records, for every route it renders, the keys of the inputs it read (``generator.dependencies``)
and writes them with each key's digest to ``_dependencies.json``. The next build compares: a
route is carried over (its files moved with their folder or hard-linked, ``generator.write.carry``;
its manifest entry kept) when the previous build rendered it, the build-wide inputs are the same
(``globals``: code, content, site, platform export, as-of, library versions) and none of its keys'
digests changed; every other route is rendered. So a build over changed inputs writes what a cold
build over them would, byte for byte (tests/write/test_dependencies.py builds both ways and compares
the trees).

    {"version": 2, "globals": "<sha256>", "keys": ["games", "set:op/op01", ...], "digests": [...],
     "key_sets": [[0, 1], ...], "routes": {"/api/v1/...": 0, ...}, "printings": {"op-op01-001-en": ...}}

Keys are stored once and routes point at a shared key set: most routes of one card read the same
keys. A route's own printing is the key ``printing:{sku}`` (``generator.dependencies.OWN_PRINTING``),
the same in every route's set, its digest each printing's (``printings``): the route is carried when
no segment of its path is a SKU whose printing changed. An answer several routes share through
``Context.memo`` (the examples the OpenAPI document embeds) carries the keys it read
(``generator.dependencies.Memoized``), so the routes that reuse it record them too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson

from generator.catalog.digests import ABSENT, CatalogDigests, Passes
from generator.catalog.snapshot import Snapshot
from generator.dependencies import OWN_PRINTING
from generator.render.html import template_digest

DEPENDENCIES = "_dependencies.json"  # beside _routes.json: the build's own, not data the app reads
VERSION = 2  # 2: the own printing's key, and every printing's digest


class InputDigests:
    """The digest of any key a route can record: the catalog's, a template's, a search-index file's.

    ``passes`` hands over the catalog's dear digests (a pass over every printing and card: about
    0.45 s of CPU for the real catalog), which ``build`` makes in a forked process from the start of
    its plan; asked for when first needed: by a rebuild's plan, which compares them before anything
    can be carried, and by a cold build at its end, for the record, where the parent made them
    itself, alone beside the host files' writers."""

    def __init__(
        self,
        snapshot: Snapshot,
        search_index: Mapping[str, bytes] | None,
        passes: Callable[[], Passes | None] = lambda: None,
    ):
        self._snapshot, self._passes = snapshot, passes
        self._made: CatalogDigests | None = None
        self._search_index = search_index or {}
        self._templates: dict[str, str] = {}

    @property
    def _catalog(self) -> CatalogDigests:
        if self._made is None:
            self._made = CatalogDigests(self._snapshot, self._passes())
        return self._made

    def __call__(self, key: str) -> str:
        kind, _, name = key.partition(":")
        if kind == "template":
            if name not in self._templates:
                self._templates[name] = template_digest(name)
            return self._templates[name]
        if kind == "search-index":
            body = self._search_index.get(name)
            return hashlib.sha256(body).hexdigest() if body is not None else ABSENT
        return self._catalog(key)

    def printings(self) -> dict[str, str]:
        """SKU -> its printing's digest, for the routes that recorded ``OWN_PRINTING``."""
        return self._catalog.printings()


def load_dependencies(dist: Path) -> dict[str, Any] | None:
    path = dist / DEPENDENCIES
    if not path.is_file():
        return None
    document: dict[str, Any] = orjson.loads(path.read_bytes())
    return document if document.get("version") == VERSION else None


def carried_routes(
    previous: Mapping[str, Any] | None,
    globals_digest: str,
    digest: Callable[[str], str],
    printings: Callable[[], Mapping[str, str]] = dict,
) -> set[str]:
    """The paths the previous build rendered from inputs that are all unchanged now. ``printings()``:
    SKU -> its printing's digest now, for the routes that read their own (``OWN_PRINTING``)."""
    if not previous or previous.get("globals") != globals_digest:
        return set()
    keys, digests, key_sets = previous["keys"], previous["digests"], previous["key_sets"]
    unchanged_key = [digest(key) == was for key, was in zip(keys, digests, strict=True)]
    unchanged_set = [all(unchanged_key[i] for i in key_set) for key_set in key_sets]
    routes = previous["routes"]
    carried = {path for path, set_id in routes.items() if unchanged_set[set_id]}
    changed = _changed(previous.get("printings", {}), printings())
    if changed and OWN_PRINTING in keys:
        own = keys.index(OWN_PRINTING)
        carried -= {path for path in _naming(routes, changed) if own in key_sets[routes[path]]}
    return carried


def _changed(was: Mapping[str, str], now: Mapping[str, str]) -> set[str]:
    """The SKUs whose printing changed, appeared or went."""
    if was == now:
        return set()
    return {sku for sku, digest in now.items() if was.get(sku) != digest} | (was.keys() - now.keys())


def _naming(paths: Iterable[str], skus: set[str]) -> set[str]:
    """The paths with a segment that is one of ``skus``. A nightly fix changes a few printings:
    each is then searched for in all the paths at once (a substring search in C; splitting every
    path of a build took 0.3 s of a rebuild's plan), and a path it is found in is checked segment
    by segment."""
    if len(skus) > 32:
        return {path for path in paths if not skus.isdisjoint(path.split("/"))}
    text = "\n".join(paths) + "\n"
    found = set()
    for sku in skus:
        needle = f"/{sku}"
        at = text.find(needle)
        while at >= 0:
            start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
            path = text[start:end]
            if sku in path.split("/"):
                found.add(path)
            at = text.find(needle, end)
    return found


class DependencyRecord:
    """This build's routes and the keys each read, written last as ``_dependencies.json``."""

    def __init__(self, globals_digest: str):
        self.globals = globals_digest
        self.routes: dict[str, tuple[str, ...]] = {}
        self._carried_sets: dict[int, tuple[str, ...]] = {}  # previous key set id -> its keys

    def add(self, path: str, keys: tuple[str, ...]) -> None:
        self.routes[path] = keys

    def carry(self, paths: list[str], previous: Mapping[str, Any]) -> None:
        """Carried routes read what they read last time: their keys come from the previous record."""
        keys, key_sets, routes = previous["keys"], previous["key_sets"], previous["routes"]
        by_set = self._carried_sets
        set_ids = [routes[path] for path in paths]
        for set_id in set(set_ids).difference(by_set):
            by_set[set_id] = tuple(keys[i] for i in key_sets[set_id])
        self.routes.update(zip(paths, [by_set[set_id] for set_id in set_ids]))

    def document(self, digest: Callable[[str], str], printings: Mapping[str, str]) -> bytes:
        """The record, deterministic: keys sorted, key sets numbered in the order of the sorted paths;
        ``printings``, each printing's digest (``InputDigests.printings``), in catalog order."""
        keys = sorted({key for keys in self.routes.values() for key in keys})
        index = {key: i for i, key in enumerate(keys)}
        key_sets: dict[tuple[str, ...], int] = {}
        routes = {}
        for path in sorted(self.routes):
            routes[path] = key_sets.setdefault(self.routes[path], len(key_sets))
        return orjson.dumps(
            {
                "version": VERSION,
                "globals": self.globals,
                "keys": keys,
                "digests": [digest(key) for key in keys],
                "key_sets": [[index[key] for key in key_set] for key_set in key_sets],
                "routes": routes,
                "printings": printings,
            }
        )
