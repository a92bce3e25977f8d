"""A catalog grown N-fold from a real one: the fixture of ``bench/grow.py`` (issue 37 item 4).

How the build's time and memory grow with the catalog is measured on a catalog N times the real
one. An invented catalog would measure the invention; this one is the real catalog with every set
and its printings added again under new set codes (``sql/grow.sql`` says what changes in a copy),
so each copy has the real catalog's shape: the same games, languages, variants and attribute sizes.
The bench writes it to a scratch path; it is never published and never committed.

The build reads the catalog only through ``SNAPSHOT_TABLES``. Each is either grown set by set here
(``PER_SET``) or is about games and sources and stays as ingested (``WHOLE``: a game's set, card
and printing counts are computed by its query from the grown tables). A table added to the snapshot
must be placed in one of the two or growing refuses, so the fixture cannot leave a per-set table at 1x.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import duckdb

from generator.catalog.queries import one
from generator.catalog.tables import SNAPSHOT_TABLES
from generator.fingerprint import catalog_digest
from generator.sku.standard import Sku

PER_SET = ("sets", "printings")
WHOLE = ("games", "sources", "fx_rates", "source_runs", "coverage_history")
GROW_SQL = Path(__file__).parent / "sql" / "grow.sql"


class GrowError(ValueError):
    """The catalog cannot be grown as asked (an unplaced table, a code a copy would take)."""


@dataclass(frozen=True)
class Grown:
    path: Path
    factor: int
    sets: int
    printings: int
    digest: str  # ``catalog_digest``: what the build's fingerprint reads of the catalog


def copy_suffix(copy: int) -> str:
    """What copy ``copy`` (2, 3, ...) appends to a set code: ``op01`` -> ``op01x2``."""
    return f"x{copy}"


def grow_catalog(source: Path, target: Path, factor: int = 4) -> Grown:
    """Copy ``source`` to ``target`` and grow it there to ``factor`` times its sets and printings.
    The same source gives the same bytes under the same file name (DuckDB stores the file's stem as
    the database's name): rows go in in a fixed order, by one thread."""
    unplaced = {t.name for t in SNAPSHOT_TABLES} ^ {*PER_SET, *WHOLE}
    if unplaced:
        raise GrowError(f"place each in PER_SET or WHOLE of generator/catalog/grown.py: {sorted(unplaced)}")
    if factor < 2:
        raise GrowError(f"a catalog grown {factor}-fold is no larger")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    with duckdb.connect(str(target)) as con:
        con.execute("SET threads = 1; SET enable_progress_bar = false")  # one writer: rows land in one order
        con.execute(
            "CREATE TEMP TABLE copies AS SELECT range::INTEGER AS copy, 'x' || range AS suffix FROM range(2, ?)",
            [factor + 1],
        )
        sets, printings = _counts(con)
        _refuse_collisions(con)
        con.execute(GROW_SQL.read_text())
        if _counts(con) != (factor * sets, factor * printings):
            raise GrowError(f"grown to {_counts(con)}, not {factor} x {(sets, printings)}")
        _check_skus(con)
        con.execute("CHECKPOINT")
        return Grown(target, factor, factor * sets, factor * printings, catalog_digest(con))


def _counts(con: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    return one(con, "SELECT count(*) FROM sets")[0], one(con, "SELECT count(*) FROM printings")[0]


def _refuse_collisions(con: duckdb.DuckDBPyConnection) -> None:
    """A copy's set code must be new in its game, and every SKU must start ``<game>-<set_code>-``
    (grow.sql rewrites the set part by position): otherwise a copy could take a real SKU."""
    taken = con.execute(
        "SELECT t.game, t.set_code FROM sets s CROSS JOIN copies c "
        "JOIN sets t ON t.game = s.game AND t.set_code = s.set_code || c.suffix ORDER BY 1, 2"
    ).fetchall()
    if taken:
        raise GrowError(f"a copy would take real set codes: {taken[:5]}")
    (misplaced,) = one(con, "SELECT count(*) FROM printings WHERE NOT starts_with(sku, game || '-' || set_code || '-')")
    if misplaced:
        raise GrowError(f"{misplaced} printings have a SKU whose set part is not their set code")


def _check_skus(con: duckdb.DuckDBPyConnection) -> None:
    """Every SKU of the grown catalog is distinct and parses to its own game and set."""
    rows = con.execute("SELECT sku, game, set_code FROM printings").fetchall()
    if len({sku for sku, _, _ in rows}) != len(rows):
        raise GrowError("two printings of the grown catalog share a SKU")
    for sku, game, set_code in rows:
        parsed = Sku.parse(sku)
        if (parsed.game, parsed.set) != (game, set_code):
            raise GrowError(f"{sku} does not parse to game {game}, set {set_code}")
