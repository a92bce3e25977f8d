"""``build.py stats``: the per-game, per-source report, from the catalog alone.

Read over the synthetic catalog of ``tests/conftest.py``, and over a copy of it whose run history
says one source later became unavailable and another never ran.
"""

from __future__ import annotations

import shutil

import duckdb
import pytest

from generator.catalog import queries
from generator.catalog.stats import stats_report


def report_of(path) -> str:
    with queries.connect(path) as con:
        return stats_report(con)


@pytest.fixture(scope="module")
def report(synthetic_catalog) -> str:
    return report_of(synthetic_catalog)


def line_of(report: str, source_id: str) -> str:
    [line] = [line for line in report.splitlines() if line.strip().startswith(source_id + " ")]
    return line


def test_every_source_has_a_line(report, synthetic_catalog):
    with queries.connect(synthetic_catalog) as con:
        ids = [s.source_id for s in queries.sources(con)]
    assert len(ids) == 6
    for source_id in ids:
        assert line_of(report, source_id)


def test_every_game_has_a_heading_with_its_counts(report):
    assert "One Piece Card Game [op]: 6 printings (en 5, ja 1), 4 cards, 2 sets" in report
    assert "Pokemon Trading Card Game [ptcg]: 4 printings (en 4), 4 cards, 2 sets" in report
    assert "Flesh and Blood [fab]: 4 printings (en 4), 3 cards, 1 sets" in report
    assert "Disney Lorcana [lor]: 5 printings (en 4, fr 1), 3 cards, 2 sets" in report
    assert "FX reference rates [fx]" in report
    headings = [line for line in report.splitlines() if line and not line.startswith(" ")]
    assert [h.split("[")[1].split("]")[0] for h in headings if "[" in h] == ["op", "ptcg", "fab", "lor", "fx"]


def test_source_lines_show_status_contribution_languages_and_quarantine(report):
    assert line_of(report, "test-op-primary").split() == [
        "test-op-primary",
        "ok",
        "2",
        "4",
        "5",
        "en",
        "bad-identifier",
        "1",
    ]
    assert line_of(report, "test-op-secondary").split() == ["test-op-secondary", "ok", "1", "2", "2", "en,ja", "-"]
    assert line_of(report, "test-lor").split() == ["test-lor", "ok", "2", "3", "5", "en,fr", "-"]
    assert line_of(report, "test-fx").split() == ["test-fx", "ok", "1", "days", "x", "2", "currencies", "-"]


def test_the_summary_lines(report):
    assert "Unavailable sources: none" in report
    assert "Printings seen differently by two sources: 1 (3 field values)" in report


@pytest.fixture(scope="module")
def later_catalog(synthetic_catalog, tmp_path_factory):
    """The synthetic catalog after a later ingest: test-lor unavailable, test-fab partial with quarantined
    rows, test-ptcg failed (its one quarantine row says why), a new source that never ran."""
    path = tmp_path_factory.mktemp("stats") / "catalog.duckdb"
    shutil.copyfile(synthetic_catalog, path)
    con = duckdb.connect(str(path))
    try:
        con.execute("""INSERT INTO source_runs VALUES
            ('run-2-lor', 'test-lor', 'unavailable', 'unavailable', TIMESTAMP '2026-03-01 12:00:00',
             TIMESTAMP '2026-03-01 12:00:00', 0, 0, '{}', 'mirror: /nowhere does not exist'),
            ('run-2-fab', 'test-fab', 'partial', 'cache', TIMESTAMP '2026-03-01 12:00:00',
             TIMESTAMP '2026-03-01 12:00:01', 7, 4, '{"duplicate-id": 2, "bad-date": 1}', NULL),
            ('run-2-ptcg', 'test-ptcg', 'failed', 'cache', TIMESTAMP '2026-03-01 12:00:00',
             TIMESTAMP '2026-03-01 12:00:01', 3, 0, '{"source-failed": 1}', 'BrokenFile: sets.json')""")
        con.execute("""INSERT INTO quarantine (source_id, reason, upstream_id, detail) VALUES
            ('test-fab', 'duplicate-id', 'TFB009', 'seen twice'), ('test-fab', 'duplicate-id', 'TFB010', 'seen twice'),
            ('test-fab', 'bad-date', 'TFB', 'not a date'),
            ('test-ptcg', 'source-failed', NULL, 'BrokenFile: sets.json')""")
        con.execute("""INSERT INTO sources VALUES ('test-ptcg-new', 'ptcg', 'new (synthetic)', 'mit', '1',
            DATE '2026-01-01', 'https://example.invalid/new', 6)""")
    finally:
        con.close()
    return path


def test_the_latest_run_decides_the_status_and_unavailable_sources_are_named(later_catalog):
    report = report_of(later_catalog)

    assert line_of(report, "test-lor").split()[1] == "unavailable"
    assert "Unavailable sources: test-lor" in report
    assert line_of(report, "test-op-primary").split()[1] == "ok"


def test_every_quarantine_reason_is_counted(later_catalog):
    report = report_of(later_catalog)
    assert line_of(report, "test-fab").split()[1] == "partial"
    assert line_of(report, "test-fab").endswith("bad-date 1, duplicate-id 2")
    assert line_of(report, "test-op-primary").endswith("bad-identifier 1")


def test_failed_and_partial_sources_are_named_with_their_quarantine(later_catalog):
    report = report_of(later_catalog)
    assert line_of(report, "test-ptcg").split()[1] == "failed"
    assert line_of(report, "test-ptcg").endswith("source-failed 1")  # not "-"
    assert "Failed sources: test-ptcg" in report and "Partial sources: test-fab" in report


def test_a_source_that_never_ran_says_so(later_catalog):
    report = report_of(later_catalog)
    assert line_of(report, "test-ptcg-new").split()[:3] == ["test-ptcg-new", "never", "run"]
    assert "test-ptcg-new" not in report.split("Unavailable sources:")[1]
