"""One build of ``dist/`` as the app serves it, and its files' answers, ready to send.

A static answer (the file's bytes in one coding, with its status line headers already encoded) is
the same for every request of one build, so it is made once and kept in a bounded LRU: a request for
a file costs a dictionary lookup and the conditional check, not a rebuild of its headers.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.catalog.snapshot_files import FileSnapshot
from generator.site import load_site
from generator.web.conditional import http_date, not_modified_headers
from generator.web.envelope import header_url
from generator.web.surface import Context
from generator.web.wire import RawHeaders, coded_headers, raw
from generator.write.manifest import load_manifest

CACHE_ENTRIES = 4096


@dataclass(frozen=True)
class StaticAnswer:
    headers: RawHeaders  # with Content-Length
    not_modified: RawHeaders  # a 304's: validators and caching headers, no body type
    body: bytes


class Served:
    """One build of ``dist/`` as the app serves it: its manifest, snapshot and file bytes, all read
    through one open handle on the build's directory. A rebuild swaps a new directory in under the
    same name; everything here still reads the old one until the app switches to the new build
    whole, so an answer never mixes one build's ETag with another's bytes."""

    def __init__(self, dist: Path, context_of: Callable[[FileSnapshot, dt.datetime], Context]):
        self.fd = os.open(dist, os.O_RDONLY | os.O_DIRECTORY)
        self.inode = os.fstat(self.fd).st_ino
        root = Path(f"/proc/self/fd/{self.fd}") if Path("/proc/self/fd").is_dir() else dist
        manifest = load_manifest(root)
        if manifest is None:
            os.close(self.fd)
            raise FileNotFoundError(f"{dist} has no routes manifest: run `python build.py build` first")
        self.root = root
        self.routes: dict[str, dict[str, Any]] = manifest["routes"]
        self.header_sets: dict[str, dict[str, str]] = manifest["header_sets"]
        as_of = _parse_instant(manifest["as_of"])
        self.as_of, self.last_modified = as_of, http_date(as_of)
        self.base_url: str | None = manifest.get("base_url")  # the one the build wrote its URLs with
        self.context = context_of(FileSnapshot(root, load_site().encoding), as_of)
        self.context_of = context_of
        self.answers: OrderedDict[tuple[str, str], StaticAnswer] = OrderedDict()

    def close(self) -> None:
        os.close(self.fd)

    def static_answer(self, path: str, route: dict[str, Any], encoding: str | None) -> StaticAnswer:
        """The answer for a static route in one coding (cached): its headers through the one wire
        path (``generator.web.wire.coded_headers``), the body the twin the build wrote."""
        key = (path, encoding or "")
        answer = self.answers.get(key)
        if answer is None:
            link = f"<{header_url(path)}>"
            headers = {k: v.replace("<{path}>", link) for k, v in self.header_sets[route["headers"]].items()}
            headers.update({"ETag": route["etag"], "Content-Type": route["type"]})
            headers = coded_headers(headers, tuple(route["twins"]), encoding, self.last_modified)
            body = _read_file(self.fd, f"{route['file']}.{encoding}" if encoding else route["file"])
            answer = StaticAnswer(raw(headers, body), raw(not_modified_headers(headers)), body)
            self.answers[key] = answer
            if len(self.answers) > CACHE_ENTRIES:
                self.answers.popitem(last=False)
        return answer


def _parse_instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _read_file(dir_fd: int, rel: str) -> bytes:
    """Unbuffered read (see generator.write.files._write_file: buffered open() is costly here)."""
    fd = os.open(rel, os.O_RDONLY, dir_fd=dir_fd)
    try:
        size = os.fstat(fd).st_size
        chunks, read = [], 0
        while read < size:
            chunk = os.read(fd, size - read)
            if not chunk:
                break
            chunks.append(chunk)
            read += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
