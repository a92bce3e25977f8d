"""The build's input fingerprint: catalog content, site config, code, templates and as-of.

Equal fingerprints mean byte-identical output (builds are deterministic), so a rebuild whose
fingerprint matches the previous manifest's has nothing to write and leaves ``dist/`` untouched.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INPUT_DIRS = ("generator", "content", "templates")
TABLES = (("games", "game"), ("sets", "game, set_code"), ("printings", "sku"), ("sources", "source_id"))


def catalog_digest(con) -> str:
    digest = hashlib.sha256()
    for table, order in TABLES:
        row = con.execute(f"SELECT coalesce(sha256(string_agg(t::VARCHAR, chr(10) ORDER BY {order})), '') "
                          f"FROM {table} t").fetchone()
        digest.update(f"{table}:{row[0]}\n".encode())
    return digest.hexdigest()


def code_digest(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for folder in INPUT_DIRS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(con, as_of: dt.datetime) -> str:
    parts = (catalog_digest(con), code_digest(), as_of.isoformat())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
