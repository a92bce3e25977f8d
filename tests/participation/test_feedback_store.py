"""The report store and the rate window (generator.participation): durable settings, append-only,
bounded, and a per-client window that says how long to wait."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from generator.participation import feedback as channel
from generator.participation.feedback_store import FILE_NAME, FeedbackStore, StoreFull, sequence_of

NOW = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC)


def test_reports_are_kept_in_order_across_openings(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path, max_reports=10, max_bytes=1 << 20)
    first = store.append("general", {"kind": "general", "message": "one"}, NOW)
    second = store.append("contract-drift", {"kind": "contract-drift", "message": "two"}, NOW)
    assert (first.id, second.id) == ("fb-1", "fb-2") and first.received_at == "2026-12-01T09:30:00Z"
    store.close()
    again = FeedbackStore(tmp_path, max_reports=10, max_bytes=1 << 20)
    assert [r.id for r in again.reports()] == ["fb-1", "fb-2"]
    assert [r.document["message"] for r in again.reports(kind="contract-drift")] == ["two"]
    assert [r.id for r in again.reports(after=sequence_of("fb-1"))] == ["fb-2"]


def test_the_store_is_durable_and_append_only(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path, max_reports=10, max_bytes=1 << 20)
    store.append("general", {"kind": "general", "message": "kept"}, NOW)
    con = store._connect()
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL: the WAL is fsync'd at each commit
    other = sqlite3.connect(tmp_path / FILE_NAME)
    for statement in ("UPDATE reports SET kind = 'x'", "DELETE FROM reports"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            other.execute(statement)
    assert [r.document["message"] for r in store.reports()] == ["kept"] and store.integrity() == "ok"


@pytest.mark.parametrize(("max_reports", "max_bytes"), [(2, 1 << 20), (100, 110)])
def test_a_bound_refuses_and_writes_nothing(tmp_path: Path, max_reports: int, max_bytes: int) -> None:
    store = FeedbackStore(tmp_path, max_reports=max_reports, max_bytes=max_bytes)
    document = {"kind": "general", "message": "x" * 20}  # 51 bytes of canonical JSON: two fit in 110
    store.append("general", document, NOW)
    store.append("general", document, NOW)
    with pytest.raises(StoreFull):
        store.append("general", document, NOW)
    assert len(list(store.reports())) == 2


def test_reading_a_folder_without_a_store_creates_nothing(tmp_path: Path) -> None:
    assert list(FeedbackStore(tmp_path, 1, 1024).reports()) == []
    assert not (tmp_path / FILE_NAME).exists()


def test_the_rate_window_counts_per_client_and_says_how_long_to_wait() -> None:
    now = [1000.0]
    window = channel.RateWindow(2, clock=lambda: now[0])
    for _ in range(2):
        assert window.wait("a") == 0
        window.note("a")
        now[0] += 10
    assert window.wait("a") == 40 and window.wait("b") == 0  # the first event leaves at 1060
    now[0] = 1060.5
    assert window.wait("a") == 0


def test_the_rate_window_forgets_the_longest_quiet_client_first(monkeypatch) -> None:
    monkeypatch.setattr(channel, "MAX_CLIENTS", 3)
    window = channel.RateWindow(1, clock=lambda: 0.0)
    for client in "abcd":
        window.note(client)
    assert list(window.events) == ["b", "c", "d"] and window.wait("a") == 0 and window.wait("d") == 60
