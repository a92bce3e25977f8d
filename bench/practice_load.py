"""The practice referee under real load (issue 33), for ``bench/load.py``: the cold start, the example
match replayed against the live referee, and matches played as players would while a reader
probes a file route.

A player here (``player``) deals a level-``level`` match, answers each reply with its first legal
action, and deals again when the game ends; a 503 that carries Retry-After is waited out and the
same request sent again (what the answer asks a client to do); every answer is tallied by status,
error code, whether its body is JSON and whether a 503 had Retry-After. Figures: answers by kind,
each request's latency, the file route's latency from ``serve.latency`` (steady 200 GETs/s), and
the pool's workers' memory (VmRSS) after the run.
"""

from __future__ import annotations

import http.client
import statistics
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import orjson
from serve import PRACTICE, latency

COLD_NEW_TARGET_S = 1.0
WORKER_RSS_TARGET_MIB = 150.0


@dataclass
class Tally:
    answers: Counter[str] = field(default_factory=Counter)  # "200", "503 server_busy +RA", "500 text"...
    seconds: list[float] = field(default_factory=list)
    moves: int = 0  # 200 answers
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, took: float, ok: bool) -> None:
        with self.lock:
            self.answers[kind] += 1
            self.seconds.append(took)
            self.moves += ok

    def bad(self) -> int:
        """Answers the issue rules out: a 5xx other than a 503 with Retry-After, or any non-JSON body."""
        return sum(n for kind, n in self.answers.items() if _bad(kind))


def _bad(kind: str) -> bool:
    status, rest = kind.split(" ", 1) if " " in kind else (kind, "")
    if "text" in rest:
        return True
    return status.startswith("5") and not (status == "503" and rest.endswith("+RA"))


def post(conn: http.client.HTTPConnection, doc: dict[str, Any]) -> tuple[int, dict[str, Any] | None, str, float, str]:
    """(status, JSON body or None, kind for the tally, seconds, Retry-After)."""
    start = time.monotonic()
    conn.request("POST", PRACTICE, orjson.dumps(doc), {"Content-Type": "application/json"})
    response = conn.getresponse()
    raw = response.read()
    took = time.monotonic() - start
    try:
        body = orjson.loads(raw) if response.getheader("Content-Type", "").startswith("application/json") else None
    except orjson.JSONDecodeError:
        body = None
    retry = response.getheader("Retry-After") or ""
    if body is None:
        kind = f"{response.status} text"
    elif response.status == 200:
        kind = "200"
    else:
        kind = f"{response.status} {body['error']['code']}" + (" +RA" if retry else "")
    return response.status, body, kind, took, retry


def player(port: int, seed: int, level: int, stop: threading.Event, tally: Tally) -> None:
    """One player until ``stop``: first legal action each time; a 503 with Retry-After waited out."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    doc: dict[str, Any] = {"op": "new", "level": level, "seed": seed}
    while not stop.is_set():
        try:
            status, body, kind, took, retry = post(conn, doc)
        except (OSError, http.client.HTTPException) as exc:
            tally.add(f"socket error ({type(exc).__name__})", 0.0, False)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            time.sleep(0.5)
            continue
        tally.add(kind, took, status == 200)
        if status == 503 and retry:
            stop.wait(int(retry))
            # a wait past the server's keep-alive (uvicorn: 5 s) finds the connection closed: open a new one
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            continue
        if status != 200 or body is None or body["data"]["result"] is not None:
            seed += 1000
            doc = {"op": "new", "level": level, "seed": seed}
            continue
        game = body["data"]
        action = next(a["id"] for a in game["legal_actions"] if a["id"] != "concede")
        doc = {"op": "move", "state": game["state"], "action_id": action}
    conn.close()


def matches(port: int, count: int, level: int, seconds: int, path: str) -> dict[str, Any]:
    """``count`` players for ``seconds`` while the file route is probed; the tally and the probe."""
    stop, tally = threading.Event(), Tally()
    players = [threading.Thread(target=player, args=(port, i, level, stop, tally), daemon=True) for i in range(count)]
    for thread in players:
        thread.start()
    try:
        probe = latency(port, path, seconds, "identity")
    finally:
        stop.set()
    for thread in players:
        thread.join(70)
    return {"tally": tally, "probe": probe}


def cold_new(port: int, level: int) -> tuple[int, str, float]:
    """The first ``new`` after the app reports ready (it listens once its workers are warm)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    status, _, kind, took, _ = post(conn, {"op": "new", "level": level, "seed": 1})
    conn.close()
    return status, kind, took


