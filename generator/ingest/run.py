"""Run every adapter over its acquired dump and write the catalog; record one run per source.

Runs are appended to ``runs.jsonl`` in the state folder, so coverage history survives rebuilds of
the catalog; the catalog's ``source_runs`` table is loaded from that whole history, and its
``coverage_history`` from the cards each run saw (``generator.ingest.history``). A build run with
``--as-of`` stamps its runs at that moment, so builds of several dates make a history.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import orjson

from generator.catalog.load import CONTENT, write_catalog
from generator.content.retired import MintedRetiredSku, RetiredSkus, load_retired, minted_retired
from generator.ingest import ADAPTERS, Adapter
from generator.ingest.consistency import apply_findings, check_printings
from generator.ingest.fab_pairing import pair_fab_sources
from generator.ingest.history import history_rows, record_cards
from generator.ingest.records import RunRecord, RunStatus
from generator.ingest.sink import Sink
from generator.sources.acquire import CACHE_DIR, Acquired, acquire
from generator.sources.registry import load_registry, source


@dataclass(frozen=True)
class IngestResult:
    catalog: Path
    runs: tuple[RunRecord, ...]  # this ingest's runs, one per source

    @property
    def unavailable(self) -> tuple[str, ...]:
        return tuple(r["source_id"] for r in self.runs if r["status"] == "unavailable")

    def report(self) -> str:
        """One line for a build's summary: the sources that did not run clean, and why."""
        parts = [f"sources ok {sum(1 for r in self.runs if r['status'] == 'ok')}"]
        for status in ("partial", "failed", "unavailable"):
            runs = [r for r in self.runs if r["status"] == status]
            named = ", ".join(f"{r['source_id']} ({_why(r)})" for r in runs)
            parts.append(f"{status} {len(runs)}" + (f": {named}" if named else ""))
        return "; ".join(parts)


def _why(run: RunRecord) -> str:
    if run["status"] == "partial":
        return f"{sum(run['quarantined'].values())} rows quarantined"
    note = run["note"] or "no reason recorded"
    return note if len(note) <= 100 else note[:99] + "…"


def ingest(
    state_dir: Path,
    mirror: Path | None,
    cache_dir: Path = CACHE_DIR,
    adapters: tuple[Adapter, ...] = ADAPTERS,
    log: Callable[[str], object] = print,
    at: dt.datetime | None = None,
    retired: RetiredSkus | None = None,
) -> IngestResult:
    """``at``: when the runs happen (a build's as-of), else the wall clock; ``retired``: the ledger of
    retired SKUs (``content/retired_skus.yaml`` unless given), none of which may be minted."""
    clock = _clock(at)
    specs = load_registry()
    card_sources = {spec.id: spec.game for spec in specs if spec.game != "fx"}  # FX rates hold no cards
    state_dir.mkdir(parents=True, exist_ok=True)
    priority = {spec.id: i for i, spec in enumerate(specs)}
    sinks: list[tuple[Sink, int]] = []
    reads: list[tuple[str, str, dt.datetime, dt.datetime, RunStatus, str | None]] = []
    history = state_dir / "runs.jsonl"
    recorded = sum(1 for line in history.read_bytes().splitlines() if line.strip()) if history.is_file() else 0
    for adapter in adapters:
        spec = source(adapter.source_id)
        started = clock()
        acquired = acquire(spec, mirror, cache_dir)
        sink, status, note = _read(adapter, acquired)
        reads.append((spec.id, acquired.method, started, clock(), status, note))
        if status in ("ok", "partial", "failed"):  # a failed sink holds only its source-failed quarantine row
            sinks.append((sink, priority[spec.id]))
    # One SKU per physical FaB printing across its two sources, before any card is counted: the
    # coverage history's card counts then key fab-cards' cards by the cube's ids too.
    sinks = pair_fab_sources(sinks)
    # A retired SKU is never minted again (docs/sku.md, "Retired SKUs"): stop before anything is written.
    reused = minted_retired(retired or load_retired(CONTENT), _minted(sinks))
    if reused:
        raise MintedRetiredSku("; ".join(reused))
    # Printings of one card agree on their play numbers, or the odd one is withheld: each finding is a
    # quarantine row of its source, so the runs below count them.
    apply_findings(sinks, check_printings(sinks))
    paired = {sink.source_id: sink for sink, _ in sinks}
    runs: list[RunRecord] = []
    for source_id, method, started, finished, status, note in reads:
        sink = paired.get(source_id) or Sink(source_id, source(source_id).game)
        if status == "ok" and sink.quarantined:
            status = "partial"
        run = _run_record(source_id, status, method, started, finished, sink, note, recorded + len(runs))
        if status in ("ok", "partial") and source_id in card_sources:
            run["cards"] = record_cards(state_dir, sink)
        runs.append(run)
        log(_run_line(run))
    with history.open("ab") as handle:
        for run in runs:
            handle.write(orjson.dumps(run) + b"\n")
    all_runs: list[RunRecord] = [orjson.loads(line) for line in history.read_bytes().splitlines() if line.strip()]
    days = history_rows(state_dir, all_runs, card_sources, clock().date())
    catalog = state_dir / "catalog.duckdb"
    write_catalog(catalog, specs, sinks, all_runs, days)
    return IngestResult(catalog, tuple(runs))


