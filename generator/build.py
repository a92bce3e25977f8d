"""``build()``: the whole pipeline, read top to bottom like a table of contents.

ingest -> catalog -> snapshot -> surfaces -> render -> write (files, manifest, host adapters) -> swap.
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from generator.catalog.queries import connect
from generator.catalog.snapshot import Snapshot, snapshot_files
from generator.envelope import iso
from generator.site import load_site
from generator.surfaces import SURFACES
from generator.surfaces.registry import Context
from generator.surfaces.respond import respond
from generator.write.files import DistWriter, file_for
from generator.write.manifest import MANIFEST, ManifestBuilder, previous_hashes
from generator.write.nginx import NGINX_CONF, nginx_config


@dataclass
class BuildSummary:
    routes: int = 0
    files: int = 0
    bytes: int = 0
    reused: int = 0
    seconds: float = 0.0
    statuses: Counter = field(default_factory=Counter)
    unavailable: tuple[str, ...] = ()

    def line(self) -> str:
        rate = self.routes / self.seconds if self.seconds else 0
        statuses = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items()))
        return (f"Built {self.routes:,} routes in {self.files:,} files ({self.bytes / 1e6:.1f} MB, "
                f"{self.reused:,} unchanged) in {self.seconds:.1f} s = {rate:,.0f} routes/s; "
                f"statuses {statuses}; sources unavailable: {', '.join(self.unavailable) or 'none'}")


def build(out: Path, as_of: dt.datetime, catalog: Path, unavailable: tuple[str, ...] = (),
          progress: bool | None = None) -> BuildSummary:
    started = time.perf_counter()
    site = load_site()
    with connect(catalog) as con:
        snapshot = Snapshot.from_catalog(con, site.encoding)
    ctx = Context(site, snapshot, as_of, joy_index=sum(1 for s in SURFACES if s.family == "G"))
    writer = DistWriter(out, previous_hashes(out))
    manifest = ManifestBuilder(iso(as_of))
    summary = BuildSummary(unavailable=unavailable)
    show = sys.stderr.isatty() if progress is None else progress
    try:
        for surface in SURFACES:
            for params in surface.enumerate(ctx) if surface.static else ():
                path = surface.concrete(params)
                rendered = respond(surface, ctx, params, {}, path)
                record = writer.write(file_for(path, rendered.media_type), rendered.body)
                manifest.add(path, surface, rendered, record)
                summary.statuses[rendered.status] += 1
                _count(summary, record)
                summary.routes += 1
                if show and summary.routes % 2000 == 0:
                    print(f"\r  {summary.routes:,} routes ({surface.id})", end="", file=sys.stderr, flush=True)
        data_files = {}
        for rel, body in snapshot_files(snapshot):
            record = writer.write(rel, body)
            data_files[rel] = record.sha256
            _count(summary, record)
        writer.write(NGINX_CONF, nginx_config(manifest.routes, SURFACES))
        writer.write(MANIFEST, manifest.to_bytes(SURFACES, data_files))
        summary.files += 2
        writer.commit()
    except BaseException:
        writer.abort()
        raise
    if show:
        print("\r", end="", file=sys.stderr)
    summary.seconds = time.perf_counter() - started
    return summary


def _count(summary: BuildSummary, record) -> None:
    summary.files += 1 + len(record.twins)
    summary.bytes += record.size
    summary.reused += record.reused
