"""Where the build's CPU grows with the catalog: the serial steps and the same routes, real vs grown.

A companion to ``bench/grow.py`` (issue 37 item 4), in one process and writing no files: for the
real catalog and one grown N-fold (``generator.catalog.grown``) it measures the CPU seconds of the
parent's serial steps (the snapshot loaded with the cycle collector on, as the build does, and
off; the claims check, collector on; enumerating the routes, collector off: both as in the build)
and the CPU per route of the same sample of routes of every surface with many routes, rendered
and validated over each snapshot in turn (the best of three interleaved passes, after one that
fills the lazy indexes). CPU seconds, so a busy machine disturbs it less than a wall clock; a
ratio near 1 means a route costs the same whatever the catalog's size.

    .venv/bin/python bench/grow_routes.py [--catalog state/catalog.duckdb] [--factor 4] [--sample 150]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import render_context  # noqa: E402
from generator.catalog.grown import grow_catalog  # noqa: E402
from generator.catalog.queries import connect  # noqa: E402
from generator.catalog.snapshot import Snapshot  # noqa: E402
from generator.content import load_content  # noqa: E402
from generator.contract.validation import check_result  # noqa: E402
from generator.platform.export import load_platform, platform_dir  # noqa: E402
from generator.site import load_site  # noqa: E402
from generator.surfaces.discovery.claims import check as check_claims  # noqa: E402
from generator.surfaces.discovery.claims import settled  # noqa: E402
from generator.surfaces.families import surfaces  # noqa: E402
from generator.web.respond import respond  # noqa: E402
from generator.web.surface import Context, Surface  # noqa: E402

AS_OF = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)
MANY = 300  # a surface with this many routes or more is sampled


Routes = dict[str, tuple[Surface, list[dict[str, str]]]]


def prepare(catalog: Path) -> tuple[dict[str, float], Context, Routes]:
    """A build's context over ``catalog``, its routes, and the CPU seconds of the serial steps."""
    site, content = load_site(), load_content()
    registry = surfaces(site)
    found: dict[str, float] = {}
    with connect(catalog) as con:
        gc.disable()
        started = time.process_time()
        Snapshot.from_catalog(con, site.encoding)  # dropped before the next: each load starts alike
        found["snapshot, collector off"] = time.process_time() - started
        gc.enable()
        gc.collect()
        started = time.process_time()
        snapshot = Snapshot.from_catalog(con, site.encoding)  # as the build loads it
        found["snapshot, collector on"] = time.process_time() - started
    platform = load_platform(platform_dir(), lambda sku: snapshot.printing(sku) is not None)
    ctx = render_context(site, snapshot, AS_OF, content, registry, platform)
    started = time.process_time()
    check_claims(ctx)
    found["claims check"] = time.process_time() - started
    ctx = settled(ctx)
    gc.disable()  # the build enumerates, then renders, with the collector off
    started = time.process_time()
    routes = {s.id: (s, list(s.enumerate(ctx))) for s in ctx.surfaces if s.enumerate}
    found["enumerate"] = time.process_time() - started
    gc.enable()
    return found, ctx, routes


def per_route(pair: tuple[tuple[Surface, Context], ...], params: list[dict[str, str]]) -> list[float]:
    """CPU seconds per route over each context, passes interleaved so that both meet the same load:
    the best of three passes after one that fills the lazy indexes."""
    passes: list[list[float]] = [[] for _ in pair]
    for _ in range(4):
        for (surface, ctx), spent in zip(pair, passes, strict=True):
            started = time.process_time()
            for p in params:
                respond(surface, ctx, p, {}, surface.concrete(p), check=check_result)
            spent.append((time.process_time() - started) / len(params))
    return [min(spent[1:]) for spent in passes]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--factor", type=int, default=4)
    parser.add_argument("--sample", type=int, default=150)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-grow-routes-", dir=ROOT.parent) as scratch:
        grown = grow_catalog(args.catalog, Path(scratch) / "catalog.duckdb", args.factor)
        real, real_ctx, real_routes = prepare(args.catalog)
        gc.freeze()  # the real context out of the collector's reach while the grown one loads
        large, large_ctx, large_routes = prepare(grown.path)
    print(f"CPU seconds, real -> {args.factor}x catalog (ratio):")
    for step, was in real.items():
        print(f"  {step}: {was:.2f} -> {large[step]:.2f} s ({large[step] / was:.2f}x)")
    print(f"CPU per route, the same {args.sample} routes of each surface, real -> {args.factor}x (ratio):")
    gc.disable()
    for sid, (surface, params) in real_routes.items():
        if len(params) >= MANY:
            chosen = params[:: max(1, len(params) // args.sample)][: args.sample]
            a, b = per_route(((surface, real_ctx), (large_routes[sid][0], large_ctx)), chosen)
            print(f"  {sid}: {1000 * a:.3f} -> {1000 * b:.3f} ms ({b / a:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
