"""The browser's files beside the pages: the static search index (issue 39 item 4, docs/search.md)."""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, RootModel

from generator.models.frozen import Frozen


class BinaryFile(RootModel[bytes]):
    """A file sent as its bytes: a search index chunk, its metadata or its (gzipped) WebAssembly."""


class SearchIndexEntry(Frozen):
    """``/pagefind/pagefind-entry.json``, Pagefind's own: its version, and per language the hash of
    its metadata and which wasm it loads (this build writes one language, ``und``)."""

    model_config = ConfigDict(frozen=True, extra="allow")  # Pagefind's format: a new member is its to add

    version: str
    languages: dict[str, dict[str, Any]]
    include_characters: list[str] = []
