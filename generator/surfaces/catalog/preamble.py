"""The math-mirror preamble shared by every universal document (spec: "Math-mirror preamble").

``@content_hash`` covers what the document *is*: for a card, its identity fields only
(generator.identity); for any other document, its members without the preamble. ``@self_hash``
covers the whole document except itself. Times are ISO 8601 plus Unix epoch seconds.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Any

from generator.hashing import content_hash, self_hash
from generator.web.envelope import iso

PREAMBLE = ("@encoding", "@kind", "@content_hash", "@self_hash", "@retrieved_at", "_note_opaque", "@density")


def moment(value: dt.datetime) -> dict[str, Any]:
    return {"iso8601": iso(value), "unix_epoch_seconds": int(value.timestamp())}


_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_day(text: str) -> dt.date | None:
    """A calendar date written exactly ``YYYY-MM-DD``; anything else (ISO weeks, compact forms) is None."""
    if not _DAY.match(text):
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def day(value: dt.date | None) -> dict[str, Any] | None:
    if value is None:
        return None
    midnight = dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    return {"iso8601": value.isoformat(), "unix_epoch_seconds": int(midnight.timestamp())}


def document(
    encoding: str,
    kind: str,
    members: dict[str, Any],
    retrieved_at: dt.datetime,
    *,
    identity: dict[str, Any] | None = None,
    density: str | None = None,
    note_opaque: Iterable[str] = (),
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "@encoding": encoding,
        "@kind": kind,
        "@content_hash": content_hash(identity if identity is not None else members),
        "@self_hash": "",
        "@retrieved_at": moment(retrieved_at),
    }
    notes = sorted(set(note_opaque))
    if notes:
        doc["_note_opaque"] = notes
    if density:
        doc["@density"] = density
    clash = set(members) & set(PREAMBLE)
    if clash:
        raise ValueError(f"members {sorted(clash)} would overwrite the preamble")
    doc.update(members)
    doc["@self_hash"] = self_hash(doc)
    return doc
