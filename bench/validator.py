"""Deck-validator benchmark: p50 over 1,000 decks built from the real catalog (target: 2 ms a deck).

Run: ``.venv/bin/python bench/validator.py [--catalog state/catalog.duckdb] [--decks 1000]``.
Decks are seeded random draws: a real Leader, then 50 cards of its colours (some decks get a stray
off-colour card, a fifth copy or an unknown id, so the failure paths are timed too). Each deck is
timed as the app runs it (parse the body, validate) and alone (validate); the baselines say what the
figures are worth on this machine: an empty timed call and ``orjson.loads`` of the same body.

``--hammer DIST`` instead measures the app (issue 34): a file route's req/s and p99 under ``wrk``
(Debian package ``wrk``), alone and while ``--clients`` clients POST the worst deck bodies to the
validator as fast as it answers, in alternating rounds (medians, and the ratio to the unloaded
baseline, all in the same command). The worst bodies: the issue's 1 MB of 80,000 unknown ids, one
reference over the deck cap, and the costliest deck admitted (200 distinct unknown 64-character
references, fresh per body so no memo helps). The app runs as ``build.py serve`` runs it, from
``--app-root`` (default this tree: pass an older checkout for a before figure), pinned by
``bench/serve.py``'s helpers: the app (and its worker processes) on the last core, the load on the
others. Target: the file route keeps its req/s and p99 (ratios near 1.0).
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import os
import random
import re
import statistics
import string
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import date
from pathlib import Path

import duckdb
import orjson

from generator.catalog.queries import onepiece_cards
from generator.play.decks.request import MAX_DECK_CARDS, MAX_REF_CHARS, DeckRequest
from generator.play.decks.rules import load_rules
from generator.play.decks.validator import normalise_ref, validate_deck

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from serve import cores, free_port, pinned, run_wrk, wait_for  # noqa: E402


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
    parser.add_argument("--hammer", type=Path, metavar="DIST", help="measure the app over DIST instead (issue 34)")
    parser.add_argument("--app-root", type=Path, default=ROOT, help="the source tree the app runs from")
    parser.add_argument("--path", default="/api/v1/universal/games", help="the file route under wrk")
    parser.add_argument("--clients", type=int, default=4, help="clients sending the worst bodies")
    parser.add_argument("--seconds", type=int, default=8, help="per round and phase")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.hammer is not None:
        run_hammer(args)
        return
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


# ------------------------------------------------------------------ the hammer (issue 34)

VALIDATE = "/api/v1/play/deck/validate"
REF_ALPHABET = string.ascii_uppercase + string.digits


def worst_bodies(rng: random.Random, distinct: int = 40) -> dict[str, list[bytes]]:
    """The bodies that cost the validator most, by kind: the issue's 1 MB of 80,000 unknown ids (under
    the 1 MiB a deck body could be before issue 34), one reference over the deck cap, and the costliest
    deck accepted (200 distinct unknown references of 64 characters, each listed back; fresh ones per
    body so no memo helps)."""

    def deck(refs: list[str]) -> bytes:
        return orjson.dumps({"leader_id": "OP01-001", "main_deck_card_ids": refs, "format": "limited_sealed"})

    def ref() -> str:
        return "OP" + "".join(rng.choices(REF_ALPHABET, k=MAX_REF_CHARS - 2))

    return {
        "1 MB, 80,000 unknown ids": [deck([f"U{i:05d}-9" for i in range(80_000)])],  # under the old 1 MiB
        f"{MAX_DECK_CARDS + 1} references (over the cap)": [deck([ref() for _ in range(MAX_DECK_CARDS + 1)])],
        f"{MAX_DECK_CARDS} unknown {MAX_REF_CHARS}-character references": [
            deck([ref() for _ in range(MAX_DECK_CARDS)]) for _ in range(distinct)
        ],
    }


def hammer(port: int, bodies: list[bytes], stop: threading.Event, seen: list[tuple[int, float]]) -> None:
    """One client POSTing ``bodies`` in turn on one keep-alive connection, as fast as they are answered."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for body in itertools.cycle(bodies):
        if stop.is_set():
            break
        start = time.monotonic()
        conn.request("POST", VALIDATE, body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        seen.append((response.status, (time.monotonic() - start) * 1000))
        if response.will_close:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.close()


def to_ms(wrk_time: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", wrk_time).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_hammer(args: argparse.Namespace) -> None:
    """The file route under wrk alone and while ``args.clients`` clients send the worst bodies, in
    alternating rounds (medians reported), on the app as ``build.py serve`` runs it."""
    dist = args.hammer.resolve()
    server_cpus, load_cpus = cores()
    port = free_port()
    kinds = worst_bodies(random.Random(34))
    groups = list(kinds.values())
    bodies = [group[i % len(group)] for i in range(len(groups[-1])) for group in groups]  # the kinds in turn
    app = start(args.app_root.resolve(), dist, port, server_cpus)
    rounds: dict[str, list[dict]] = {"alone": [], "hammered": []}
    seen: list[tuple[int, float]] = []
    try:
        wait_for(port, app, "the app")
        for name, group in kinds.items():  # each kind answered once (and the worker pool started)
            status = post(port, group[0])
            print(f"  {name}: {len(group[0]):,} bytes -> {status}")
        for round_ in range(args.rounds):
            for phase in ("alone", "hammered") if round_ % 2 == 0 else ("hammered", "alone"):
                stop = threading.Event()
                clients = [
                    threading.Thread(target=hammer, args=(port, bodies[i:] + bodies[:i], stop, seen), daemon=True)
                    for i in range(args.clients if phase == "hammered" else 0)
                ]
                for client in clients:
                    client.start()
                rounds[phase].append(run_wrk(port, args.path, args.seconds, 32, 1, "identity", load_cpus))
                stop.set()
                for client in clients:
                    client.join()
    finally:
        app.terminate()
        app.wait()
    report(args, rounds, seen)


def start(root: Path, dist: Path, port: int, cpus: set[int] | None) -> subprocess.Popen:
    """The app as ``build.py serve`` runs it (uvicorn, its worker pool, the development referee key),
    from the source tree ``root``."""
    command = [sys.executable, str(root / "build.py"), "serve", "--dist", str(dist), "--port", str(port)]
    return subprocess.Popen(
        [*command, "--dev-referee-key"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.DEVNULL,
        preexec_fn=pinned(cpus),
    )


def post(port: int, body: bytes) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", VALIDATE, body, {"Content-Type": "application/json"})
    status = conn.getresponse().status
    conn.close()
    return status


def report(args: argparse.Namespace, rounds: dict[str, list[dict]], seen: list[tuple[int, float]]) -> None:
    print(
        f"GET {args.path}: wrk 32 connections, {args.rounds} alternating rounds of {args.seconds} s alone and while "
        f"{args.clients} clients POST the worst deck bodies to {VALIDATE}"
    )
    medians = {}
    for phase, runs in rounds.items():
        rps = statistics.median(r["rps"] for r in runs)
        p99 = statistics.median(to_ms(r["p99"]) for r in runs)
        medians[phase] = (rps, p99)
        listed = ", ".join(f"{r['rps']:,.0f}/{r['p99']}" for r in runs)
        print(f"  {phase:<9} median {rps:>9,.0f} req/s, p99 {p99:7.2f} ms (rounds, req/s/p99: {listed})")
    (alone_rps, alone_p99), (ham_rps, ham_p99) = medians["alone"], medians["hammered"]
    print(f"  hammered/alone: req/s {ham_rps / alone_rps:.2f}x, p99 {ham_p99 / alone_p99:.2f}x")
    statuses = Counter(status for status, _ in seen)
    cuts = statistics.quantiles([ms for _, ms in seen], n=100) if len(seen) > 1 else [0.0] * 99
    counted = ", ".join(f"{n:,} x {status}" for status, n in sorted(statuses.items()))
    print(f"  validator meanwhile: {len(seen):,} answers ({counted}), p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms")


if __name__ == "__main__":
    main()
