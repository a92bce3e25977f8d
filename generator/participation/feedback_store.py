"""The report store behind ``POST /api/v1/feedback`` (issue 32, item 3): durable, append-only, bounded.

Why SQLite (the standard library's ``sqlite3``) in WAL mode with ``synchronous=FULL``, rather than
JSON lines fsync'd by hand: a commit is one atomic append to the write-ahead log, fsync'd before
``append`` returns, so a report the app has acknowledged with its id survives the app being killed
(SIGKILL) or the machine losing power; a write cut off half-way is never seen (there is no torn last
line to repair), and a reader (``build.py feedback list|export``, a second app process) reads a
consistent snapshot while the app writes. Two triggers refuse UPDATE and DELETE, so the table only
grows. The bounds are checked inside the write transaction (``BEGIN IMMEDIATE``), so two processes
sharing one state folder cannot both take the last place.

The store keeps what the body said and when it arrived; nothing of the caller (no address, no
header) is written. The SQL is in ``sql/feedback_*.sql``.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from generator.hashing import HASH_PREFIX, canonical, sha256_hex

FILE_NAME = "feedback.sqlite3"
SQL_DIR = Path(__file__).parent / "sql"
BUSY_MILLISECONDS = 5000  # another process holding the write lock: wait this long, then refuse


def _sql(name: str) -> str:
    return (SQL_DIR / f"feedback_{name}.sql").read_text()


class StoreFull(Exception):
    """The store is at one of its bounds: nothing was written."""


class StoreUnavailable(Exception):
    """The store could not be opened or written (a folder it cannot create, a full disk, a lock held
    past ``BUSY_MILLISECONDS``): nothing was written."""


@dataclass(frozen=True)
class StoredReport:
    id: str  # "fb-<n>", n counting from 1 in the order reports were stored
    received_at: str  # RFC 3339, UTC
    kind: str
    content_hash: str
    document: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "received_at": self.received_at,
            "kind": self.kind,
            "content_hash": self.content_hash,
            "document": self.document,
        }


def report_id(seq: int) -> str:
    return f"fb-{seq}"


def sequence_of(report: str) -> int:
    """``fb-12`` -> 12 (``ValueError`` for anything else)."""
    prefix, _, number = report.partition("-")
    if prefix != "fb" or not number.isdigit():
        raise ValueError(f"{report!r} is not a report id (fb-<n>)")
    return int(number)


class FeedbackStore:
    """One store file in a state folder. The connection is opened on first use, so an app that
    never receives a report creates nothing."""

    def __init__(self, folder: Path, max_reports: int, max_bytes: int):
        self.path = folder / FILE_NAME
        self.max_reports, self.max_bytes = max_reports, max_bytes
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_MILLISECONDS / 1000)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=FULL")  # the WAL is fsync'd at every commit
            connection.executescript(_sql("schema"))
            self._connection = connection
        return self._connection

    def append(self, kind: str, document: dict[str, Any], received_at: dt.datetime) -> StoredReport:
        """Store one report and return it with its id; ``StoreFull`` (nothing written) at a bound.
        When this returns, the report is on disk."""
        encoded = canonical(document)
        text, digest = encoded.decode(), HASH_PREFIX + sha256_hex(encoded)
        stamp = received_at.astimezone(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        try:
            seq = self._insert(stamp, kind, digest, text, len(encoded))
        except (sqlite3.Error, OSError) as failed:
            self.close()  # the next report opens the file afresh
            raise StoreUnavailable(str(failed)) from failed
        return StoredReport(report_id(seq), stamp, kind, digest, document)

    def _insert(self, stamp: str, kind: str, digest: str, text: str, size_of: int) -> int:
        connection = self._connect()
        connection.execute("BEGIN IMMEDIATE")
        try:
            count, size = connection.execute(_sql("totals")).fetchone()
            if count >= self.max_reports or size + size_of > self.max_bytes:
                raise StoreFull(f"the store holds {count} reports, {size} bytes")
            (seq,) = connection.execute(_sql("append"), (stamp, kind, digest, text)).fetchone()
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        return int(seq)

    def reports(self, after: int = 0, kind: str | None = None) -> Iterator[StoredReport]:
        """Every stored report after sequence number ``after``, oldest first (none when no store exists)."""
        if self._connection is None and not self.path.exists():
            return
        for seq, stamp, found, digest, text in self._connect().execute(_sql("list"), (after, kind, kind)):
            yield StoredReport(report_id(seq), stamp, found, digest, orjson.loads(text))

    def integrity(self) -> str:
        """SQLite's own check of the file ("ok" when it is sound)."""
        return str(self._connect().execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None
