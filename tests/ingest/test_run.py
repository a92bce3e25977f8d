"""``ingest``: run adapters over acquired dumps, record one run per source, write the catalog.

Everything here is fake: a registry of test sources (``SourceSpec`` built here, with checksum
manifests in a temporary data folder), a mirror folder holding a small ``rows.json`` per source in a
made-up format, and small adapters that read it into the sink. Acquisition is the real one (mirror,
then the cache), so the runs record real methods.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from pathlib import Path

import duckdb
import orjson
import pytest

from generator.fingerprint import fingerprint
from generator.ingest import Adapter
from generator.ingest import run as run_module
from generator.ingest.run import ingest
from generator.ingest.sink import Sink, parse_date
from generator.sku.standard import Sku
from generator.sources import registry
from generator.sources.registry import SourceSpec

PUBLISHED_TABLES = (
    "games",
    "sets",
    "printings",
    "printing_observations",
    "set_observations",
    "decks",
    "fx_rates",
    "quarantine",
    "disagreements",
    "sources",
)


def _spec(source_id: str, game: str) -> SourceSpec:
    return SourceSpec(
        id=source_id,
        game=game,
        name=f"{source_id} (test)",
        tier="proprietary",
        version="1",
        published=dt.date(2030, 1, 2),
        homepage=f"https://example.invalid/{source_id}",
        mirror=f"fake/{source_id}",
        include=("rows.json",),
    )


SPECS = (
    _spec("fake-op-a", "op"),
    _spec("fake-op-b", "op"),
    _spec("fake-ptcg", "ptcg"),
    _spec("fake-fab", "fab"),
    _spec("fake-lor", "lor"),
    _spec("fake-fx", "fx"),
)


def read_rows(root: Path, sink: Sink) -> None:
    """A made-up upstream: ``rows.json`` with sets, printings, decks and rates."""
    doc = orjson.loads((root / "rows.json").read_bytes())
    for s in doc.get("sets", []):
        sink.rows_read += 1
        sink.set(s["code"], s.get("name"), parse_date(s.get("date")), s.get("total"), s["code"].upper())
    for p in doc.get("printings", []):
        sink.rows_read += 1
        sink.printing(
            lambda p=p: Sku.of(sink.game, p["set"], p["number"], p.get("lang", "en"), p.get("variant")),
            p["card"],
            p.get("name"),
            p.get("rarity"),
            p["id"],
            p.get("attrs", {}),
        )
    for d in doc.get("decks", []):
        sink.rows_read += 1
        sink.deck(d["id"], d["name"], tuple(tuple(c) for c in d["cards"]), d.get("set"))
    for date, currency, per_eur in doc.get("rates", []):
        sink.rows_read += 1
        sink.rate(dt.date.fromisoformat(date), currency, per_eur)


def read_then_fail(root: Path, sink: Sink) -> None:
    read_rows(root, sink)
    raise RuntimeError("upstream layout changed")


ADAPTERS = tuple(Adapter(spec.id, read_rows) for spec in SPECS)


def op_printing(number: str, name: str, **fields) -> dict:
    return {
        "id": f"TST1-{number}",
        "card": f"TST1-{number}",
        "set": "tst1",
        "number": number,
        "name": name,
        "rarity": "C",
        "attrs": {"cost": 1, "power": 1000, "effect": None},
        **fields,
    }


INPUTS = {
    "fake-op-a": {
        "sets": [{"code": "tst1", "name": "Testo Tides", "date": "2030/01/02", "total": 3}],
        "printings": [
            op_printing("001", "Testo Captain", rarity="L", attrs={"life": 5, "effect": "[On Play] Draw 1 card."}),
            op_printing("001", "Testo Captain", id="TST1-001_p1", variant="p1", rarity="L", attrs={"life": 5}),
            op_printing("002", "Testo Navigator", rarity="R", attrs={"cost": 3, "power": 4000}),
            op_printing("003", None, id="TST1-003"),  # quarantined: missing-name
            op_printing("002", "Testo Navigator again", id="TST1-002-dup"),  # quarantined: duplicate-id
        ],
    },
    "fake-op-b": {
        "sets": [{"code": "tst1", "name": "Testo Tides (alt)", "total": 4}],
        "printings": [
            # the same printing as fake-op-a's, observed differently: a disagreement the lower priority loses
            op_printing("002", "Testo Navigatr", rarity="SR", attrs={"cost": 3, "power": 5000}),
            op_printing("001", "テスト船長", lang="ja", rarity="L", attrs={"life": 5}),
        ],
    },
    "fake-ptcg": {
        "sets": [
            {"code": "tstp", "name": "Testmon Base", "date": "1999-01-09"},
            {"code": "tstq", "name": "Testmon Never Printed"},
        ],
        "printings": [
            {
                "id": "tstp-1",
                "card": "tstp-1",
                "set": "tstp",
                "number": "1",
                "name": "Testmon",
                "rarity": "Rare",
                "attrs": {"hp": 60},
            },
            {"id": "tstp-!", "card": "tstp-!", "set": "tstp", "number": "!", "name": "Testmon Bang"},  # bad-identifier
        ],
        "decks": [{"id": "d-tstp-1", "name": "Testmon Deck", "set": "tstp", "cards": [["tstp-1", 4]]}],
    },
    "fake-fab": {
        "printings": [{"id": "TFB001", "card": "testo-brute", "set": "tfb", "number": "001", "name": "Testo Brute"}],
    },
    # fake-lor has no folder in the mirror: unavailable
    "fake-fx": {"rates": [["2030-01-02", "USD", 1.25], ["2030-01-02", "JPY", 150.5]]},
}


@dataclass
class World:
    data_dir: Path
    mirror: Path
    cache: Path

    def publish(self, source_id: str, doc: dict) -> None:
        """Put a source's dump in the mirror and pin its checksum, as a registry update would."""
        body = orjson.dumps(doc, option=orjson.OPT_SORT_KEYS)
        folder = self.mirror / "fake" / source_id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "rows.json").write_bytes(body)
        (self.data_dir / "checksums" / f"{source_id}.sha256").write_text(
            f"{hashlib.sha256(body).hexdigest()}  rows.json\n"
        )

    def ingest(
        self, state: Path, adapters: tuple[Adapter, ...] = ADAPTERS, cache: Path | None = None, log=None, at=None
    ):
        return ingest(state, self.mirror, cache or self.cache, adapters, log=log or (lambda line: None), at=at)