def _minted(sinks: list[tuple[Sink, int]]) -> Iterator[tuple[str, str, str]]:
    for sink, _ in sinks:
        for printing in sink.printings:
            yield str(printing.sku), sink.source_id, printing.upstream_id


def _read(adapter: Adapter, acquired: Acquired) -> tuple[Sink, RunStatus, str | None]:
    sink = Sink(acquired.spec.id, acquired.spec.game)
    if acquired.root is None:
        return sink, "unavailable", "; ".join(acquired.attempts) or "no acquisition method"
    try:
        adapter.read(acquired.root, sink)
    except Exception as exc:  # one source failing must never stop the others
        failed = Sink(acquired.spec.id, acquired.spec.game, rows_read=sink.rows_read)
        failed.quarantine("source-failed", None, f"{type(exc).__name__}: {exc}")
        return failed, "failed", f"{type(exc).__name__}: {exc}"
    return sink, ("partial" if sink.quarantined else "ok"), None


def _run_record(
    source_id: str,
    status: RunStatus,
    method: str,
    started: dt.datetime,
    finished: dt.datetime,
    sink: Sink,
    note: str | None,
    sequence: int,
) -> RunRecord:
    """``sequence``: how many runs the history held before this one. The run id is derived from the
    run's inputs and outcome and that place in the history: unique even within a second, and the
    same for the same ingest from the same state, so two builds from empty state with one as-of are
    byte-identical (issue 32)."""
    facts = (source_id, status, method, started.isoformat(), sink.rows_read, sink.rows_written, note, sequence)
    digest = hashlib.sha256(orjson.dumps(facts) + orjson.dumps(sink.quarantine_counts(), option=orjson.OPT_SORT_KEYS))
    run_id = f"{source_id}-{started:%Y%m%dT%H%M%S}-{digest.hexdigest()[:8]}"
    return {
        "run_id": run_id,
        "source_id": source_id,
        "status": status,
        "method": method,
        "started_at": started.isoformat(),
        "finished_at": finished.isoformat(),
        "rows_read": sink.rows_read,
        "rows_written": sink.rows_written if status != "failed" else 0,
        "quarantined": sink.quarantine_counts(),
        "note": note,
    }


def _run_line(run: RunRecord) -> str:
    quarantined = sum(run["quarantined"].values())
    if run["status"] == "unavailable":
        return f"  {run['source_id']:<26} unavailable: {run['note']}"
    tail = f"  ({run['note']})" if run["note"] else ""
    return (
        f"  {run['source_id']:<26} {run['status']:<8} via {run['method']:<7} read {run['rows_read']:>6}  "
        f"written {run['rows_written']:>6}  quarantined {quarantined:>4}{tail}"
    )


def _clock(at: dt.datetime | None) -> Callable[[], dt.datetime]:
    """The runs' clock: stopped at ``at`` (naive UTC, whole seconds) when given, else the wall clock."""
    if at is None:
        return _now
    moment = at.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0)
    return lambda: moment


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0, tzinfo=None)
