"""Adapter for the ECB euro foreign exchange reference rates (``eurofxref-hist.zip``).

The zip holds one CSV: a header ``Date,USD,JPY,...,`` (the trailing comma gives a last column with no
name, so every line also ends with an empty cell), then one line per TARGET day, newest first, each
rate in units of that currency per 1 EUR. Currencies not yet in or already out of the series (CYP,
ROL, HRK...) hold "N/A" on the days they have no rate.

One FX row per (date, currency) with a value: "N/A" and empty cells are absent values, not rows, and
are skipped silently. ``rows_read`` counts data lines, one record per day (the header is not one).

Quarantine reasons:
- ``bad-date``: the date cell is not ``YYYY-MM-DD``; the whole line goes, its rates have no day.
- ``bad-value``: a cell that is not a positive finite number; only that cell goes, because the
  line's other rates are still sound and one garbled currency should not cost a day of all others.
- ``bad-record``: a line whose cell count differs from the header's; its cells cannot be matched
  to currencies, so none of them is trusted.
- ``duplicate-id``: a date seen on an earlier line.
A zip without a CSV, or a CSV whose header does not start with ``Date``, is a different file, not a
bad row: the adapter raises and the run records the source as failed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
import zipfile
from pathlib import Path

from generator.ingest.sink import Sink

ARCHIVE = "eurofxref-hist.zip"
ABSENT = ("", "N/A")


def read(root: Path, sink: Sink) -> None:
    lines = csv.reader(io.StringIO(_csv_text(root / ARCHIVE)))
    header = next(lines, None)
    if not header or header[0].strip() != "Date":
        raise ValueError(f"{ARCHIVE}: the CSV header does not start with Date: {header!r:.80}")
    currencies = [name.strip() for name in header[1:]]
    seen_days: set[dt.date] = set()
    for line in lines:
        if not line:  # a blank line holds no record
            continue
        sink.rows_read += 1
        _read_line(line, currencies, seen_days, sink)


def _csv_text(archive_path: Path) -> str:
    with zipfile.ZipFile(archive_path) as archive:
        members = [name for name in archive.namelist() if name.lower().endswith(".csv")]
        if len(members) != 1:
            raise ValueError(f"{archive_path.name} holds {len(members)} CSV files, expected one")
        return archive.read(members[0]).decode("utf-8-sig")


def _read_line(line: list[str], currencies: list[str], seen_days: set[dt.date], sink: Sink) -> None:
    day_text = line[0].strip()
    if len(line) != len(currencies) + 1:
        sink.quarantine("bad-record", day_text, f"{len(line)} cells, the header has {len(currencies) + 1}")
        return
    try:
        day = dt.date.fromisoformat(day_text)
    except ValueError:
        sink.quarantine("bad-date", day_text, "date is not YYYY-MM-DD")
        return
    if day in seen_days:
        sink.quarantine("duplicate-id", day_text, "date seen on an earlier line")
        return
    seen_days.add(day)
    for currency, cell in zip(currencies, line[1:]):
        value = cell.strip()
        if not currency or value in ABSENT:
            continue
        rate = _rate(value)
        if rate is None:
            sink.quarantine("bad-value", f"{day_text} {currency}", f"rate {value!r} is not a positive number")
        else:
            sink.rate(day, currency, rate)


def _rate(value: str) -> float | None:
    try:
        rate = float(value)
    except ValueError:
        return None
    return rate if math.isfinite(rate) and rate > 0 else None