@pytest.fixture
def world(tmp_path, monkeypatch) -> World:
    data_dir = tmp_path / "data"
    (data_dir / "checksums").mkdir(parents=True)
    (data_dir / "checksums" / "fake-lor.sha256").write_text(f"{'0' * 64}  rows.json\n")
    monkeypatch.setattr(registry, "DATA_DIR", data_dir)
    monkeypatch.setattr(run_module, "load_registry", lambda: SPECS)
    monkeypatch.setattr(run_module, "source", {spec.id: spec for spec in SPECS}.__getitem__)
    w = World(data_dir, tmp_path / "mirror", tmp_path / "cache")
    for source_id, doc in INPUTS.items():
        w.publish(source_id, doc)
    return w


def query(catalog: Path, sql: str, params: list | None = None) -> list[tuple]:
    con = duckdb.connect(str(catalog), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def runs_by_source(result) -> dict[str, dict]:
    return {run["source_id"]: run for run in result.runs}


# ------------------------------------------------------------------ statuses


def test_each_source_gets_one_run_with_its_status(world, tmp_path):
    result = world.ingest(tmp_path / "state")
    runs = runs_by_source(result)

    assert list(runs) == [spec.id for spec in SPECS]
    assert {s: r["status"] for s, r in runs.items()} == {
        "fake-op-a": "partial",
        "fake-op-b": "ok",
        "fake-ptcg": "partial",
        "fake-fab": "ok",
        "fake-lor": "unavailable",
        "fake-fx": "ok",
    }
    assert {s: r["method"] for s, r in runs.items()} == {**{s: "mirror" for s in runs}, "fake-lor": "unavailable"}
    assert result.unavailable == ("fake-lor",)
    assert result.catalog == tmp_path / "state" / "catalog.duckdb"


def test_ok_and_partial_runs_count_rows_and_quarantine(world, tmp_path):
    runs = runs_by_source(world.ingest(tmp_path / "state"))

    assert {k: runs["fake-op-a"][k] for k in ("rows_read", "rows_written", "quarantined", "note")} == {
        "rows_read": 6,
        "rows_written": 4,
        "quarantined": {"duplicate-id": 1, "missing-name": 1},
        "note": None,
    }
    assert {k: runs["fake-ptcg"][k] for k in ("rows_read", "rows_written", "quarantined")} == {
        "rows_read": 5,
        "rows_written": 4,
        "quarantined": {"bad-identifier": 1},
    }
    assert {k: runs["fake-fx"][k] for k in ("rows_read", "rows_written", "quarantined")} == {
        "rows_read": 2,
        "rows_written": 2,
        "quarantined": {},
    }
    for run in runs.values():
        assert run["run_id"].startswith(run["source_id"] + "-")
        assert dt.datetime.fromisoformat(run["started_at"]) <= dt.datetime.fromisoformat(run["finished_at"])


def test_unavailable_source_lists_its_attempts_and_writes_nothing(world, tmp_path):
    result = world.ingest(tmp_path / "state")
    run = runs_by_source(result)["fake-lor"]

    assert (run["status"], run["method"], run["rows_read"], run["rows_written"], run["quarantined"]) == (
        "unavailable",
        "unavailable",
        0,
        0,
        {},
    )
    assert run["note"].startswith("mirror: ") and "fake/fake-lor" in run["note"]
    assert query(result.catalog, "SELECT count(*) FROM printing_observations WHERE source_id = 'fake-lor'") == [(0,)]
    # still a source of the catalog, so the stats can say it was unavailable
    assert query(result.catalog, "SELECT source_id FROM sources WHERE source_id = 'fake-lor'") == [("fake-lor",)]


def test_a_failing_adapter_fails_its_source_only(world, tmp_path):
    adapters = tuple(Adapter(a.source_id, read_then_fail) if a.source_id == "fake-fab" else a for a in ADAPTERS)
    lines: list[str] = []
    result = world.ingest(tmp_path / "state", adapters, log=lines.append)
    runs = runs_by_source(result)

    failed = runs["fake-fab"]
    assert (failed["status"], failed["rows_read"], failed["rows_written"], failed["note"]) == (
        "failed",
        1,
        0,
        "RuntimeError: upstream layout changed",
    )
    assert failed["quarantined"] == {"source-failed": 1}
    # what the adapter wrote before it raised is not published; the other sources are
    assert query(result.catalog, "SELECT count(*) FROM printing_observations WHERE source_id = 'fake-fab'") == [(0,)]
    assert query(result.catalog, "SELECT count(*) FROM printings WHERE game = 'fab'") == [(0,)]
    assert query(result.catalog, "SELECT count(DISTINCT source_id) FROM printing_observations") == [(3,)]
    assert runs["fake-op-a"]["status"] == "partial" and runs["fake-fx"]["status"] == "ok"
    assert len(lines) == len(SPECS)
    assert any("fake-fab" in line and "failed" in line and "upstream layout changed" in line for line in lines)
    # the build's summary and `stats` name it, with why (a failed source once read "unavailable: none")
    report = result.report().split("; ")
    assert report[:3] == [
        "sources ok 2",
        "partial 2: fake-op-a (2 rows quarantined), fake-ptcg (1 rows quarantined)",
        "failed 1: fake-fab (RuntimeError: upstream layout changed)",
    ]
    assert report[3].startswith("unavailable 1: fake-lor (")
    assert query(result.catalog, "SELECT reason, detail FROM quarantine WHERE source_id = 'fake-fab'") == [
        ("source-failed", "RuntimeError: upstream layout changed")
    ]


def test_every_source_failing_still_writes_a_catalog(world, tmp_path):
    adapters = tuple(Adapter(a.source_id, read_then_fail) for a in ADAPTERS)
    result = world.ingest(tmp_path / "state", adapters)

    assert {r["status"] for r in result.runs} == {"failed", "unavailable"}
    assert query(result.catalog, "SELECT count(*) FROM printings") == [(0,)]
    assert query(result.catalog, "SELECT count(*) FROM source_runs") == [(len(SPECS),)]


# ------------------------------------------------------------------ the catalog


def test_quarantined_rows_never_reach_printings(world, tmp_path):
    catalog = world.ingest(tmp_path / "state").catalog

    quarantined = query(catalog, "SELECT source_id, reason, upstream_id FROM quarantine ORDER BY ALL")
    assert quarantined == [
        ("fake-op-a", "duplicate-id", "TST1-002-dup"),
        ("fake-op-a", "missing-name", "TST1-003"),
        ("fake-ptcg", "bad-identifier", "tstp-!"),
    ]
    published = {row[0] for row in query(catalog, "SELECT upstream_id FROM printing_observations")}
    assert not published & {upstream_id for _, _, upstream_id in quarantined}
    assert query(catalog, "SELECT count(*) FROM printings WHERE name = 'Testo Navigator again'") == [(0,)]
    assert query(catalog, "SELECT sku FROM printings ORDER BY sku") == [
        ("fab-tfb-001-en",),
        ("op-tst1-001-en",),
        ("op-tst1-001-en-p1",),
        ("op-tst1-001-ja",),
        ("op-tst1-002-en",),
        ("ptcg-tstp-1-en",),
    ]


def test_two_sources_observing_one_sku_differently_record_disagreements(world, tmp_path):
    catalog = world.ingest(tmp_path / "state").catalog

    assert query(catalog, "SELECT * FROM disagreements ORDER BY ALL") == [  # values as JSON text
        ("op-tst1-002-en", "attrs.power", "fake-op-a", "4000", "fake-op-b", "5000"),
        ("op-tst1-002-en", "name", "fake-op-a", '"Testo Navigator"', "fake-op-b", '"Testo Navigatr"'),
        ("op-tst1-002-en", "rarity", "fake-op-a", '"R"', "fake-op-b", '"SR"'),
    ]
    # and the printing carries them, decoded, for the saturated card document
    (published,) = query(catalog, "SELECT disagreements FROM printings WHERE sku = 'op-tst1-002-en'")[0]
    assert orjson.loads(published)[1] == {
        "field": "name",
        "source_a": "fake-op-a",
        "value_a": "Testo Navigator",
        "source_b": "fake-op-b",
        "value_b": "Testo Navigatr",
    }
    # the higher-priority source's values are published, both sources listed
    assert query(catalog, "SELECT name, rarity, sources FROM printings WHERE sku = 'op-tst1-002-en'") == [
        ("Testo Navigator", "R", ["fake-op-a", "fake-op-b"])
    ]
    # the set record: the higher-priority name, the other source's total where the first had one too
    assert query(
        catalog, "SELECT name, release_date, total_cards, printed_numbers FROM sets WHERE set_code = 'tst1'"
    ) == [("Testo Tides", dt.date(2030, 1, 2), 3, 2)]


def test_published_tables_hold_every_row_kind(world, tmp_path):
    catalog = world.ingest(tmp_path / "state").catalog

    assert query(catalog, "SELECT game, set_code, name FROM sets ORDER BY ALL") == [
        ("fab", "tfb", "TFB"),
        ("op", "tst1", "Testo Tides"),
        ("ptcg", "tstp", "Testmon Base"),
    ]
    assert query(catalog, "SELECT source_id, deck_id, cards FROM decks") == [
        ("fake-ptcg", "d-tstp-1", '[["tstp-1",4]]')
    ]
    assert query(catalog, "SELECT source_id, date, currency, per_eur FROM fx_rates ORDER BY ALL") == [
        ("fake-fx", dt.date(2030, 1, 2), "JPY", 150.5),
        ("fake-fx", dt.date(2030, 1, 2), "USD", 1.25),
    ]
    assert query(catalog, "SELECT source_id, priority FROM sources ORDER BY priority") == [
        (spec.id, i) for i, spec in enumerate(SPECS)
    ]


# ------------------------------------------------------------------ history


def test_runs_are_appended_and_persist_across_ingests(world, tmp_path):
    state = tmp_path / "state"
    first = world.ingest(state)
    second = world.ingest(state)

    history = [orjson.loads(line) for line in (state / "runs.jsonl").read_bytes().splitlines()]
    assert history == [*first.runs, *second.runs]
    assert len(history) == 2 * len(SPECS)
    # the second ingest found every available dump in the cache
    assert {r["source_id"]: r["method"] for r in second.runs} == {
        **{spec.id: "cache" for spec in SPECS},
        "fake-lor": "unavailable",
    }
    in_catalog = query(second.catalog, "SELECT source_id, status, method FROM source_runs ORDER BY ALL")
    assert sorted(in_catalog) == sorted((r["source_id"], r["status"], r["method"]) for r in history)

    third = world.ingest(state)
    assert query(third.catalog, "SELECT count(*) FROM source_runs") == [(3 * len(SPECS),)]


def test_a_source_that_becomes_available_is_recorded_as_such(world, tmp_path):
    state = tmp_path / "state"
    world.ingest(state)
    world.publish(
        "fake-lor",
        {"printings": [{"id": "1/204 EN 1", "card": "testo-hero", "set": "1", "number": "1", "name": "Testo Hero"}]},
    )
    result = world.ingest(state)

    assert runs_by_source(result)["fake-lor"]["status"] == "ok"
    assert query(
        result.catalog, "SELECT status FROM source_runs WHERE source_id = 'fake-lor' ORDER BY started_at, status"
    ) in ([("unavailable",), ("ok",)], [("ok",), ("unavailable",)])
    assert query(result.catalog, "SELECT sku FROM printings WHERE game = 'lor'") == [("lor-1-1-en",)]


def test_run_ids_stay_unique_when_two_ingests_start_in_the_same_second(world, tmp_path, monkeypatch):
    monkeypatch.setattr(run_module, "_now", lambda: dt.datetime(2030, 1, 2, 3, 4, 5))
    state = tmp_path / "state"
    world.ingest(state)
    result = world.ingest(state)

    ids = [row[0] for row in query(result.catalog, "SELECT run_id FROM source_runs")]
    assert len(ids) == 2 * len(SPECS)
    assert len(set(ids)) == len(ids)


# ------------------------------------------------------------------ determinism


def published(catalog: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(catalog), read_only=True)
    try:
        tables = {name: con.execute(f"SELECT * FROM {name} ORDER BY ALL").fetchall() for name in PUBLISHED_TABLES}
        tables["source_runs"] = con.execute(
            "SELECT source_id, status, rows_read, rows_written, quarantined, note FROM source_runs ORDER BY ALL"
        ).fetchall()
        tables["source_runs.methods"] = con.execute("SELECT method FROM source_runs ORDER BY ALL").fetchall()
        return tables
    finally:
        con.close()


def test_two_ingests_of_the_same_inputs_give_identical_catalogs(world, tmp_path):
    # enough rows that two sources overlap on many SKUs, in an order that is not the SKU order
    many_a = [
        op_printing(
            f"{n:03d}", f"Testo {n}", set="tst9", id=f"TST9-{n:03d}", card=f"TST9-{n:03d}", attrs={"power": n * 10}
        )
        for n in range(999, 0, -1)
    ]
    many_b = [
        op_printing(
            f"{n:03d}",
            f"Testo {n}" if n % 7 else f"Testo {n}b",
            set="tst9",
            id=f"tst9-{n}",
            card=f"TST9-{n:03d}",
            rarity="R" if n % 3 else "C",
            attrs={"power": n * 10 + n % 2},
        )
        for n in range(1, 1000, 2)
    ]
    world.publish("fake-op-a", {**INPUTS["fake-op-a"], "printings": INPUTS["fake-op-a"]["printings"] + many_a})
    world.publish("fake-op-b", {**INPUTS["fake-op-b"], "printings": INPUTS["fake-op-b"]["printings"] + many_b})

    first = world.ingest(tmp_path / "state-1", cache=tmp_path / "cache-1")
    second = world.ingest(tmp_path / "state-2", cache=tmp_path / "cache-2")  # a fresh cache: acquired again
    a, b = published(first.catalog), published(second.catalog)

    assert a["printings"] and a["disagreements"] and a["quarantine"] and a["fx_rates"] and a["decks"]
    assert len(a["printings"]) == 6 + 999
    for table in (*PUBLISHED_TABLES, "source_runs", "source_runs.methods"):
        assert a[table] == b[table], table
    # same inputs, same order of rows as written, not only the same set of rows
    for table in ("printings", "sets", "disagreements"):
        assert query(first.catalog, f"SELECT * FROM {table}") == query(second.catalog, f"SELECT * FROM {table}")


def test_two_ingests_from_empty_state_at_one_moment_fingerprint_alike(world, tmp_path):
    """Run ids derive from the run's inputs and place in the history, not from a random suffix, so
    two builds from empty state with one as-of share ``_routes.json``'s fingerprint (issue 32)."""
    at = dt.datetime(2030, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
    first = world.ingest(tmp_path / "state-1", cache=tmp_path / "cache-1", at=at)
    second = world.ingest(tmp_path / "state-2", cache=tmp_path / "cache-2", at=at)

    assert (tmp_path / "state-1" / "runs.jsonl").read_bytes() == (tmp_path / "state-2" / "runs.jsonl").read_bytes()
    digests = []
    for result in (first, second):
        con = duckdb.connect(str(result.catalog), read_only=True)
        try:
            digests.append(fingerprint(con, at))
        finally:
            con.close()
    assert digests[0] == digests[1]


def test_a_rebuild_in_the_same_state_folder_publishes_the_same_catalog(world, tmp_path):
    state = tmp_path / "state"
    before = published(world.ingest(state).catalog)
    after = published(world.ingest(state).catalog)

    for table in PUBLISHED_TABLES:
        assert before[table] == after[table], table
    assert len(after["source_runs"]) == 2 * len(before["source_runs"])


# ------------------------------------------------------------------ coverage history across dated ingests

UTC = dt.UTC


def _cards_in(catalog: Path, sources: tuple[str, ...]) -> set[str]:
    """The distinct game-qualified cards the ingest's sources published, read from the catalog."""
    marks = ", ".join("?" for _ in sources)
    rows = query(
        catalog,
        f"SELECT DISTINCT game || ':' || card_key FROM printing_observations WHERE source_id IN ({marks})",
        list(sources),
    )
    return {r[0] for r in rows}


def _history(catalog: Path, **query_params: str) -> dict:
    from types import SimpleNamespace

    from generator.catalog.queries import connect
    from generator.catalog.snapshot import Snapshot
    from generator.surfaces.operations.coverage_history import coverage_history

    with connect(catalog) as con:
        snapshot = Snapshot.from_catalog(con, "cardpantry/universal/v1")
    result = coverage_history(SimpleNamespace(snapshot=snapshot), {}, query_params)  # type: ignore[arg-type]
    assert result.error is None, result.error
    return result.data


def test_three_builds_on_three_days_make_a_zero_filled_history_with_exact_unions(world, tmp_path):
    state, card_sources = tmp_path / "state", tuple(s.id for s in SPECS if s.game != "fx")
    days = [
        dt.datetime(2030, 3, 1, 3, tzinfo=UTC),
        dt.datetime(2030, 3, 3, 3, tzinfo=UTC),
        dt.datetime(2030, 3, 4, 3, tzinfo=UTC),
    ]
    seen: dict[str, set[str]] = {}
    seen_op_a: dict[str, set[str]] = {}
    changes = [
        None,
        [*INPUTS["fake-op-a"]["printings"], op_printing("004", "Testo Lookout")],  # a new card
        [p for p in INPUTS["fake-op-a"]["printings"] if p["number"] != "001"],  # one card gone
    ]
    for at, printings in zip(days, changes, strict=True):
        if printings is not None:
            world.publish("fake-op-a", {**INPUTS["fake-op-a"], "printings": printings})
        result = world.ingest(state, at=at)
        assert {r["started_at"] for r in result.runs} == {at.replace(tzinfo=None).isoformat()}
        seen[at.date().isoformat()] = _cards_in(result.catalog, card_sources)
        seen_op_a[at.date().isoformat()] = _cards_in(result.catalog, ("fake-op-a",))

    week = _history(result.catalog)
    assert week["window_days"] == 7 and week["as_of_day"] == "2030-03-04"
    assert [d["date"] for d in week["days"]] == [
        f"2030-0{m}-{d:02d}" for m, d in ((2, 26), (2, 27), (2, 28), (3, 1), (3, 2), (3, 3), (3, 4))
    ]
    observed = {d["date"]: d["distinct_cards"] for d in week["days"] if d["runs"]}
    assert observed == {day: len(cards) for day, cards in seen.items()}  # three non-zero days
    assert all(d["runs"] == 0 and d["distinct_cards"] == 0 for d in week["days"] if d["date"] not in seen)
    assert week["window"]["distinct_cards"] == len(set().union(*seen.values()))  # the exact union
    assert week["window"]["distinct_cards"] < sum(observed.values())  # daily counts are non-additive
    assert week["window"]["runs"] == 3 * len(card_sources)
    assert (week["window"]["completed_days"], week["window"]["completed_days_observed"]) == (6, 2)
    assert [d["partial_day"] for d in week["days"]] == [False] * 6 + [True]

    one = _history(result.catalog, source="fake-op-a", window="30")
    assert len(one["days"]) == 30 and one["window"]["distinct_cards"] == len(set().union(*seen_op_a.values()))
    assert {d["date"]: d["distinct_cards"] for d in one["days"] if d["runs"]} == {
        k: len(v) for k, v in seen_op_a.items()
    }
    game = _history(result.catalog, game="op", window="90")
    op_cards = {c for c in set().union(*seen.values()) if c.startswith("op:")}
    assert len(game["days"]) == 90 and game["window"]["distinct_cards"] == len(op_cards)
    # one file per distinct card set: fake-ptcg saw the same cards three times
    files = sorted((state / "run-cards").glob("*.gz"))
    digests = {
        r["cards"]["sha256"]
        for r in (orjson.loads(line) for line in (state / "runs.jsonl").read_bytes().splitlines())
        if "cards" in r
    }
    assert {f.name.removesuffix(".gz") for f in files} == digests


def test_cards_older_than_the_longest_window_are_let_go(world, tmp_path):
    state = tmp_path / "state"
    world.ingest(state, at=dt.datetime(2030, 3, 1, 3, tzinfo=UTC))
    world.publish("fake-op-a", {**INPUTS["fake-op-a"], "printings": [op_printing("009", "Testo Late")]})
    later = world.ingest(state, at=dt.datetime(2030, 6, 15, 3, tzinfo=UTC))
    names = {f.name.removesuffix(".gz") for f in (state / "run-cards").glob("*.gz")}
    assert names == {r["cards"]["sha256"] for r in later.runs if "cards" in r}  # March's sets are gone
    quarter = _history(later.catalog, window="90")
    assert [d["date"] for d in quarter["days"] if d["runs"]] == ["2030-06-15"]


def test_an_unknown_source_or_one_of_another_game_covers_nothing(world, tmp_path):
    catalog = world.ingest(tmp_path / "state", at=dt.datetime(2030, 3, 1, 3, tzinfo=UTC)).catalog
    for params in ({"source": "nope"}, {"source": "fake-ptcg", "game": "op"}):
        empty = _history(catalog, **params)
        assert len(empty["days"]) == 7 and not any(d["runs"] or d["distinct_cards"] for d in empty["days"])
        assert empty["window"]["distinct_cards"] == 0
    assert _history(catalog, source="fake-ptcg", game="ptcg")["window"]["distinct_cards"] > 0


@pytest.mark.parametrize(
    ("params", "accepted"),
    [({"window": "14"}, ["7", "30", "90"]), ({"game": "mtg"}, ["op", "ptcg", "fab", "lor"])],
)
def test_a_bad_history_query_is_a_400_naming_what_is_accepted(params, accepted):
    """Refused by the surface's declaration before the handler reads the catalog (issue 38)."""
    from generator.site import load_site
    from generator.surfaces.families import surfaces
    from generator.web.respond import refused

    history = next(s for s in surfaces(load_site()) if s.id == "coverage.history")
    answer = refused(history, {}, params)
    assert answer is not None and answer.status == 400 and answer.error is not None
    assert answer.error[0] == "invalid_parameter" and answer.error_detail is not None
    assert answer.error_detail == {"parameter": next(iter(params)), "accepted": accepted}


def test_an_ingest_that_would_mint_a_retired_sku_fails_naming_it_its_successor_and_the_row(world, tmp_path):
    """docs/sku.md, "Retired SKUs": a retired SKU is never minted again, even for another card."""
    from generator.content.retired import MintedRetiredSku, RetiredSkus

    ledger = RetiredSkus(
        reasons={"test": {"retired_on": dt.date(2030, 1, 1), "text": "a test retirement"}},
        retired=({"sku": "op-tst1-002-en", "successor": "op-tst1-001-en", "reason": "test"},),
    )
    state = tmp_path / "state"
    with pytest.raises(MintedRetiredSku) as failed:
        ingest(state, world.mirror, world.cache, ADAPTERS, log=lambda line: None, retired=ledger)
    message = str(failed.value)
    assert "op-tst1-002-en" in message and "op-tst1-001-en" in message and "fake-op-a row TST1-002" in message
    assert not (state / "catalog.duckdb").exists(), "nothing is written"
