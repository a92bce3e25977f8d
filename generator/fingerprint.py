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
    """Every snapshot table's rows hashed in order, by DuckDB, in one statement: the build runs it in
    a thread while its parent parses the previous manifest, and a statement per table had to wait
    for the interpreter lock between tables (0.78-0.82 s beside the parse, 0.68 s as one statement;
    about 0.35 s alone)."""
    tables = ", ".join(
        f"(SELECT coalesce(sha256(string_agg(t::VARCHAR, chr(10) ORDER BY {table.order})), '') FROM {table.name} t)"
        for table in SNAPSHOT_TABLES
    )
    row = one(con, f"SELECT {tables}")
    digest = hashlib.sha256()
    for table, table_digest in zip(SNAPSHOT_TABLES, row, strict=True):
        digest.update(f"{table.name}:{table_digest}\n".encode())
    return digest.hexdigest()


def code_digest(root: Path = ROOT, folders: tuple[str, ...] = INPUT_DIRS) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(con: duckdb.DuckDBPyConnection, as_of: dt.datetime) -> str:
    code = code_digest()  # Python: first, before the build's parent starts parsing
    return hashlib.sha256("\n".join((catalog_digest(con), code, as_of.isoformat())).encode()).hexdigest()
