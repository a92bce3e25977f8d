"""The routes manifest ``dist/_routes.json``: for every static path, which file answers it and how.

Hosts are generated from it (nginx first) and the app serves by it, so a CDN and the app agree on
status, media type, ETag and headers. Headers repeat across thousands of routes, so each distinct
set is stored once under ``header_sets``; the ``Link`` self target is written as ``{path}``.

    {"version": 1, "as_of": ..., "base_url": ..., "header_sets": {"h0": {...}},
     "routes": {"/api/v1/universal/games": {"file": "api/v1/universal/games.json", "status": 200,
                "type": "application/json", "etag": "\\"...\\"", "sha256": "...", "headers": "h0",
                "twins": ["br", "gz"], "surface": "universal.games"}},
     "surfaces": [{"id", "path", "family", "methods", "static", "enveloped", "query_params"}]}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypedDict

import orjson

from generator.web.surface import Surface
from generator.web.wire import validator
from generator.write.files import Encoded

MANIFEST = "_routes.json"
PER_ROUTE_HEADERS = ("ETag", "Content-Type")


class RouteEntry(TypedDict):
    """How one static path is answered (``routes`` of the manifest)."""

    file: str  # relative to dist/
    status: int
    type: str  # Content-Type
    etag: str
    sha256: str
    headers: str  # a key of header_sets
    twins: list[str]  # the compressed forms beside the file: "br", "gz"
    surface: str  # the surface id


class SurfaceEntry(TypedDict):
    id: str
    path: str
    family: str
    methods: list[str]
    static: bool
    live: bool  # its GET depends on the moment: hosts with the app route it there, even where a file is
    enveloped: bool
    query_params: list[dict[str, Any]]  # each Param's fields


class Manifest(TypedDict):
    """``_routes.json`` as the build writes it."""

    version: int
    as_of: str
    base_url: str  # the site's base URL the build wrote every absolute URL with
    fingerprint: str
    data_files: dict[str, str]  # file -> sha256
    header_sets: dict[str, dict[str, str]]
    routes: dict[str, RouteEntry]
    surfaces: list[SurfaceEntry]


def route_headers(path: str, headers: dict[str, str]) -> tuple[bytes, str, str]:
    """A route's headers as the manifest stores them: (the shared set as sorted JSON, with the
    route's own path in ``Link`` written ``{path}`` so thousands of routes share one set,
    Content-Type, ETag)."""
    own = f"<{path}>"
    shared = {k: v.replace(own, "<{path}>") for k, v in headers.items() if k not in PER_ROUTE_HEADERS}
    return orjson.dumps(shared, option=orjson.OPT_SORT_KEYS), headers["Content-Type"], headers["ETag"]


class ManifestBuilder:
    def __init__(self, as_of: str, fingerprint: str, base_url: str):
        self.as_of, self.base_url = as_of, base_url
        self.fingerprint = fingerprint
        self.routes: dict[str, RouteEntry] = {}
        self._sets: dict[str, bytes] = {}  # path -> its header set (sorted JSON), numbered in ``document``

    def add(self, path: str, surface: Surface, status: int, headers: tuple[bytes, str, str], file: Encoded) -> None:
        """``headers`` is ``route_headers(path, ...)``, computed by the render workers so that the
        parent, which also writes every file, does less per route. ``file``: the route's file as
        encoded (its entry does not depend on whether it is written yet)."""
        key, content_type, tag = headers
        self._sets[path] = key
        self.routes[path] = {
            "file": file.rel,
            "status": status,
            "type": content_type,
            "etag": validator(tag, file.twins),  # one validator for the plain and coded forms
            "sha256": file.sha256,
            "headers": "",  # numbered in ``document``
            "twins": list(file.twins),
            "surface": surface.id,
        }

    def carry(self, paths: list[str], entries: list[RouteEntry], header_keys: Mapping[str, bytes]) -> None:
        """Routes carried over from the previous build: their entries as they were (the previous
        manifest's own dicts, not copies: ``document`` renumbers their ``headers``), each header set
        (``header_keys``: the previous build's numbers -> sorted JSON, as ``route_headers`` makes the
        key) numbered in ``document``."""
        if len(paths) != len(entries):
            raise ValueError(f"{len(paths)} carried paths for {len(entries)} entries")
        self._sets.update(zip(paths, [header_keys[entry["headers"]] for entry in entries]))
        self.routes.update(zip(paths, entries))

    def document(self, surfaces: Iterable[Surface], data_files: dict[str, str]) -> Manifest:
        """The manifest as written (``orjson.dumps`` of it is ``_routes.json``). Header sets are
        numbered in the order of the sorted paths, so the numbers do not depend on the order routes
        arrived in (a rebuild adds carried routes first)."""
        numbers: dict[bytes, str] = {}
        routes = dict(sorted(self.routes.items()))
        for path, entry in routes.items():
            key = self._sets[path]
            entry["headers"] = numbers.get(key) or numbers.setdefault(key, f"h{len(numbers)}")
        return {
            "version": 1,
            "as_of": self.as_of,
            "base_url": self.base_url,
            "fingerprint": self.fingerprint,
            "data_files": dict(sorted(data_files.items())),
            "header_sets": {set_id: orjson.loads(key) for key, set_id in numbers.items()},
            "routes": routes,
            "surfaces": [
                {
                    "id": s.id,
                    "path": s.path,
                    "family": s.family,
                    "methods": list(s.methods),
                    "static": s.static,
                    "live": s.clock,
                    "enveloped": s.enveloped,
                    "query_params": [dataclasses.asdict(p) for p in s.query_params],  # as _routes.json has them
                }
                for s in surfaces
            ],
        }


def load_manifest(dist: Path) -> dict[str, Any] | None:
    """The manifest a build left in ``dist`` (a ``Manifest`` when this code wrote it), as read."""
    path = dist / MANIFEST
    if not path.is_file():
        return None
    manifest: dict[str, Any] = orjson.loads(path.read_bytes())
    return manifest


def previous_hashes(manifest: Mapping[str, Any] | None, rendered: Iterable[str] | None = None) -> dict[str, str]:
    """File -> sha256 of the previous build (``load_manifest``), for the files this build may write
    again: the ``rendered`` routes' (a rebuild carries ~310,000 routes and renders a few thousand,
    so it reads a few thousand entries, not every one; None: every route's), and the data files."""
    if not manifest:
        return {}
    routes = manifest["routes"]
    again = routes.keys() if rendered is None else [path for path in rendered if path in routes]
    hashes = {routes[path]["file"]: routes[path]["sha256"] for path in again}
    hashes.update(manifest.get("data_files", {}))
    return hashes
