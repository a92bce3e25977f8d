"""Rules-engine benchmark: time per move over seeded random self-play on real cards (target: apply
at most 2 ms p50).

Run: ``.venv/bin/python bench/engine_moves.py [--catalog state/catalog.duckdb] [--games 100]``.
Decks are a real Leader and 13 cards of its colours x4 (50). Each move is a random legal action
(never a concession). Timed separately: ``apply`` alone (what the rules cost), ``legal_actions``
(with attack previews) and a JSON round trip of the state (what a stateless referee adds per
request). An empty timed call is the baseline.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import duckdb

from generator.catalog.queries import onepiece_cards
from generator.play.api import Deck, GameState, apply, legal_actions, new_game

ROOT = Path(__file__).resolve().parents[1]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalog", default=str(ROOT / "state" / "catalog.duckdb"))
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()
    con = duckdb.connect(args.catalog, read_only=True)
    cards = onepiece_cards(con)
    con.close()
    leaders = sorted(c.card_id for c in cards.values() if c.category == "Leader" and c.life)
    rng = random.Random(20260401)

    def deck() -> Deck:
        leader = cards[rng.choice(leaders)]
        pool = sorted(
            c.card_id
            for c in cards.values()
            if c.category != "Leader" and c.colors and set(c.colors) <= set(leader.colors)
        )
        return Deck(leader=leader.card_id, main=tuple((rng.sample(pool, 13) * 4)[:50]))

    t_apply: list[float] = []
    t_legal: list[float] = []
    t_json: list[float] = []
    t_empty: list[float] = []
    for seed in range(args.games):
        state = new_game(cards, deck(), deck(), seed=seed)
        while state.result is None:
            t0 = time.perf_counter()
            acts = legal_actions(state)
            t1 = time.perf_counter()
            choice = rng.choice([a for a in acts if a.id != "concede"]).id
            t2 = time.perf_counter()
            state, _ = apply(state, choice)
            t3 = time.perf_counter()
            GameState.model_validate(state.model_dump(mode="json"))
            t4 = time.perf_counter()
            t5 = time.perf_counter()
            t_legal.append(t1 - t0)
            t_apply.append(t3 - t2)
            t_json.append(t4 - t3)
            t_empty.append(t5 - t4)
    print(f"{args.games} games, {len(t_apply)} moves")
    for name, xs in (
        ("apply", t_apply),
        ("legal_actions", t_legal),
        ("state JSON round trip", t_json),
        ("empty timed call", t_empty),
    ):
        print(
            f"{name:>22}: p50 {pct(xs, 0.5):.3f} ms  p90 {pct(xs, 0.9):.3f} ms  "
            f"p99 {pct(xs, 0.99):.3f} ms  mean {statistics.fmean(xs) * 1000:.3f} ms"
        )


if __name__ == "__main__":
    main()
