"""The pinned source registry, read from ``data/sources.toml`` into frozen models.

The registry is data, not code: a new upstream is a new TOML entry, its checksum manifest in
``data/checksums/<id>.sha256`` and an adapter in ``generator/ingest``.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from generator.sources.tiers import SourceTier

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


class SourceSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    game: str
    name: str
    tier: SourceTier  # the spec's names only (generator/sources/tiers.py)
    version: str
    published: dt.date  # the pinned version's publication date: its data is "as of" that day
    homepage: str
    mirror: str  # the source's folder inside a mirror laid out like ../shared/data
    include: tuple[str, ...]
    npm: str | None = None
    npm_sha1: str | None = None
    pypi: str | None = None
    url: str | None = None  # template with {path}

    def checksums(self) -> dict[str, str]:
        """Relative path -> sha256 of every file the adapter reads."""
        text = (DATA_DIR / "checksums" / f"{self.id}.sha256").read_text()
        return {path: digest for digest, path in (line.split("  ", 1) for line in text.splitlines() if line)}


@cache
def load_registry(path: Path = DATA_DIR / "sources.toml") -> tuple[SourceSpec, ...]:
    with path.open("rb") as handle:
        entries = tomllib.load(handle)["source"]
    return tuple(SourceSpec(**entry) for entry in entries)


def source(source_id: str) -> SourceSpec:
    for spec in load_registry():
        if spec.id == source_id:
            return spec
    raise KeyError(source_id)
