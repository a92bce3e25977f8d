"""Coverage history (spec "Coverage"): what the sources observed, day by day, for up to 90 UTC days.

Each run that read cards (ok or partial) records the set of distinct cards it saw: its sorted,
game-qualified card keys, stored once per distinct set under ``state/run-cards/<sha256>.gz`` (a
source that sees the same cards every night stores one file), named in its run record. From those
sets the ingest derives the ``coverage_history`` rows the surface reads, so the whole-window unions
are exact (a union of sets, never a sum of daily counts, which are non-additive):

- one row per UTC day of the 90 ending on the ingest's day, zero-filled, for every filter the
  surface accepts (all sources, one source, one game, one source of one game): runs that day and
  the distinct cards they saw together;
- one row per window of 7, 30 and 90 days and filter: the runs and the exact distinct-card union.

Files no run of the last 90 days names are removed. Runs recorded before this existed name no set:
they count as runs, but add no cards (the history says from which day sets were recorded).
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path

from generator.ingest.records import CardsSeen, CoverageRow, RunRecord
from generator.ingest.sink import Sink

WINDOWS = (7, 30, 90)
CARDS_DIR = "run-cards"


def record_cards(state_dir: Path, sink: Sink) -> CardsSeen:
    """Store the run's distinct cards (once per distinct set); what its run record names."""
    keys = sorted({f"{p.sku.game}:{p.card_key}" for p in sink.printings})
    body = "\n".join(keys).encode()
    digest = hashlib.sha256(body).hexdigest()
    folder = state_dir / CARDS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{digest}.gz"
    if not target.exists():
        staged = folder / f".{digest}.tmp"
        staged.write_bytes(gzip.compress(body, mtime=0))
        staged.replace(target)
    return {"sha256": digest, "count": len(keys)}


def history_rows(
    state_dir: Path, runs: Iterable[RunRecord], game_of: Mapping[str, str], today: dt.date
) -> list[CoverageRow]:
    """The ``coverage_history`` rows (see the module docstring) from the persisted runs."""
    first = today - dt.timedelta(days=max(WINDOWS) - 1)
    days = [first + dt.timedelta(days=n) for n in range(max(WINDOWS))]
    dated = [(r, _day(r)) for r in runs if r["source_id"] in game_of]  # each run's day, parsed once
    kept = [(r, day) for r, day in dated if first <= day <= today]
    loaded: dict[str, frozenset[str]] = {}
    for run, _ in kept:
        digest = _digest(run)
        if digest and digest not in loaded:
            loaded[digest] = _read_cards(state_dir, digest)
    filters: list[tuple[str | None, str | None]] = [(None, None)] + [(s, None) for s in game_of]
    filters += [(None, g) for g in sorted(set(game_of.values()))] + [(s, g) for s, g in game_of.items()]
    rows: list[CoverageRow] = []
    for source, game in filters:
        by_day: dict[dt.date, list[RunRecord]] = {day: [] for day in days}
        for run, day in kept:
            if source in (None, run["source_id"]) and game in (None, game_of[run["source_id"]]):
                by_day[day].append(run)
        for day in days:
            rows.append(_row(source, game, day, None, by_day[day], loaded))
        for window in WINDOWS:
            start = today - dt.timedelta(days=window - 1)
            in_window = [run for day, runs_that_day in by_day.items() if day >= start for run in runs_that_day]
            rows.append(_row(source, game, None, window, in_window, loaded))
    prune(state_dir, set(loaded))
    return rows


def prune(state_dir: Path, keep: set[str]) -> None:
    for path in (state_dir / CARDS_DIR).glob("*.gz"):
        if path.name.removesuffix(".gz") not in keep:
            path.unlink()


def _row(
    source: str | None,
    game: str | None,
    day: dt.date | None,
    window: int | None,
    runs: list[RunRecord],
    loaded: Mapping[str, frozenset[str]],
) -> CoverageRow:
    cards: set[str] = set()
    for run in runs:
        digest = _digest(run)
        if digest:
            cards |= loaded[digest]
    return {
        "source_id": source,
        "game": game,
        "day": day,
        "window_days": window,
        "runs": len(runs),
        "distinct_cards": len(cards),
    }


def _read_cards(state_dir: Path, digest: str) -> frozenset[str]:
    path = state_dir / CARDS_DIR / f"{digest}.gz"
    if not path.exists():  # a state folder copied without its sets: the run adds no cards
        return frozenset()
    return frozenset(gzip.decompress(path.read_bytes()).decode().splitlines())


def _digest(run: RunRecord) -> str | None:
    """The digest of the cards the run saw; none for a run that names no set."""
    cards = run.get("cards")
    return cards.get("sha256") if cards else None


def _day(run: RunRecord) -> dt.date:
    return dt.datetime.fromisoformat(run["started_at"]).date()