def replay_example(port: int) -> tuple[int, int, list[str]]:
    """The example match's intents sent to the live referee: (intents, replies equal but for the
    token, what differed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/api/v1/play/example-match")
    response = conn.getresponse()
    example = orjson.loads(response.read())
    if response.status != 200:
        return 0, 0, [f"example-match answered {response.status}"]
    same, differed = 0, []
    for item in example["data"]["intents"]:
        status, body, kind, _, _ = post(conn, item["intent"])
        reply = body["data"] if body is not None and status == 200 else None
        if reply is not None and {**reply, "state": None} == {**item["reply"], "state": None}:
            same += 1
        else:
            differed.append(f"{item['intent']['op']}: {kind}")
    conn.close()
    return len(example["data"]["intents"]), same, differed


def report(results: dict[int, dict[str, Any]], level: int, seconds: int, p99_target_ms: float) -> list[str]:
    """Lines for each run, and the verdicts."""
    verdicts = []
    for count, run in results.items():
        tally: Tally = run["tally"]
        probe = run["probe"]
        times = sorted(tally.seconds) or [0.0]
        cuts = statistics.quantiles(times, n=100) if len(times) > 1 else [times[0]] * 99
        kinds = ", ".join(f"{kind} x{n}" for kind, n in tally.answers.most_common())
        print(
            f"  {count} level-{level} matches for {seconds} s: {sum(tally.answers.values())} practice answers "
            f"({kinds}); {tally.moves / seconds:.1f} answered moves/s; latency p50 {cuts[49]:.2f} s, "
            f"p95 {cuts[94]:.2f} s, max {times[-1]:.2f} s\n"
            f"    file route meanwhile (steady 200 GETs/s): p50 {probe['p50']:.2f} ms, p99 {probe['p99']:.2f} ms, "
            f"max {probe['max']:.1f} ms ({probe['count']} GETs)"
        )
        bad = tally.bad()
        verdicts.append(
            f"{'PASS' if not bad else 'FAIL'} {count} matches: {bad} answers that are a 5xx other than a 503 with "
            "Retry-After, or not JSON"
        )
        sockets = sum(n for kind, n in tally.answers.items() if kind.startswith("socket error"))
        verdicts.append(f"{'PASS' if not sockets else 'FAIL'} {count} matches: {sockets} requests without an answer")
        verdicts.append(
            f"{'PASS' if probe['p99'] < p99_target_ms else 'FAIL'} {count} matches: file-route p99 "
            f"{probe['p99']:.2f} ms < {p99_target_ms:.0f} ms"
        )
        slowest_refusal = max((t for t in tally.seconds if t > 0), default=0.0)
        if not tally.moves:
            verdicts.append(f"FAIL {count} matches: no move was answered (slowest answer {slowest_refusal:.1f} s)")
    return verdicts


def worker_rss(snapshot: dict[int, tuple[str, int, int]]) -> tuple[list[float], str]:
    """The pool workers' VmRSS (MiB) from ``load.snapshot`` and the verdict."""
    rss = [kib / 1024 for role, kib, _ in snapshot.values() if role == "worker"]
    ok = bool(rss) and max(rss) <= WORKER_RSS_TARGET_MIB
    shown = ", ".join(f"{r:.0f}" for r in sorted(rss)) or "none"
    return rss, f"{'PASS' if ok else 'FAIL'} pool workers' VmRSS {shown} MiB <= {WORKER_RSS_TARGET_MIB:.0f} MiB each"
