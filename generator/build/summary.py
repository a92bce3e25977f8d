"""What a build did, for its one-line report and for ``bench/build.py``: routes, files and bytes
written or reused, statuses, the time of each stage and the CPU of the processes it forked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.render import base_type
from generator.write.carry import Carried
from generator.write.files import FileRecord
from generator.write.manifest import RouteEntry


@dataclass
class BuildSummary:
    routes: int = 0
    files: int = 0
    bytes: int = 0
    reused: int = 0
    carried: int = 0  # routes carried over unrendered: every input they read is unchanged
    seconds: float = 0.0
    statuses: Counter[int] = field(default_factory=Counter)
    sources: str = "sources: not ingested by this build (the catalog was reused)"
    unchanged: bool = False
    phases: dict[str, float] = field(default_factory=dict)  # seconds by stage, for bench/build.py
    routes_by_type: Counter[str] = field(default_factory=Counter)  # media type -> routes (bench/build.py)
    render_seconds: dict[str, float] = field(default_factory=dict)  # media type -> workers' seconds
    carrier: Carried = Carried(None, 0, 0, 0.0)  # folders moved and files linked from the previous build
    side_cpu: float = 0.0  # CPU seconds of the forked helpers (data shards, host files, carrier), not render workers

    def line(self) -> str:
        rate = self.routes / self.seconds if self.seconds else 0
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items()))
        head = "Unchanged inputs: dist/ left as it was" if self.unchanged else "Built"
        size = "" if self.unchanged else f"{self.bytes / 1e6:.1f} MB, "  # a kept build reads no file's size
        return (
            f"{head}: {self.routes:,} routes in {self.files:,} files ({size}"
            f"{self.reused:,} unchanged) in {self.seconds:.1f} s = {rate:,.0f} routes/s; "
            f"statuses {statuses or '-'}; {self.sources}"
        )

    @classmethod
    def kept(cls, previous: Mapping[str, Any], sources: str | None, seconds: float) -> BuildSummary:
        """A build whose inputs' fingerprint equals the previous build's: dist/ kept as it was, nothing
        written. Its files are those the manifest names: each route's with its twins, and the data shards."""
        routes = previous["routes"]
        summary = cls(
            routes=len(routes),
            unchanged=True,
            statuses=Counter(route["status"] for route in routes.values()),
            seconds=seconds,
        )
        summary.sources = sources or summary.sources
        twins = sum(len(route["twins"]) for route in routes.values())
        summary.reused = summary.files = len(routes) + twins + len(previous.get("data_files", {}))
        return summary

    def count(self, record: FileRecord) -> None:
        """A file written (or linked from the previous build), with its twins."""
        self.files += 1 + len(record.twins)
        self.bytes += record.size
        self.reused += record.reused

    def count_carried(self, entries: list[RouteEntry]) -> None:
        """The carried routes, in one pass over their entries (~310,000 in a rebuild)."""
        shapes = Counter((entry["type"], entry["status"], len(entry["twins"])) for entry in entries)
        for (kind, status, twins), routes in shapes.items():
            self.statuses[status] += routes
            self.routes_by_type[base_type(kind)] += routes
            self.files += routes * (1 + twins)
        self.routes += len(entries)
        self.reused += len(entries)
