"""Named catalog queries. Each reads its SQL from ``sql/queries/<name>.sql`` and returns frozen models.

Surfaces and the play module read the catalog only through these functions, so the SQL is in one
place and every caller gets the same typed records.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import duckdb
import orjson

from generator.models.onepiece import OnePieceCard
from generator.models.rows import CardSet, CoverageCount, FxRate, Game, Printing, RunSummary, Source, SourceRun
from generator.play.cards import onepiece_cards_from

QUERY_DIR = Path(__file__).parent / "sql" / "queries"


@cache
def sql(name: str) -> str:
    return (QUERY_DIR / f"{name}.sql").read_text()


def connect(path: Path) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(str(path), read_only=True)


def rows(con: duckdb.DuckDBPyConnection, name: str, **params: Any) -> list[dict[str, Any]]:
    cursor = con.execute(sql(name), params or None)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


def one(con: duckdb.DuckDBPyConnection, query: str, params: list[object] | None = None) -> tuple[Any, ...]:
    """The one row of an aggregate query (``SELECT count(*) ...`` always answers one)."""
    row = con.execute(query, params).fetchone()
    if row is None:
        raise LookupError(f"no row for {query!r}")
    return row


def _json(value: Any) -> Any:
    return orjson.loads(value) if isinstance(value, str) else value


def games(con: duckdb.DuckDBPyConnection) -> tuple[Game, ...]:
    return tuple(Game(**r) for r in rows(con, "games"))


def sets(con: duckdb.DuckDBPyConnection) -> tuple[CardSet, ...]:
    return tuple(CardSet(**r) for r in rows(con, "sets"))


def sets_of_game(con: duckdb.DuckDBPyConnection, game: str) -> tuple[CardSet, ...]:
    return tuple(CardSet(**r) for r in rows(con, "sets_of_game", game=game))


def card_set(con: duckdb.DuckDBPyConnection, game: str, set_code: str) -> CardSet | None:
    found = rows(con, "card_set", game=game, set_code=set_code)
    return CardSet(**found[0]) if found else None


def printing_from_row(r: dict[str, Any]) -> Printing:
    """Built without re-validation: the catalog's column types already hold (schema.sql), and this
    runs for every printing of every build (validating cost 1.6 s of a build's 56k printings).
    ``attrs`` and ``disagreements`` arrive as JSON text from the catalog."""
    return Printing.model_construct(
        **{
            **r,
            "attrs": _json(r["attrs"]),
            "sources": tuple(r["sources"]),
            "disagreements": tuple(_json(r["disagreements"])),
        }
    )


def printing(con: duckdb.DuckDBPyConnection, sku: str) -> Printing | None:
    found = rows(con, "printing", sku=sku)
    return printing_from_row(found[0]) if found else None


def printing_rows(
    con: duckdb.DuckDBPyConnection, game: str | None = None, set_code: str | None = None
) -> list[dict[str, Any]]:
    """The printings as the catalog stores them (JSON columns as text), in the stable order."""
    return rows(con, "printings", game=game, set_code=set_code)


def printings(
    con: duckdb.DuckDBPyConnection, game: str | None = None, set_code: str | None = None
) -> tuple[Printing, ...]:
    return tuple(printing_from_row(r) for r in printing_rows(con, game, set_code))


def fx_rates(con: duckdb.DuckDBPyConnection) -> tuple[FxRate, ...]:
    return tuple(FxRate(**r) for r in rows(con, "fx_rates"))


def sources(con: duckdb.DuckDBPyConnection) -> tuple[Source, ...]:
    return tuple(Source(**r) for r in rows(con, "sources"))


def source_runs(con: duckdb.DuckDBPyConnection, source_id: str | None = None) -> tuple[SourceRun, ...]:
    return tuple(
        SourceRun(**{**r, "quarantined": _json(r["quarantined"])})
        for r in rows(con, "source_runs", source_id=source_id)
    )


def run_summaries(con: duckdb.DuckDBPyConnection) -> tuple[RunSummary, ...]:
    return tuple(RunSummary(**r) for r in rows(con, "run_summaries"))


def coverage_history(con: duckdb.DuckDBPyConnection) -> tuple[CoverageCount, ...]:
    return tuple(CoverageCount(**r) for r in rows(con, "coverage_history"))


def onepiece_cards(con: duckdb.DuckDBPyConnection, lang: str = "en") -> dict[str, OnePieceCard]:
    """Every One Piece card id with its attributes (base art) and all its printings in ``lang``."""
    return onepiece_cards_from(printings(con, game="op"), lang)
