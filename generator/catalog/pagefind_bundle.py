"""The static search index as files: Pagefind over the catalog's records (issue 39 item 4).

Pagefind (its Python package, which ships the indexing binary) is given one custom record per card
and language (``generator.catalog.static_search``), never the HTML pages: crawling the ~94,000
reader pages is what its users report as slow and out of memory. What comes back is the bundle the
browser loads from ``/pagefind/``; only the files its search API needs are kept (the Pagefind UI
scripts and styles are not used: the page draws its own results, ``templates/assets/search.js``).

Two things are done differently from the package's ``PagefindIndex`` defaults, both measured:

- its service reader sleeps 0.1 s before reading each answer of the binary, so 46,000 records took
  over an hour; ``_Service`` reads each answer as it arrives (the same protocol, the same binary);
- ``get_files`` returns the bundle through the pipe (one answer of ~13 MB, hence the larger read
  limit) instead of ``write_files`` to disk: after the write answer the binary was seen to be stopped
  before its last file was flushed (an empty ``wasm.unknown.pagefind``, once in three runs).

One language for every record (``und``, undetermined): the browser then loads one index for a
query in any language, and no stemmer (names are not inflected words; a prefix is matched as typed).
Pagefind splits words on whitespace only for such a language, which is what the folded content is.
"""

from __future__ import annotations

import asyncio
import base64
import json
from collections.abc import Iterable
from typing import Any, cast

from pagefind.index import IndexConfig, PagefindIndex
from pagefind.service import PagefindService
from pagefind.service.types import InternalResponsePayload

from generator.catalog.static_search import StaticRecord

LANGUAGE = "und"
# What the browser's search API reads: its script, the entry, the wasm (gzipped, by language), the
# metadata, and the word index and fragment chunks. Not the UI bundles, not the playground.
KEPT_FILES = ("pagefind.js", "pagefind-entry.json", "wasm.unknown.pagefind")
KEPT_SUFFIXES = (".pf_meta",)
KEPT_FOLDERS = ("index/", "fragment/")
READ_LIMIT = 1 << 30  # bytes of one answer: the whole bundle comes back as one (base64) message


def pagefind_bundle(records: Iterable[StaticRecord]) -> dict[str, bytes]:
    """The kept files of the bundle, by path under ``/pagefind/`` (sorted), for these records."""
    files = asyncio.run(_index(list(records)))
    return dict(sorted((f["path"], f["content"]) for f in files if kept(f["path"])))


def kept(path: str) -> bool:
    return path in KEPT_FILES or path.endswith(KEPT_SUFFIXES) or path.startswith(KEPT_FOLDERS)


async def _index(records: list[StaticRecord]) -> list[Any]:
    service = await _Service().launch()
    try:
        index: PagefindIndex = await service.create_index(IndexConfig(force_language=LANGUAGE))
        # sent in order, answered in order: the binary takes one request at a time
        await asyncio.gather(
            *(index.add_custom_record(url=r.url, content=r.content, language=LANGUAGE, meta=r.meta) for r in records)
        )
        return list(await index.get_files())
    finally:
        await service.close()


class _Service(PagefindService):
    """The package's service, reading the binary's answers without a pause between them."""

    async def launch(self) -> _Service:
        self._backend = await asyncio.create_subprocess_exec(
            self._bin,
            "--service",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            limit=READ_LIMIT,
        )
        self._poll_task = self._loop.create_task(self._wait_for_responses())
        return self

    async def _wait_for_responses(self) -> None:
        """Each answer is base64 JSON ended by a comma; an error answer fails its request (one the
        binary could not read names none: then every request still waiting fails)."""
        assert self._backend.stdout is not None
        while True:
            message = json.loads(base64.b64decode((await self._backend.stdout.readuntil(b","))[:-1]))
            if not message:
                continue
            payload, number = message["payload"], message.get("message_id")
            waiting = [self._responses.pop(number)] if number in self._responses else []
            if number is None and payload["type"] == "Error":
                waiting, self._responses = list(self._responses.values()), {}
            for future in waiting:
                if payload["type"] == "Error":
                    future.set_exception(RuntimeError(f"pagefind: {payload['message']}"))
                else:
                    future.set_result(cast(InternalResponsePayload, payload))
