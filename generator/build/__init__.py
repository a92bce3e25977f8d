"""``build()``: the whole pipeline, read top to bottom like a table of contents.

catalog -> snapshot -> surfaces -> render -> write (files, manifest, host adapters) -> swap.
Rendering runs in forked worker processes (one per core, ``workers``), which render and compress
their share of routes; the parent writes their files (one process creating files, so no contention
for a directory's lock) and collects the manifest entries. Two helpers write folders of their own:
the data shards (``_data/``, while the parent plans) and the host files (``_hosts/`` and Netlify's
two, while it writes the manifest); the catalog's digests are made by a third, beside the data
shards' (``InputDigests``). A rebuild whose input fingerprint equals the previous build's writes
nothing at all; otherwise it renders only the routes whose recorded inputs changed and carries the
rest over (``carrying``; ``generator.write.dependencies``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any

import orjson

from generator.build.carrying import carried_entries, carry_over, split
from generator.build.summary import BuildSummary
from generator.build.workers import RenderedRoute, jobs, rendering, without_cycle_collector
from generator.catalog.digests import CatalogDigests, Passes
from generator.catalog.pagefind_bundle import pagefind_bundle
from generator.catalog.queries import connect
from generator.catalog.snapshot import Derived, Snapshot
from generator.catalog.snapshot_files import snapshot_files
from generator.catalog.static_search import static_records
from generator.content import Content, load_content
from generator.fingerprint import code_digest, fingerprint
from generator.hashing import sha256_hex
from generator.platform.export import Platform, export_digest, load_platform
from generator.platform.export import platform_dir as default_platform_dir
from generator.render import base_type
from generator.site import Site, load_site
from generator.surfaces.discovery.claims import check as check_claims
from generator.surfaces.discovery.claims import settled
from generator.surfaces.families import joy_index, surfaces
from generator.web.envelope import iso
from generator.web.surface import Context, Surface
from generator.write.caddy import caddy_files
from generator.write.dependencies import (
    DEPENDENCIES,
    DependencyRecord,
    InputDigests,
    carried_routes,
    load_dependencies,
)
from generator.write.files import CarryFailed, DistWriter, DoubleWrite, Encoded, FileRecord
from generator.write.forked import Forked, ForkedFailed
from generator.write.manifest import MANIFEST, Manifest, ManifestBuilder, load_manifest, previous_hashes
from generator.write.netlify import netlify_files
from generator.write.nginx import nginx_files

LIBRARIES = ("jinja2", "markupsafe", "orjson", "pydantic", "pydantic-core", "brotli", "markdown-it-py", "pagefind")


@without_cycle_collector()
def build(
    out: Path,
    as_of: dt.datetime,
    catalog: Path,
    sources: str | None = None,
    progress: bool | None = None,
    workers: int | None = None,
    force: bool = False,
    validate: bool = True,
    platform_dir: Path | None = None,
    search_index: bool = False,
) -> BuildSummary:
    """Render every static surface into ``out``. ``force`` re-renders every route even when inputs
    are unchanged (files whose bytes did not change are still hard-linked, not rewritten); without
    it, a route whose recorded inputs did not change is carried over from the previous build. ``validate=False`` skips
    the contract check of each document (only ``bench/build.py`` does, to measure what it costs).
    ``sources``: what the ingest before it says of the sources (``IngestResult.report``).
    ``platform_dir``: the platform export (default ``platform_dir()``: the synthetic sample).
    ``search_index``: also write the static search index (``generator.catalog.pagefind_bundle``).

    The cycle collector is off for the whole build: the snapshot, the previous manifest (a rebuild
    reads millions of objects from it) and the routes' entries make no cycles, and with the
    collector on each full collection walked them all again (the snapshot's load took 4.3x the time
    at 4x the catalog, bench/grow_routes.py; the claims check took 0.21 s of a cold build and 0.71 s
    of a rebuild, 0.04 s with it off; the cold build's plan 1.04 s, 0.44 s). It is switched back on,
    as it was, when the build returns."""
    started = time.perf_counter()
    with connect(catalog) as con, ThreadPoolExecutor(1) as side:
        # The fingerprint is mostly DuckDB hashing the catalog, which runs without the GIL: it
        # overlaps loading the content, reading the previous manifest and loading the snapshot,
        # which an unchanged build then does not use (it is loaded by the time the fingerprint is known).
        fingerprinting = side.submit(fingerprint, con.cursor(), as_of)
        site = load_site()
        content = load_content()  # validated before anything is written: a content error fails here
        registry = surfaces(site)
        export = platform_dir or default_platform_dir()
        previous = load_manifest(out)
        snapshot = Snapshot.from_catalog(con, site.encoding)
        # The base URL can come from the environment (CARDPANTRY_BASE_URL), which no file digest sees.
        inputs = sha256_hex(f"{fingerprinting.result()}\n{export_digest(export)}\n{site.base_url}".encode())
        if previous and not force and previous.get("fingerprint") == inputs:
            return BuildSummary.kept(previous, sources, time.perf_counter() - started)
        asked: dict[str, bool] = {}  # the platform's SKUs and whether the catalog has them: an input too
        platform = load_platform(export, lambda sku: asked.setdefault(sku, snapshot.printing(sku) is not None))
    loaded = time.perf_counter()
    writer = DistWriter(out, dict((previous or {}).get("data_files", {})))
    data: Forked[Data] | None = None
    digesting: Forked[Passes] | None = None
    hosts: list[Forked[list[FileRecord]]] = []
    try:
        # the data shards (_data/) depend on the snapshot alone: written by a process of their own
        # while the parent plans, on the core the plan leaves idle
        data = Forked(lambda: _write_data(writer, snapshot), "data")
        digesting = Forked(partial(_catalog_digests, snapshot, at_once=previous is not None and not force), "digests")
        ctx = render_context(site, snapshot, as_of, content, registry, platform)
        check_claims(ctx)  # an authored claim these facts contradict stops the build, named
        ctx = settled(ctx)  # statuses a probe decides (gaps, missions, handoffs), as the facts say
        indexing = time.perf_counter()
        if search_index:  # its files are routes like any other: rendered by the workers from the context
            ctx = replace(ctx, search_index=pagefind_bundle(static_records(snapshot)))
        indexed = time.perf_counter()
        by_id = {s.id: s for s in registry}
        record = DependencyRecord(_globals(ctx, export_digest(export), asked))
        earlier = None if force or previous is None else load_dependencies(out)
        listed = jobs(ctx)  # while the digests are made
        digests = InputDigests(snapshot, ctx.search_index, digesting.result)
        carry = carried_routes(earlier, record.globals, digests, digests.printings)
        chunks, carried, to_render = split(listed, by_id, carry)
        planned = time.perf_counter()
        manifest = ManifestBuilder(iso(as_of), inputs, site.base_url)
        summary = BuildSummary()
        summary.sources = sources or summary.sources
        show = sys.stderr.isatty() if progress is None else progress
        if carried:  # moved and linked by a process of its own while the rest is rendered
            assert previous is not None and earlier is not None
            carry_over(writer, previous, carried, chunks, by_id)
        writer.previous = previous_hashes(previous, to_render)  # after the carrier forks (it reads none)
        data_files = _data_written(data.result(), writer, snapshot, summary)
        with rendering(ctx, writer, chunks, workers, show, validate) as rendered:
            if carried and previous is not None and earlier is not None:
                summary.count_carried(carried_entries(carried, previous, earlier, writer, manifest, record))
            held = _collect(rendered, by_id, writer, manifest, record, summary)
        rendered_at = time.perf_counter()
        # The manifest, the record and the host files lie where no carrier adopts: they are made and
        # written while it may still be adopting (generator.write.adopt), the files held back after.
        document = manifest.document(registry, data_files)
        beside = writer.outside_adoption()
        hosts = [  # meanwhile:
            Forked(partial(_write_hosts, beside, share), "hosts")
            for share in _host_shares(document, site.deploy.app_origin)
        ]
        recorded = record.document(digests, digests.printings())
        for rel, body in ((DEPENDENCIES, recorded), (MANIFEST, orjson.dumps(document))):
            summary.count(beside.write(rel, body))
        _write_held(writer, held, summary)
        # links beside the carrier while the host files are made: a link is mostly the kernel's
        # waiting on the folder, so the parent's second hand helps even when both cores are busy
        summary.carrier = writer.finish_carrying()
        for share in hosts:
            for written in share.result():
                writer.written_elsewhere(written)
                summary.count(written)
        summary.side_cpu = sum(share.cpu for share in hosts) + summary.carrier.cpu + data.cpu + digesting.cpu
        written_at = time.perf_counter()
        writer.commit()
    except CarryFailed:
        _settle(data, digesting, *hosts)
        writer.abort()
        return build(
            out, as_of, catalog, sources, progress, workers, True, validate, platform_dir, search_index
        )  # a previous file is gone: render every route (force)
    except BaseException:
        _settle(data, digesting, *hosts)  # their files are in the folder about to be removed
        writer.abort()
        raise
    finished = time.perf_counter()
    summary.seconds = finished - started
    summary.carried = len(carried)
    summary.phases = {
        "load": loaded - started,
        "claims": indexing - loaded,  # the authored claims checked and the statuses settled
        "search_index": indexed - indexing,
        "plan": planned - indexed,  # the inputs' digests, every route listed, those to carry over
        "render": rendered_at - planned,
        "finish": written_at - rendered_at,
        "swap": finished - written_at,  # the atomic exchange, and deleting the previous build
    }
    return summary


def render_context(
    site: Site,
    snapshot: Snapshot,
    as_of: dt.datetime,
    content: Content,
    registry: tuple[Surface, ...],
    platform: Platform,
) -> Context:
    """What every route renders from, before the authored claims are checked and the statuses
    settled (``build`` does both; benches that render routes outside a build start here)."""
    return Context(
        site,
        snapshot,
        as_of,
        content,
        joy_index=joy_index(registry),
        as_of=as_of,
        surfaces=registry,
        memo={},
        platform=platform,
    )


def _collect(
    rendered: Iterator[RenderedRoute],
    by_id: Mapping[str, Surface],
    writer: DistWriter,
    manifest: ManifestBuilder,
    record: DependencyRecord,
    summary: BuildSummary,
) -> list[Encoded]:
    """The parent's part of each rendered route, as the workers hand them over: its files written,
    its manifest entry and dependency record made, the summary counted (this loop runs for every
    route, in the process that also writes every file: per-surface facts are looked up once).
    While a rebuild's carrier is still adopting folders (``DistWriter.may_write``), the files are
    held, not waited for: returned, to be written once it has (a few thousand in a rebuild)."""
    kinds = {surface_id: base_type(surface.media_type) for surface_id, surface in by_id.items()}
    statuses, by_type, render_seconds = summary.statuses, summary.routes_by_type, summary.render_seconds
    held: list[Encoded] = []
    for path, surface_id, status, headers, encoded, seconds, keys in rendered:
        if path in manifest.routes:
            raise DoubleWrite(f"{path} rendered twice in one build")
        if writer.may_write():
            if held:  # the carrier has adopted since
                _write_held(writer, held, summary)
                held.clear()
            summary.count(writer.put(encoded))
        else:
            held.append(encoded)
        manifest.add(path, by_id[surface_id], status, headers, encoded)
        record.add(path, keys)
        statuses[status] += 1
        summary.routes += 1
        kind = kinds[surface_id]
        render_seconds[kind] = render_seconds.get(kind, 0.0) + seconds
        by_type[kind] += 1
    return held


def _write_held(writer: DistWriter, held: list[Encoded], summary: BuildSummary) -> None:
    """The rendered files ``_collect`` held while the carrier adopted folders, once it has."""
    writer.ready()
    for file in held:
        summary.count(writer.put(file))


def _host_shares(document: Manifest, app_origin: str) -> tuple[Callable[[], dict[str, bytes]], ...]:
    """Every host adapter's files, in two shares of about equal work (nginx's; Caddy's and
    Netlify's: about 0.7 s of CPU each for the real catalog). They are the last thing a rebuild
    waits for, and one process making them all ran alone at the end, a core idle beside it."""
    return (lambda: nginx_files(document), lambda: caddy_files(document) | netlify_files(document, app_origin))


def _write_hosts(writer: DistWriter, share: Callable[[], dict[str, bytes]]) -> list[FileRecord]:
    """A share of the host files, made from the manifest and written: run in a forked process,
    which writes them itself rather than pickling up to 50 MB back to the parent to write."""
    return [writer.write(rel, body) for rel, body in share().items()]


def _globals(ctx: Context, export: str, platform_skus: Mapping[str, bool]) -> str:
    """The digest of what every route may read beyond its recorded keys: code and authored content,
    the site and its base URL, the platform export and which of its SKUs the catalog has (a record
    of an unknown SKU is quarantined), the as-of, the statuses the facts settled, whether a search
    index is built, and the libraries whose output lands in the files."""
    settled = [gap.model_dump_json() for gap in ctx.content.orientation.gaps]
    settled.append(ctx.content.discovery.ledgers.model_dump_json())
    parts = [
        code_digest(folders=("generator", "content")),
        ctx.site.base_url,
        export,
        orjson.dumps(sorted(platform_skus.items())).decode(),
        iso(ctx.now),
        *settled,
        str(ctx.search_index is not None),
        sys.version,
        zlib.ZLIB_RUNTIME_VERSION,
        *(f"{name} {version(name)}" for name in LIBRARIES),
    ]
    return sha256_hex("\n".join(parts).encode())


def _catalog_digests(snapshot: Snapshot, at_once: bool) -> Passes:
    """The catalog's digests that cost a pass over every printing and card (``InputDigests``), made
    in a forked process beside the data writer from the start of the plan. A rebuild compares them
    in its plan (``at_once``); a cold build writes them in its record at the end, so they are made at
    a lower priority: on the core the plan leaves idle, never ahead of the plan or the data writer
    (at the same priority they lengthened a cold build's plan from 0.39 to 0.71 s)."""
    if not at_once:
        os.nice(10)
    return CatalogDigests(snapshot).passes()


# What the data writer hands back: the files it wrote, and the tables it derived to write them.
Data = tuple[list[FileRecord], Derived]


def _write_data(writer: DistWriter, snapshot: Snapshot) -> Data:
    """The snapshot's files under ``_data/``, written (or linked from the previous build), in a
    forked process (about 0.8 s of CPU for the real catalog, most of it the content-hash index,
    the credits and the shards' JSON)."""
    written = [writer.write(rel, body) for rel, body in snapshot_files(snapshot)]
    return written, snapshot.derived()


def _data_written(data: Data, writer: DistWriter, snapshot: Snapshot, summary: BuildSummary) -> dict[str, str]:
    """The data writer's files, counted and known to the writer; its derived tables adopted, so the
    render workers forked next inherit them. The manifest's ``data_files``: file -> sha256."""
    written, derived = data
    snapshot.adopt(derived)
    for record in written:
        writer.written_elsewhere(record)
        summary.count(record)
    return {record.rel: record.sha256 for record in written}


def _settle(*helpers: Forked[Any] | None) -> None:
    """Wait for the forked helpers of a failing build, whatever they answer (the build's own error
    is the one raised), so none writes into its folder once it is removed."""
    for forked in helpers:
        if forked is not None:
            with contextlib.suppress(ForkedFailed):
                forked.result()
