"""Deck-validator benchmark: p50 over 1,000 decks built from the real catalog (target: 2 ms a deck).

Run: ``.venv/bin/python bench/validator.py [--catalog state/catalog.duckdb] [--decks 1000]``.
Decks are seeded random draws: a real Leader, then 50 cards of its colours (some decks get a stray
off-colour card, a fifth copy or an unknown id, so the failure paths are timed too). Each deck is
timed as the app runs it (parse the body, validate) and alone (validate); the baselines say what the
figures are worth on this machine: an empty timed call and ``orjson.loads`` of the same body.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import date
from pathlib import Path

import duckdb
import orjson

from generator.catalog.queries import onepiece_cards
from generator.play.decks.request import DeckRequest
from generator.play.decks.rules import load_rules
from generator.play.decks.validator import normalise_ref, validate_deck

ROOT = Path(__file__).resolve().parents[1]


def build_decks(cards, n: int, seed: int = 20260401) -> list[bytes]:
    rng = random.Random(seed)
    leaders = sorted(c for c, card in cards.items() if card.category == "Leader")
    others = sorted(c for c, card in cards.items() if card.category != "Leader")
    decks = []
    for i in range(n):
        leader = cards[rng.choice(leaders)]
        pool = [c for c in others if set(cards[c].colors) <= set(leader.colors)]
        deck: list[str] = []
        while len(deck) < 50:
            card_id = rng.choice(pool)
            deck += [card_id] * min(rng.randint(1, 4), 50 - len(deck))
        if i % 5 == 1:
            deck[-1] = rng.choice(others)  # maybe off-colour
        if i % 7 == 2:
            deck[-2] = "OP99-999"  # unknown
        if i % 11 == 3:
            deck[-3] = deck[0] + "_p1"  # an alternate-art extra copy
        fmt = ("standard", "legacy", "limited_sealed")[i % 3]
        decks.append(orjson.dumps({"leader_id": leader.card_id, "main_deck_card_ids": deck, "format": fmt}))
    return decks


def timed(fn, items) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter_ns()
        fn(item)
        out.append((time.perf_counter_ns() - start) / 1e6)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--decks", type=int, default=1000)
    args = parser.parse_args()
    with duckdb.connect(str(args.catalog), read_only=True) as con:
        cards = onepiece_cards(con)
    rules = load_rules()
    bodies = build_decks(cards, args.decks)
    requests = [DeckRequest.model_validate_json(b) for b in bodies]
    day = date(2026, 5, 1)

    for b in bodies[:50]:  # warm caches as a long-running app would be
        validate_deck(DeckRequest.model_validate_json(b), cards, rules, day)
    results = {
        "empty call": timed(lambda b: None, bodies),
        "orjson.loads (baseline)": timed(orjson.loads, bodies),
        "validate_deck": timed(lambda r: validate_deck(r, cards, rules, day), requests),
        "parse + validate": timed(
            lambda b: validate_deck(DeckRequest.model_validate_json(b), cards, rules, day), bodies
        ),
    }
    cold = timed(
        lambda b: (normalise_ref.cache_clear(), validate_deck(DeckRequest.model_validate_json(b), cards, rules, day)),
        bodies[:200],
    )
    base = statistics.median(results["orjson.loads (baseline)"])
    print(
        f"{len(bodies)} decks over {len(cards)} real cards; "
        f"{sum(not validate_deck(r, cards, rules, day).valid for r in requests)} invalid"
    )
    print(f"{'':26}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}{'x json':>9}")
    for name, values in [*results.items(), ("parse + validate, cold", cold)]:
        q = statistics.quantiles(values, n=100)
        p50 = statistics.median(values)
        print(f"{name:26}{p50:9.4f}{q[89]:9.4f}{q[98]:9.4f}{p50 / base:9.1f}")
    p50 = statistics.median(results["parse + validate"])
    print(f"target p50 <= 2 ms: {'met' if p50 <= 2 else 'MISSED'} ({p50:.3f} ms)")


if __name__ == "__main__":
    main()
