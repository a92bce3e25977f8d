"""The build's input fingerprint: catalog content, site config, code, templates and as-of.

Equal fingerprints mean byte-identical output (builds are deterministic), so a rebuild whose
fingerprint matches the previous manifest's has nothing to write and leaves ``dist/`` untouched.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import duckdb

from generator.catalog.queries import one
from generator.catalog.tables import SNAPSHOT_TABLES

ROOT = Path(__file__).resolve().parents[1]
INPUT_DIRS = ("generator", "content", "templates")


def catalog_digest(con: duckdb.DuckDBPyConnection) -> str:
    digest = hashlib.sha256()
    for table in SNAPSHOT_TABLES:
        row = one(
            con,
            f"SELECT coalesce(sha256(string_agg(t::VARCHAR, chr(10) ORDER BY {table.order})), '') FROM {table.name} t",
        )
        digest.update(f"{table.name}:{row[0]}\n".encode())
    return digest.hexdigest()


def code_digest(root: Path = ROOT, folders: tuple[str, ...] = INPUT_DIRS) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(con: duckdb.DuckDBPyConnection, as_of: dt.datetime) -> str:
    parts = (catalog_digest(con), code_digest(), as_of.isoformat())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
