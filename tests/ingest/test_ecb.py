"""The ECB reference-rates adapter, over small synthetic zips in the ECB's own CSV layout.

The rates here are made up; the real file is only read by the ``real_data`` test at the bottom.
"""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import pytest

from generator.ingest import ecb
from generator.ingest.sink import Sink

HEADER = "Date,USD,JPY,CYP,"


def write_zip(root: Path, *lines: str, header: str = HEADER) -> Path:
    with zipfile.ZipFile(root / ecb.ARCHIVE, "w") as archive:
        archive.writestr("eurofxref-hist.csv", "\n".join((header, *lines)) + "\n")
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("ecb", "fx")
    ecb.read(root, sink)
    return sink


def rates(sink: Sink) -> list[tuple[str, str, float]]:
    return [(f.date.isoformat(), f.currency, f.per_eur) for f in sink.fx]


def test_one_rate_per_value_and_absent_cells_are_not_rows(tmp_path):
    sink = ingest(write_zip(tmp_path, "2020-01-03,1.5,100,N/A,", "2020-01-02,1.25,,0.5,"))

    assert rates(sink) == [
        ("2020-01-03", "USD", 1.5),
        ("2020-01-03", "JPY", 100.0),
        ("2020-01-02", "USD", 1.25),
        ("2020-01-02", "CYP", 0.5),
    ]
    assert isinstance(sink.fx[0].date, dt.date)
    assert sink.rows_read == 2
    assert sink.quarantined == []


def test_bad_date_quarantines_the_whole_line(tmp_path):
    sink = ingest(write_zip(tmp_path, "2020-02-30,1.5,100,N/A,", "yesterday,1.5,100,N/A,", "2020-01-02,1.25,90,N/A,"))

    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("bad-date", "2020-02-30"),
        ("bad-date", "yesterday"),
    ]
    assert rates(sink) == [("2020-01-02", "USD", 1.25), ("2020-01-02", "JPY", 90.0)]
    assert sink.rows_read == 3


@pytest.mark.parametrize("value", ["abc", "1,5", "nan", "inf", "0", "-1.2"])
def test_bad_value_quarantines_only_that_cell(tmp_path, value):
    cell = f'"{value}"' if "," in value else value
    sink = ingest(write_zip(tmp_path, f"2020-01-02,{cell},90,N/A,"))

    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("bad-value", "2020-01-02 USD")]
    assert rates(sink) == [("2020-01-02", "JPY", 90.0)]


def test_misaligned_line_and_repeated_date_are_quarantined(tmp_path):
    sink = ingest(write_zip(tmp_path, "2020-01-03,1.5,100,", "2020-01-02,1.25,90,N/A,", "2020-01-02,1.3,91,N/A,"))

    assert sink.quarantine_counts() == {"bad-record": 1, "duplicate-id": 1}
    assert rates(sink) == [("2020-01-02", "USD", 1.25), ("2020-01-02", "JPY", 90.0)]
    assert sink.rows_read == 3


def test_a_file_that_is_not_the_rates_csv_fails_the_source(tmp_path):
    with pytest.raises(ValueError, match="header"):
        ingest(write_zip(tmp_path, "2020-01-02,1.25", header="Day,USD"))


@pytest.mark.real_data
def test_real_rates(real_source):
    sink = ingest(real_source("ecb"))

    assert sink.quarantined == []
    assert sink.rows_read == 7_126  # TARGET days from 1999-01-04 to 2026-10-30
    first_day = {f.currency: f.per_eur for f in sink.fx if f.date == dt.date(1999, 1, 4)}
    assert {"USD", "JPY", "GBP", "CHF", "HKD"} <= first_day.keys()
    assert "CYP" in first_day and "RON" not in first_day  # "N/A" cells are not rows
    assert min(f.date for f in sink.fx) == dt.date(1999, 1, 4)
    assert max(f.date for f in sink.fx) == dt.date(2026, 10, 30)
    assert len({f.currency for f in sink.fx}) == 41
