"""The static search index's files under ``/pagefind/`` (issue 39 item 4; docs/search.md).

Written by a build run with ``--search-index`` (``Context.search_index``, made by
``generator.catalog.pagefind_bundle``), so a host without the app finds cards by name: the page's
script loads Pagefind's, which fetches the entry, its WebAssembly, the metadata, and the index and
fragment chunks a query needs. Four surfaces, one per media type and naming: the script and the
entry (fixed names, cached as the catalog is), the wasm and metadata beside them, and the chunks in
``index/`` and ``fragment/``, named by their content hash and cached for a year. A build without the
flag enumerates none of them; the app serves what the build wrote and answers any other name 404.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import orjson

from generator import dependencies
from generator.models.operations.assets import BinaryFile, SearchIndexEntry
from generator.models.pages.reader import TextDocument
from generator.site import Site
from generator.web.surface import Context, Handler, Params, Query, Result, Surface, error

ROOT = "/pagefind/"
PROGRAM, ENTRY = "pagefind.js", "pagefind-entry.json"


def _named(params: Params, fixed: str | None) -> str:
    return fixed or "/".join(params[k] for k in ("folder", "file") if k in params)


def _beside(ctx: Context) -> Iterator[Params]:
    """The wasm and the metadata: the bundle's top-level files but its script and entry."""
    for name in ctx.search_index or {}:
        if "/" not in name and name not in (PROGRAM, ENTRY):
            yield {"file": name}


def _chunks(ctx: Context) -> Iterator[Params]:
    for name in ctx.search_index or {}:
        folder, _, file = name.partition("/")
        if file:
            yield {"folder": folder, "file": file}


def _one(name: str) -> Callable[[Context], list[Params]]:
    return lambda ctx: [{}] if name in (ctx.search_index or {}) else []


def _answer(read: Callable[[bytes], Any], fixed: str | None = None) -> Handler:
    """The file's bytes as ``read`` makes them a document (the renderer writes the same bytes back)."""

    def answer(ctx: Context, params: Params, query: Query) -> Result:
        name = _named(params, fixed)
        dependencies.read(f"search-index:{name}")  # the bundle is made before rendering, outside the snapshot
        body = (ctx.search_index or {}).get(name)
        if body is None:
            return error(404, "not_found", f"{ROOT}{name} is not a file of this build's search index")
        return Result(data=read(body))

    return answer


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "enveloped": False,
        "provenance_kind": "static",
        "stability": "experimental",
        "since": "2026-11-28",
        "errors": (404,),
    }
    return (
        Surface(
            "assets.search_program",
            ROOT + PROGRAM,
            "B",
            _answer(bytes.decode, PROGRAM),
            enumerate=_one(PROGRAM),
            media_type="text/javascript",
            model=TextDocument,
            summary="Pagefind's search script, which the header search loads on a host without the app",
            **common,
        ),
        Surface(
            "assets.search_entry",
            ROOT + ENTRY,
            "B",
            _answer(orjson.loads, ENTRY),
            enumerate=_one(ENTRY),
            model=SearchIndexEntry,
            summary="The static search index's entry: its Pagefind version and its language's metadata file",
            **common,
        ),
        Surface(
            "assets.search_file",
            ROOT + "{file}",
            "B",
            _answer(bytes),
            enumerate=_beside,
            media_type="application/octet-stream",
            model=BinaryFile,
            summary="The static search index's WebAssembly and metadata (gzipped, as Pagefind writes them)",
            **common,
        ),
        Surface(
            "assets.search_chunk",
            ROOT + "{folder}/{file}",
            "B",
            _answer(bytes),
            enumerate=_chunks,
            media_type="application/octet-stream",
            model=BinaryFile,
            freshness="asset",
            summary="A chunk of the static search index: words (index/) or a card's result (fragment/); "
            "named by its content hash, cached for a year",
            **common,
        ),
    )
