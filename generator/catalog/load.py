"""Write a catalog file from the sinks of one ingest.

Rows are staged as NDJSON (orjson) and bulk-loaded with ``read_json`` and explicit column types:
far faster than row-by-row inserts, and no schema inference over upstream shapes. The catalog is
written to a temporary file and renamed into place, so a reader never sees half a catalog.
"""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import duckdb
import orjson

from generator.content.set_facts import SetFacts, load_set_facts, release_rows
from generator.ingest.records import CoverageRow, RunRecord
from generator.ingest.sink import Sink
from generator.sources.registry import SourceSpec

SQL_DIR = Path(__file__).parent / "sql"
MEMORY_LIMIT = "512MB"
CONTENT = Path(__file__).resolve().parents[2] / "content"
GAMES_FILE = CONTENT / "games.toml"

COLUMNS = {
    "set_observations": {
        "source_id": "VARCHAR",
        "priority": "INTEGER",
        "game": "VARCHAR",
        "set_code": "VARCHAR",
        "name": "VARCHAR",
        "release_date": "DATE",
        "total_cards": "INTEGER",
        "upstream_id": "VARCHAR",
    },
    "printing_observations": {
        "source_id": "VARCHAR",
        "priority": "INTEGER",
        "sku": "VARCHAR",
        "game": "VARCHAR",
        "set_code": "VARCHAR",
        "number": "VARCHAR",
        "lang": "VARCHAR",
        "variant": "VARCHAR",
        "card_key": "VARCHAR",
        "name": "VARCHAR",
        "rarity": "VARCHAR",
        "upstream_id": "VARCHAR",
        "attrs": "JSON",
    },
    "decks": {
        "source_id": "VARCHAR",
        "game": "VARCHAR",
        "deck_id": "VARCHAR",
        "name": "VARCHAR",
        "set_code": "VARCHAR",
        "cards": "JSON",
    },
    "set_facts": {
        "game": "VARCHAR",
        "set_code": "VARCHAR",
        "name": "VARCHAR",
        "name_url": "VARCHAR",
        "name_title": "VARCHAR",
        "released_at": "DATE",
        "released_market": "VARCHAR",
        "released_url": "VARCHAR",
        "released_title": "VARCHAR",
        "name_corrects": "VARCHAR",
        "undated_note": "VARCHAR",
        "date_note": "VARCHAR",
        "name_shared_note": "VARCHAR",
    },
    "set_releases": {
        "game": "VARCHAR",
        "set_code": "VARCHAR",
        "market": "VARCHAR",
        "released_at": "DATE",
        "url": "VARCHAR",
        "title": "VARCHAR",
    },
    "fx_rates": {"source_id": "VARCHAR", "date": "DATE", "currency": "VARCHAR", "per_eur": "DOUBLE"},
    "quarantine": {
        "source_id": "VARCHAR",
        "reason": "VARCHAR",
        "upstream_id": "VARCHAR",
        "detail": "VARCHAR",
        "field": "VARCHAR",
        "sku": "VARCHAR",
    },
    "coverage_history": {
        "source_id": "VARCHAR",
        "game": "VARCHAR",
        "day": "DATE",
        "window_days": "INTEGER",
        "runs": "INTEGER",
        "distinct_cards": "INTEGER",
    },
    "source_runs": {
        "run_id": "VARCHAR",
        "source_id": "VARCHAR",
        "status": "VARCHAR",
        "method": "VARCHAR",
        "started_at": "TIMESTAMP",
        "finished_at": "TIMESTAMP",
        "rows_read": "INTEGER",
        "rows_written": "INTEGER",
        "quarantined": "JSON",
        "note": "VARCHAR",
    },
}


Row = dict[str, object]  # one row of a table, column -> value (orjson writes it as NDJSON)


