"""Build-time contract validation, old path against new, over the same sample of real routes (issue 37).

Renders a deterministic sample of the build's routes (every ``--every``-th of the build's job list,
so each surface counts as often as in a build) from the real catalog in one process, as a render
worker does (``respond``, then the file's digest and compressed twins), and measures each route's
CPU three ways in alternating rounds: with no check, with the previous check (pydantic's validator
over the data, ``validate_python``) and with the current one (``generator.contract.validation``: the
published JSON Schema by jsonschema-rs, pydantic where a model holds an unstated check). Prints the
checks' cost per document and per route, their ratio, each as a share of a route, and whether every
body is the same bytes under both (validation must not change what is written). Never a test.

    .venv/bin/python bench/validation.py [--catalog state/catalog.duckdb] [--every 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import render_context  # noqa: E402
from generator.build.workers import jobs  # noqa: E402
from generator.catalog.queries import connect  # noqa: E402
from generator.catalog.snapshot import Snapshot  # noqa: E402
from generator.content import load_content  # noqa: E402
from generator.contract.examples import answer_key  # noqa: E402
from generator.contract.validation import ContractError, check_result  # noqa: E402
from generator.dependencies import Memoized, recording  # noqa: E402
from generator.platform.export import load_platform, platform_dir  # noqa: E402
from generator.site import load_site  # noqa: E402
from generator.surfaces.discovery.claims import settled  # noqa: E402
from generator.surfaces.families import surfaces  # noqa: E402
from generator.web.conditional import codings_for, compress  # noqa: E402
from generator.web.respond import Check, respond  # noqa: E402
from generator.web.surface import Context, Result, Surface  # noqa: E402

AS_OF = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)  # bench/build.py's


def pydantic_check(surface: Surface, path: str, result: Result) -> None:
    """The check before issue 37: pydantic-core's validator over the plain data, every document."""
    model = surface.model
    if model is None or result.error is not None or result.status != surface.answer_status:
        return
    if result.media_type or result.direct:
        return
    try:
        model.__pydantic_validator__.validate_python(result.data)
    except ValidationError as exc:
        raise ContractError(f"{path} ({surface.id}) breaks {model.__name__}: {exc.errors()[0]['msg']}") from None


def context(catalog: Path) -> Context:
    """The context ``generator.build.build`` renders from."""
    site, registry = load_site(), surfaces(load_site())
    with connect(catalog) as con:
        snapshot = Snapshot.from_catalog(con, site.encoding)
    platform = load_platform(platform_dir(), lambda sku: snapshot.printing(sku) is not None)
    return settled(render_context(site, snapshot, AS_OF, load_content(), registry, platform))


Route = tuple[Surface, dict[str, str], str]


def render_all(ctx: Context, routes: list[Route], check: Check | None) -> tuple[float, list[bytes]]:
    """CPU seconds to render and encode every route as a worker does, and the bodies."""
    bodies = []
    started = time.process_time()
    for surface, params, path in routes:
        rendered = respond(surface, ctx, params, {}, path, check=check)
        for coding in codings_for(rendered.media_type, len(rendered.body)):
            compress(rendered.body, coding)
        bodies.append(rendered.body)
    return time.process_time() - started, bodies


def check_all(results: list[tuple[Surface, str, Result]], check: Check) -> float:
    started = time.process_time()
    for surface, path, result in results:
        check(surface, path, result)
    return time.process_time() - started


def sampled_routes(ctx: Context, every: int) -> list[Route]:
    """Every ``every``-th route of a build's job list, with the memo a build's worker fills: the
    examples and OpenAPI embed the single-route surfaces' answers, which a worker shares through its
    memo (``generator.build.workers._render_chunk``), filled once here, as a build fills it."""
    by_id = {s.id: s for s in ctx.surfaces}
    sampled = [job for chunk in jobs(ctx) for job in chunk][::every]
    assert ctx.memo is not None
    for sid, params, shared in sampled:
        if shared:
            surface = by_id[sid]
            path = surface.concrete(params)
            with recording() as reads:
                rendered = respond(surface, ctx, params, {}, path)
            ctx.memo[answer_key(surface, path, {})] = Memoized(rendered, frozenset(reads))
    return [(by_id[sid], dict(params), by_id[sid].concrete(params)) for sid, params, _ in sampled]


def check_cost(catalog: Path, every: int = 10, rounds: int = 3) -> tuple[int, float, float]:
    """(routes, CPU seconds a route takes unchecked, and with the build's check): every ``every``-th
    route of a build rendered and encoded in this process, once untimed, then the two alternating
    ``rounds`` times.
    ``bench/build.py`` prints it beside its two builds' figures, which are noisier."""
    ctx = context(catalog)
    routes = sampled_routes(ctx, every)
    was_enabled = gc.isenabled()
    gc.disable()  # as the build's workers run
    render_all(ctx, routes, check_result)  # untimed: the first pass makes the printings and templates
    seconds = {"none": 0.0, "schema": 0.0}
    for _ in range(rounds):
        seconds["none"] += render_all(ctx, routes, None)[0]
        seconds["schema"] += render_all(ctx, routes, check_result)[0]
    if was_enabled:
        gc.enable()
    return len(routes), seconds["none"] / rounds / len(routes), seconds["schema"] / rounds / len(routes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--every", type=int, default=10, help="sample every n-th route of the build")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ctx = context(args.catalog)
    routes = sampled_routes(ctx, args.every)
    results = []
    for surface, params, path in routes:
        result = surface.compute(ctx, params, {}) if surface.compute else Result()
        results.append((surface, path, result))
    checks: dict[str, Callable[[Surface, str, Result], None]] = {"pydantic": pydantic_check, "schema": check_result}
    documented = sum(
        1
        for s, _, r in results
        if s.model and r.error is None and r.status == s.answer_status and not (r.media_type or r.direct)
    )
    gc.disable()  # as the build's workers run
    check_seconds = dict.fromkeys(checks, 0.0)
    route_seconds = dict.fromkeys(("none", *checks), 0.0)
    bodies: dict[str, list[bytes]] = {}
    for _ in range(args.rounds):
        for name, check in checks.items():
            check_seconds[name] += check_all(results, check)
        for name, route_check in (("none", None), *checks.items()):
            seconds, bodies[name] = render_all(ctx, routes, route_check)
            route_seconds[name] += seconds
    n, rounds = len(routes), args.rounds
    print(f"{n:,} sampled routes (every {args.every}th of a build), {documented:,} documents checked, {rounds} rounds")
    for name in checks:
        print(f"  {name:8s} check: {1e6 * check_seconds[name] / rounds / documented:6.1f} us a document")
    print(f"  ratio schema/pydantic: {check_seconds['schema'] / check_seconds['pydantic']:.2f}")
    bare = route_seconds["none"] / rounds / n
    print(f"  a route unchecked: {1000 * bare:.3f} ms of CPU (render and encode)")
    for name in checks:
        per_route = route_seconds[name] / rounds / n
        print(f"  a route with the {name:8s} check: {1000 * per_route:.3f} ms = {per_route / bare - 1:+.1%}")
    same = all(a == b for a, b in zip(bodies["pydantic"], bodies["schema"], strict=True))
    print(f"  bodies identical under both checks: {same} ({n:,} routes)")


if __name__ == "__main__":
    main()
