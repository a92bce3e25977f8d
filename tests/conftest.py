"""Fixtures shared across the test suite.

``real_source`` acquires a pinned upstream dump exactly as the build does (package registry, the
mirror in ``CARDPANTRY_MIRROR``, then the pinned URL) and skips the test when no method can supply
it, so integration tests run wherever the real dumps can be had and never fail for their absence.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Callable

import pytest

from generator.sources.acquire import acquire
from generator.sources.registry import source


@pytest.fixture(scope="session")
def real_source() -> Callable[[str], Path]:
    mirror_env = os.environ.get("CARDPANTRY_MIRROR")
    mirror = Path(mirror_env) if mirror_env else None
    roots: dict[str, Path] = {}

    def root_of(source_id: str) -> Path:
        if source_id not in roots:
            acquired = acquire(source(source_id), mirror)
            if not acquired.available:
                tried = "; ".join(acquired.attempts) or "no acquisition method applies"
                pytest.skip(f"source {source_id} cannot be acquired (set CARDPANTRY_MIRROR to a mirror "
                            f"folder laid out like ../shared/data): {tried}")
            roots[source_id] = acquired.root
        return roots[source_id]

    return root_of


@pytest.fixture
def write_tsv() -> Callable[[Path, list[dict]], Path]:
    """Write rows as the-fab-cube publishes its ``.csv`` files: TAB-separated UTF-8 with a header,
    fields holding a tab, quote or newline quoted with ``"``, so multi-line text spans lines."""
    def write(path: Path, rows: list[dict]) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        columns = list(dict.fromkeys(column for row in rows for column in row))
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, columns, delimiter="\t", restval="", lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
        return path

    return write