def _rows(sinks: Iterable[tuple[Sink, int]]) -> dict[str, list[Row]]:
    skip = ("source_runs", "coverage_history", "set_facts", "set_releases")
    tables: dict[str, list[Row]] = {name: [] for name in COLUMNS if name not in skip}
    for sink, priority in sinks:
        src = sink.source_id
        for s in sink.sets:
            tables["set_observations"].append(
                {
                    "source_id": src,
                    "priority": priority,
                    "game": s.game,
                    "set_code": s.set_code,
                    "name": s.name,
                    "release_date": s.release_date,
                    "total_cards": s.total_cards,
                    "upstream_id": s.upstream_id,
                }
            )
        for p in sink.printings:
            k = p.sku
            tables["printing_observations"].append(
                {
                    "source_id": src,
                    "priority": priority,
                    "sku": str(k),
                    "game": k.game,
                    "set_code": k.set,
                    "number": k.number,
                    "lang": k.lang,
                    "variant": k.variant,
                    "card_key": p.card_key,
                    "name": p.name,
                    "rarity": p.rarity,
                    "upstream_id": p.upstream_id,
                    "attrs": p.attrs,
                }
            )
        for d in sink.decks:
            tables["decks"].append(
                {
                    "source_id": src,
                    "game": d.game,
                    "deck_id": d.deck_id,
                    "name": d.name,
                    "set_code": d.set_code,
                    "cards": [list(c) for c in d.cards],
                }
            )
        for f in sink.fx:
            tables["fx_rates"].append({"source_id": src, "date": f.date, "currency": f.currency, "per_eur": f.per_eur})
        for q in sink.quarantined:
            tables["quarantine"].append(
                {
                    "source_id": src,
                    "reason": q.reason,
                    "upstream_id": q.upstream_id,
                    "detail": q.detail,
                    "field": q.field,
                    "sku": q.sku,
                }
            )
    return tables


def write_catalog(
    path: Path,
    specs: tuple[SourceSpec, ...],
    sinks: list[tuple[Sink, int]],
    runs: Sequence[RunRecord],
    history: Sequence[CoverageRow] | None = None,
    facts: SetFacts | None = None,
) -> None:
    """``history``: the coverage_history rows (``generator.ingest.history``); ``facts``: the authored
    set facts, ``content/set_facts.yaml`` unless given (tests)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=".catalog-") as tmp:
        tmp_db = Path(tmp) / "catalog.duckdb"
        con = duckdb.connect(str(tmp_db))
        # DuckDB otherwise takes what it likes (~1 GiB here); 512 MB keeps the whole ingest well
        # under the 1.5 GiB budget at no measured cost in time (256 MB runs out of memory).
        con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
        try:
            con.execute((SQL_DIR / "schema.sql").read_text())
            _seed(con, specs)
            tables: dict[str, Sequence[Mapping[str, object]]] = dict(_rows(sinks))
            tables["source_runs"] = runs
            tables["coverage_history"] = history or []
            authored = facts or load_set_facts(CONTENT)
            tables["set_facts"] = authored.rows()
            tables["set_releases"] = release_rows(authored)
            for name, rows in tables.items():
                _bulk_insert(con, Path(tmp), name, rows)
            con.execute((SQL_DIR / "derive.sql").read_text())
            con.execute("CHECKPOINT")
        finally:
            con.close()
        tmp_db.replace(path)


def _seed(con: duckdb.DuckDBPyConnection, specs: tuple[SourceSpec, ...]) -> None:
    games = tomllib.loads(GAMES_FILE.read_text())
    con.executemany(
        "INSERT INTO games (game, name, publisher) VALUES (?, ?, ?)",
        [(token, g["name"], g["publisher"]) for token, g in games.items()],
    )
    con.executemany(
        "INSERT INTO sources VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(s.id, s.game, s.name, s.tier, s.version, s.published, s.homepage, i) for i, s in enumerate(specs)],
    )


def _bulk_insert(con: duckdb.DuckDBPyConnection, tmp: Path, table: str, rows: Sequence[Mapping[str, object]]) -> None:
    if not rows:
        return
    staged = tmp / f"{table}.ndjson"
    with staged.open("wb") as handle:
        for row in rows:
            handle.write(orjson.dumps(row, option=orjson.OPT_NAIVE_UTC))
            handle.write(b"\n")
    columns = COLUMNS[table]
    spec = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items()) + "}"
    con.execute(
        f"INSERT INTO {table} SELECT {', '.join(columns)} FROM read_json(?, format='newline_delimited', "
        f"columns={spec}, maximum_object_size=67108864)",
        [str(staged)],
    )
