"""Search latency as the app answers it (target: p50 under 2 ms a query), from a built ``dist/``;
name queries (issue 39: a whole name, one word, four characters) are a row of their own.

Run: ``.venv/bin/python bench/search.py --dist ../bench-dist`` (a finished build; ``build.py build``).
The app's snapshot reads only ``dist/_data`` (the per-game index and the set shards); each query runs
through ``respond`` (resolve, compose, envelope, bytes) exactly as a request does. Queries mix every
shape over the four games: set and number, number alone (the ambiguous ones list hundreds of
matches), full SKUs, and search/everything's composer. The baseline, in the same run, is the
universal card answered by the app for a SKU (one set shard, one document): the ratio says what a
search costs against the app's simplest computed answer on this machine at this moment.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # not bench/: bench/mcp.py would hide the mcp package the app's gate imports

from generator.serve.app import App  # noqa: E402
from generator.web.respond import respond  # noqa: E402


def timed(call, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=ROOT.parent / "bench-dist")
    parser.add_argument("--queries", type=int, default=2000)
    args = parser.parse_args()
    app = App(args.dist)
    ctx = app.context
    by_id = {s.id: s for s in ctx.surfaces}
    rng = random.Random(20261125)
    queries = []
    for game in ctx.snapshot.games():
        entries = ctx.snapshot.index_of_game(game.game)
        for e in rng.sample(entries, 40):
            queries += [
                (game.game, f"{e.set_code} {e.number}"),
                (game.game, f"{e.set_code.upper()}-{e.number}"),
                (game.game, e.number),
                (game.game, e.sku),
            ]
    names = []  # issue 39: a name whole, a word of it, and the first four characters of it
    for game in ctx.snapshot.games():
        for e in rng.sample(ctx.snapshot.index_of_game(game.game), 40):
            names += [(game.game, e.name), (game.game, e.name.split()[-1]), (game.game, e.name[:4])]
    cards = [e.sku for g in ctx.snapshot.games() for e in rng.sample(ctx.snapshot.index_of_game(g.game), 100)]
    for game, _ in queries[:8]:  # warm the per-game index, as the first request after start does
        respond(by_id["search.cards"], ctx, {}, {"game": game, "q": "1"}, "/api/v1/search/cards")

    def run(surface_id: str, picks):
        surface = by_id[surface_id]
        return lambda: [respond(surface, ctx, {}, {"game": g, "q": q}, surface.path) for g, q in picks]

    rounds = max(1, args.queries // len(queries))
    results = {}
    for surface_id in ("search.cards", "search.everything"):
        times = []
        for game, q in queries * rounds:
            times += timed(run(surface_id, [(game, q)]), 1)
        results[surface_id] = times
    by_name = []
    for game, q in names * max(1, args.queries // len(names)):
        by_name += timed(run("search.cards", [(game, q)]), 1)
    results["search.cards by name"] = by_name
    card = by_id["universal.card"]
    base = [
        t
        for sku in cards
        for t in timed(lambda s=sku: respond(card, ctx, {"sku": s}, {}, card.concrete({"sku": s})), 1)
    ]
    base_p50 = statistics.median(base)
    print(f"baseline universal card (app, computed): p50 {base_p50:.3f} ms over {len(base)}")
    for surface_id, times in results.items():
        p50, p95 = statistics.median(times), statistics.quantiles(times, n=20)[18]
        print(
            f"{surface_id}: p50 {p50:.3f} ms, p95 {p95:.3f} ms over {len(times)} queries"
            f" = {p50 / base_p50:.2f}x baseline (target p50 < 2 ms)"
        )


if __name__ == "__main__":
    main()
