"""The render workers: every static route listed in chunks, rendered and encoded in forked
processes that share the build's snapshot, and handed back to the parent, which writes."""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from generator.contract.examples import answer_key
from generator.contract.validation import check_result
from generator.dependencies import Memoized, recording
from generator.web.respond import Check, respond
from generator.web.surface import Context, Surface
from generator.write.files import DistWriter, Encoded, file_for
from generator.write.manifest import route_headers

CHUNK = 1500

# (surface id, path parameters, whether later routes of its chunk reuse the answer)
Job = tuple[str, Mapping[str, str], bool]

# A rendered route as a worker hands it to the parent: (path, surface id, status, its headers as the
# manifest stores them (``route_headers``), the encoded file, the seconds it took, the keys of the
# inputs it read).
RenderedRoute = tuple[str, str, int, tuple[bytes, str, str], Encoded, float, tuple[str, ...]]

# What forked render workers inherit: (context, writer, surfaces by id). Set only while rendering.
_WORKER: tuple[Context, DistWriter, dict[str, Surface], Check | None] | None = None


def _render_chunk(chunk: list[Job]) -> list[RenderedRoute]:
    """A worker's share: render and encode (digest, compressed twins), each route's seconds measured
    (bench/build.py reports HTML routes alone; a worker does no I/O here, so this is its CPU time,
    read from a clock 14x cheaper than the process CPU clock); the parent writes."""
    assert _WORKER is not None, "render workers are forked by rendering()"
    ctx, writer, by_id, check = _WORKER
    rendered_chunk: list[RenderedRoute] = []
    for surface_id, params, shared in chunk:
        began = time.perf_counter()
        surface = by_id[surface_id]
        path = surface.concrete(params)
        with recording(None if shared else _own_sku(params, path)) as reads:
            rendered = respond(surface, ctx, params, {}, path, check=check)
        if shared and ctx.memo is not None:
            ctx.memo[answer_key(surface, path, {})] = Memoized(rendered, frozenset(reads))
        rel = file_for(path, rendered.media_type)
        encoded = writer.encode(rel, rendered.body, rendered.media_type, rendered.sha256)
        headers = route_headers(path, rendered.headers)
        keys = tuple(sorted(reads))
        rendered_chunk.append((path, surface_id, rendered.status, headers, encoded, time.perf_counter() - began, keys))
    return rendered_chunk


def _own_sku(params: Mapping[str, str], path: str) -> str | None:
    """The route's own SKU, whose printing it records as ``OWN_PRINTING``: its ``sku`` parameter
    when that is a whole segment of its path, which is how a rebuild finds it again
    (``generator.write.dependencies.carried_routes``). A route whose answer others reuse (``shared``)
    records none: for them, "own" would name another printing."""
    sku = params.get("sku")
    return sku if sku and sku in path.split("/") else None


@contextmanager
def without_cycle_collector() -> Iterator[None]:
    """A build (``build`` is decorated with it) allocates a dozen dicts per route and frees them by
    reference counting; it makes no reference cycles. Left on, the cycle collector still ran over
    the growing manifest and the printings each worker has made, about 8% of a build's CPU (perf).
    Forked workers inherit it off; it is switched back on (as it was) when the block ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def rendering(
    ctx: Context,
    writer: DistWriter,
    chunks: list[list[Job]],
    workers: int | None,
    show: bool,
    validate: bool = True,
) -> Iterator[Iterator[RenderedRoute]]:
    """Start rendering the routes of ``chunks`` in forked workers (they share the snapshot), and
    yield an iterator of the rendered routes, so the parent can work while they do."""
    global _WORKER
    _WORKER = (ctx, writer, {s.id: s for s in ctx.surfaces}, check_result if validate else None)
    count = workers or os.cpu_count() or 1
    pool = None
    if count > 1 and len(chunks) > 1:
        # Move every live object out of the collector's reach before forking: otherwise each
        # worker's GC walks the shared snapshot and copy-on-write duplicates it page by page.
        gc.freeze()
        pool = multiprocessing.get_context("fork").Pool(count)
    results = pool.imap(_render_chunk, chunks) if pool else map(_render_chunk, chunks)

    def routes() -> Iterator[RenderedRoute]:
        for done, chunk in enumerate(results, 1):
            yield from chunk
            if show and done % 20 == 0:
                print(f"\r  rendering: {done}/{len(chunks)} chunks", end="", file=sys.stderr, flush=True)

    try:
        yield routes()
    finally:
        if pool is not None:
            pool.close()
            pool.join()
            gc.unfreeze()
        _WORKER = None
        if show:
            print("\r", end="", file=sys.stderr)


def jobs(ctx: Context) -> list[list[Job]]:
    """Surfaces with few routes first, one route per chunk: some are costly (the example match plays
    a whole game), and handing them out first keeps both workers busy to the end.

    The OpenAPI document and the examples embed the answers to every surface's example request,
    which for a surface with a single route is that route: those routes and the contract's
    documents render in one chunk, in that order, sharing each answer (``Context.memo``), so the
    recorded match and the effect grammar are computed once per build, not three times."""
    by_surface = [[(s.id, params, False) for params in s.enumerate(ctx)] for s in ctx.surfaces if s.enumerate]
    by_surface.sort(key=len)
    contract = [jobs for jobs in by_surface if jobs and jobs[0][0].startswith("contract.")]
    single = [jobs for jobs in by_surface if len(jobs) == 1 and jobs not in contract]
    shared = [(sid, params, True) for jobs in single + contract for sid, params, _ in jobs]
    rest = [jobs for jobs in by_surface if jobs not in contract and jobs not in single]
    small = [[job] for jobs in rest if len(jobs) < CHUNK for job in jobs]
    large = [job for jobs in rest if len(jobs) >= CHUNK for job in jobs]
    return [shared] + small + [large[i : i + CHUNK] for i in range(0, len(large), CHUNK)]
