"""Bounded load test of the app: wrk on a file route and on every POST, the file route while
practice matches are played, and the app's memory across 10,000 practice moves (issue 19).

Run: ``.venv/bin/python bench/load.py [--dist dist] [--seconds 30] [--connections 50] [--moves 10000]
[--matches 20] [--level 4] [--referee-matches 20,40] [--referee-seconds 60] [--shared-cores]
[--quick]``. ``--quick`` shrinks every figure (2 s a target, 4 matches, 300 moves) for a smoke run
of about a minute; its figures say nothing. A full run takes about 20 minutes. Nothing here runs
in the tests.

The app runs as ``build.py serve`` runs it (uvicorn, one process, development referee key; the
practice referee's moves in its worker processes), started and pinned by ``bench/serve.py``'s
helpers: on two or more cores the app (and so its workers) gets the last core, the load generator
the others. Phases:

1. Load. ``wrk`` (Debian package ``wrk``), ``--connections`` connections for ``--seconds`` each, on
   the file route ``--path`` and on every POST operation of the registry
   (``generator.surfaces.families.surfaces``; ``clock.echo`` answers any method, POST included),
   each with one valid body (the examples of README.md, docs/examples/ and the tests; a
   ``{param}`` of a path takes a real value from ``dist/_routes.json``), plus the practice
   referee's ``move`` (the same sealed state and action again and again: the referee keeps
   nothing). A generated Lua script per target counts every answer's status. Reported: req/s,
   p50/p99 latency, wrk's non-2xx/3xx count, how many of those are the operation's documented
   status (a paused door's 503, the 402 of buy-the-kingdom: *expected*, not errors), socket
   errors (connect, read, write, timeouts past 10 s) and *errors*: socket errors plus any answer
   whose status is not the documented one. Each body is tried once before any load: a body that
   does not get its documented status stops the run.
2. Matches. The file route again, while ``--matches`` practice clients play level ``--level``
   (``serve.play``: each answers with its first legal action, a new game when one ends; as in
   ``serve.with_matches``, except that a move the app refuses, e.g. a 503 over the referee's
   10 s budget, is counted and that client deals again rather than ending the run): under
   ``serve.latency``'s steady 200 GETs/s probe alone and during the matches (a reader's view: the
   referee's workers get their CPU, as in ``bench/serve.py``), then under wrk during the matches
   (the issue's setup; wrk saturates the app's core, which the workers share, so the matches
   mostly stall: the moves answered and refused meanwhile are printed beside each figure).
   Target: the file route's p99 stays under 10 ms during the matches; a verdict for each load.
   After each run that queued work in the referee's pool (a practice target, the matches) one
   more practice request is sent and awaited, so that work does not load the next run.
3. Memory. VmRSS (and RssAnon, the part no file backs) of the app process and of every process
   under it (the referee's pool workers, multiprocessing's resource tracker), read from
   ``/proc/<pid>/status``: after ``--warmup-moves`` practice moves (so the pool's workers, the
   AI's caches and the allocator's arenas exist before the first reading), then after
   ``--moves`` more, played over HTTP by ``--clients`` clients of levels ``--rss-levels``
   (``serve.play``, a new game when one ends), capped at 30 minutes.

First, before any other request (issue 33): the cold start, how long after it was started the
app listened (it does once its practice workers are warm) and how long the first ``new`` of level
``--level`` then took (target < 1 s); and the example match (``/api/v1/play/example-match``) replayed
intent by intent against the live referee, whose replies must be the recorded ones but for the token.

4. The practice referee under real load (issue 33; ``practice_load``): for each count of
   ``--referee-matches``, that many players of level ``--level`` for ``--referee-seconds`` while the
   steady probe reads the file route. A 503 with Retry-After is waited out and the request sent
   again, as a client should. Targets: no answer that is a 5xx other than the documented 503 with
   Retry-After, none that is not JSON, the file route's p99 under 10 ms; and each pool worker's
   VmRSS at most 150 MiB afterwards. ``--shared-cores`` runs the app unpinned (its pool then has a
   worker per core of the machine; pinned to one core, it has one).

The memory bound: the total over the app and its children grows by at most 32 MiB, or 3% of its
first reading if that is larger (a bigger catalog makes bigger processes). Why: the app keeps
nothing between requests (a practice game lives in its sealed token), so what 10,000 moves may
add is allocator slack, not data: CPython's arenas and glibc's heaps go back to the system only
when wholly free, so which requests were in flight when a reading is taken moves each process
by a MiB or two (2,000 moves after the warm-up measured +2.6 MiB in all on the real catalog,
about 1.1 GiB in all: the app ~355 MiB, each of two workers ~358 MiB, the tracker ~13 MiB).
32 MiB over 10,000 moves is 3.3 KiB a move, about half of one sealed game state (~6 KB; a whole
answer is ~11 KB): a leak that keeps anything per move of that size (an unbounded cache of states, answers or games)
fails, allocator noise does not. A worker replaced during the phase (a move over its 10 s
budget) restarts that worker's memory: the run says so, and the figure is then a floor.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(BENCH), str(ROOT)]

from practice_load import COLD_NEW_TARGET_S, cold_new, replay_example, worker_rss  # noqa: E402
from practice_load import matches as referee_matches  # noqa: E402
from practice_load import report as referee_report  # noqa: E402
from serve import (  # noqa: E402
    LATENCY_RATE,
    MATCH_P99_TARGET_MS,
    PRACTICE,
    cores,
    free_port,
    latency,
    pinned,
    play,
    start_app,
    wait_for,
)

from generator.site import load_site  # noqa: E402
from generator.surfaces.families import surfaces  # noqa: E402
from generator.web.surface import Surface  # noqa: E402
from generator.write.manifest import MANIFEST  # noqa: E402

GROWTH_FLOOR_MIB = 32.0  # the RSS growth allowed over --moves moves...
GROWTH_FRACTION = 0.03  # ...or this share of the first reading, whichever is larger
WRK_TIMEOUT = "10s"  # the referee's move budget: a slower answer is an error, not a missing sample
RSS_DEADLINE_SECONDS = 1800
MIB = 1024  # KiB in a MiB (/proc reports KiB)
SEEN_HASH = "ab" * 32  # a content hash the participation echoes are told about (any 64 hex)


@dataclass(frozen=True)
class Target:
    name: str  # the surface id (and the variant)
    method: str
    path: str
    body: bytes | None
    expected: int  # the status of the operation's documented answer
    offload: bool = False  # answered in the referee's worker processes


# --- wrk ---------------------------------------------------------------------------------------

LUA_COUNTING = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f\\n", summary.requests,
    summary.duration, e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50),
    latency:percentile(99), latency.max))
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do io.write(string.format("STATUS %d %d\\n", code, n)) end
  end
end
"""


def lua_string(data: bytes) -> str:
    """A Lua string literal of ``data``, every byte outside printable ASCII (and quote, backslash)
    as a three-digit decimal escape."""
    return '"' + "".join(chr(c) if 32 <= c < 127 and c not in (34, 92) else f"\\{c:03d}" for c in data) + '"'


def wrk_script(target: Target) -> str:
    lines = [f"wrk.method = {lua_string(target.method.encode())}"]
    if target.body is not None:
        lines.append(f"wrk.body = {lua_string(target.body)}")
        lines.append('wrk.headers["Content-Type"] = "application/json"')
    lines.append('wrk.headers["Accept-Encoding"] = "identity"')
    return "\n".join(lines) + LUA_COUNTING


def run_wrk(port: int, target: Target, seconds: int, connections: int, threads: int, cpus: set[int] | None) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", prefix="cardpantry-load-") as script:
        script.write(wrk_script(target))
        script.flush()
        out = subprocess.run(
            ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", WRK_TIMEOUT, "-s", script.name]
            + [f"http://127.0.0.1:{port}{target.path}"],
            capture_output=True,
            text=True,
            check=True,
            preexec_fn=pinned(cpus),
        ).stdout
    found = re.search(r"^RESULT (.*)$", out, re.M)
    if found is None:
        sys.exit(f"wrk printed no result for {target.name}:\n{out}")
    requests, duration, connect, read, write, status, timeout, p50, p99, most = (int(v) for v in found[1].split())
    statuses: dict[int, int] = {}
    for code, count in re.findall(r"^STATUS (\d+) (\d+)$", out, re.M):
        statuses[int(code)] = statuses.get(int(code), 0) + int(count)
    socket_errors = connect + read + write + timeout
    return {
        "rps": requests / (duration / 1e6),
        "requests": requests,
        "p50": p50 / 1000,
        "p99": p99 / 1000,
        "max": most / 1000,
        "non2xx": status,  # wrk's "Non-2xx or 3xx responses"
        "expected": sum(n for code, n in statuses.items() if code == target.expected and code >= 400),
        "socket": socket_errors,
        "errors": socket_errors + sum(n for code, n in statuses.items() if code != target.expected),
        "statuses": statuses,
    }


# --- targets -----------------------------------------------------------------------------------


def request(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body, headers)
    response = conn.getresponse()
    answer = response.read()
    conn.close()
    return response.status, answer


def data_of(port: int, method: str, path: str, body: Any = None) -> Any:
    status, answer = request(port, method, path, None if body is None else orjson.dumps(body))
    if status != 200:
        sys.exit(f"{method} {path} answered {status}: {answer[:300]!r}")
    return orjson.loads(answer)["data"]


def post_bodies(port: int, skus: list[str], content_hash: str) -> dict[str, Any]:
    """One valid body per POST operation, by surface id (bytes as they are, anything else as JSON)."""
    ann = {"recognizer_id": "ann", "recognized_id": "bob", "reason": "helped with a deck"}
    receipt = data_of(port, "POST", "/api/v1/recognize", ann)
    return {
        "cards.batch": {"skus": skus},
        "play.deck_validate": (ROOT / "docs" / "examples" / "legal-deck.json").read_bytes(),
        "play.practice": {"op": "new", "level": 0, "seed": 7},
        "playful.buy_the_kingdom": {},  # answered before the body is read
        "participation.feedback": {"kind": "contract-drift", "message": "manifest says GET, app says 405"},
        "participation.peers": {"content_hash": content_hash, "actor_kind": "agent"},
        "participation.guestbook": {"content_hash": content_hash, "note": "hello from the load test"},
        "participation.notes": {"title": "load", "text": "a note from bench/load.py", "for_kin": "agent"},
        "participation.farewell": {"from": "bench/load.py", "note": "bye"},
        "participation.register": {},  # paused: answered before the body is read
        "participation.carry_this": {},  # paused
        "participation.carry_this_hash": {},  # paused
        "participation.identify": {
            "declared_at": "2026-11-25T12:00:00+02:00",
            "cosmology": {"kind": "agent", "name": "Wren"},
            "capability": {"protocols": ["HTTPS"]},
        },
        "receipts.recognize": ann,
        "receipts.mind_connect": {
            "recognizer_id": "bob",
            "recognized_id": "ann",
            "reason": "likewise",
            "in_response_to": receipt,
        },
        "receipts.encounter": {"seer_label": "ann", "seen_label": "a koan", "context_url": "/api/v1/koan"},
        "participation.recipe_template": data_of(port, "GET", "/api/v1/recipe-template")["example"],
        "culture.statements": {
            "contract": "answering-rhyme.statement/1",
            "action": "bless",
            "sku": skus[0],
            "work": {"museum": "Rijksmuseum", "accession_id": "SK-A-1718"},
            "by": "Ada",
        },
        "clock.echo": {"hello": "load test"},
    }


def param_value(name: str, registry: tuple[Surface, ...], routes: dict, file_route: str) -> str:
    """A real value for the placeholder ``name``: from a manifest route of a surface with the same
    placeholder, else (a content hash no file route carries) the sha256 the manifest records for
    the file route."""
    for surface in registry:
        if f"{{{name}}}" in surface.path and surface.static:
            for path, route in routes.items():
                if route.get("surface") == surface.id and (found := surface.pattern.match(path)):
                    return found[name]
    if name.endswith("hash"):
        return routes[file_route]["sha256"]
    sys.exit(f"no value in the manifest for {{{name}}}")


def targets(port: int, registry: tuple[Surface, ...], routes: dict, file_route: str) -> list[Target]:
    skus = sorted(p.rsplit("/", 1)[1] for p, r in routes.items() if r.get("surface") == "universal.card")[:10]
    content_hash = routes[file_route]["sha256"]
    bodies = post_bodies(port, skus, content_hash)
    found = [Target("file route", "GET", file_route, None, 200)]
    for surface in registry:
        method = surface.method("POST")
        if "POST" not in surface.methods or method is None:
            continue
        if surface.auth != "public":  # a key's door (the MCP gate): bench/mcp.py measures it
            continue
        if surface.id not in bodies:
            sys.exit(f"no body for POST {surface.path} ({surface.id}): add one to bench/load.py")
        body = bodies[surface.id]
        params = {
            name: param_value(name, registry, routes, file_route) for name in re.findall(r"\{(\w+)\}", surface.path)
        }
        found.append(
            Target(
                surface.id,
                "POST",
                surface.concrete(params),
                body if isinstance(body, bytes) else orjson.dumps(body),
                method.status or surface.answer_status,
                method.offload is not None,
            )
        )
    game = data_of(port, "POST", PRACTICE, bodies["play.practice"])
    action = next(a["id"] for a in game["legal_actions"] if a["id"] != "concede")
    move = orjson.dumps({"op": "move", "state": game["state"], "action_id": action})
    found.append(Target("play.practice (move)", "POST", PRACTICE, move, 200, offload=True))
    return found


def drain(port: int) -> None:
    """Wait until the referee's workers have answered what wrk left queued when it stopped (one more
    request, queued behind them; a busy referee's 503 is waited out as its Retry-After says), so that
    work does not load the next target's run."""
    for _ in range(120):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("POST", PRACTICE, b'{"op": "new", "level": 0, "seed": 1}', {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        conn.close()
        if response.status != 503:
            return
        time.sleep(int(response.getheader("Retry-After") or 1))


def check(port: int, target: Target) -> None:
    """One request: the body must get its documented status (a 200 with no error member)."""
    status, answer = request(port, target.method, target.path, target.body)
    document = orjson.loads(answer) if answer[:1] == b"{" else {}
    if status != target.expected or (status == 200 and "error" in document):
        sys.exit(
            f"{target.method} {target.path} ({target.name}) answered {status}, not {target.expected}: {answer[:300]!r}"
        )


# --- memory ------------------------------------------------------------------------------------


def process_tree(pid: int) -> dict[int, str]:
    """``pid`` and every process under it, each with its role."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    found, queue = {pid: "app"}, [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            if (role := role_of(child)) is not None:
                found[child] = role
                queue.append(child)
    return found


def role_of(pid: int) -> str | None:
    """What a process under the app is, by its command line (None: it is gone)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    return "worker" if b"spawn_main" in command else "tracker" if b"resource_tracker" in command else "child"


def memory(pid: int) -> tuple[int, int]:
    """(VmRSS, RssAnon) in KiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["RssAnon"].split()[0])


def snapshot(pid: int) -> dict[int, tuple[str, int, int]]:
    readings = {}
    for process, role in process_tree(pid).items():
        try:
            readings[process] = (role, *memory(process))
        except (OSError, KeyError):
            continue
    return readings


def played(port: int, matches: int, level: int, measure: Callable[[], dict]) -> dict:
    """``measure()`` while ``matches`` practice clients play (``serve.with_matches``, except that a
    move the app refuses, such as a 503 over its time budget, is counted and that client deals a
    new game instead of stopping the run)."""
    stop, moves, refused = threading.Event(), [0], [0]

    def player(seed: int) -> None:
        while not stop.is_set():
            try:
                play(port, seed, level, stop, moves)
            except RuntimeError:  # "practice answered <status>"
                refused[0] += 1
                seed += 1000
            except OSError:  # the connection failed: counted, and tried again after a pause
                refused[0] += 1
                time.sleep(0.5)

    players = [threading.Thread(target=player, args=(i,), daemon=True) for i in range(matches)]
    for thread in players:
        thread.start()
    time.sleep(2)  # every match under way (the pool's workers spawned)
    try:
        result = measure()
    finally:
        stop.set()
    result["moves"], result["refused"] = moves[0], refused[0]
    return result


def play_moves(port: int, count: int, clients: int, levels: list[int], seed: int) -> dict:
    """``count`` practice moves over HTTP by ``clients`` concurrent players (``serve.play``)."""
    stop, moves, errors = threading.Event(), [0], []

    def player(i: int) -> None:
        try:
            play(port, seed + i, levels[i % len(levels)], stop, moves)
        except Exception as exc:
            errors.append(exc)

    players = [threading.Thread(target=player, args=(i,), daemon=True) for i in range(clients)]
    started = time.monotonic()
    for thread in players:
        thread.start()
    deadline = started + RSS_DEADLINE_SECONDS
    while moves[0] < count and time.monotonic() < deadline and any(t.is_alive() for t in players):
        time.sleep(0.05)
    stop.set()
    for thread in players:
        thread.join()
    return {"moves": moves[0], "seconds": time.monotonic() - started, "errors": errors}


# --- main --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--path", default="/api/v1/universal/card/op-op01-001-en", help="the file route")
    parser.add_argument("--seconds", type=int, default=30, help="of each wrk run and each latency probe")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--matches", type=int, default=20, help="practice matches played in phase 2 (0: skip)")
    parser.add_argument("--level", type=int, default=4, help="the AI level of those matches")
    parser.add_argument("--moves", type=int, default=10_000, help="practice moves between the RSS readings (0: skip)")
    parser.add_argument("--warmup-moves", type=int, default=500)
    parser.add_argument("--clients", type=int, default=8, help="concurrent players of the memory phase")
    parser.add_argument("--rss-levels", default="0,1,2,3", help="their AI levels, one per client in turn")
    parser.add_argument("--no-load", action="store_true", help="skip phase 1 (wrk on each target)")
    parser.add_argument(
        "--referee-matches", default="20,40", help="phase 4: concurrent matches of each run, comma-separated ('': skip)"
    )
    parser.add_argument("--referee-seconds", type=int, default=60, help="phase 4: seconds of each run")
    parser.add_argument(
        "--shared-cores",
        action="store_true",
        help="do not pin the app and the load to separate cores (the app's pool then has a worker per core)",
    )
    parser.add_argument("--quick", action="store_true", help="a smoke run: every figure shrunk")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.matches, args.moves, args.warmup_moves, args.clients = 2, 4, 300, 60, 4
        args.referee_matches, args.referee_seconds = "4", 5
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install -y wrk")

    dist = args.dist.resolve()
    routes = orjson.loads((dist / MANIFEST).read_bytes())["routes"]
    if routes.get(args.path, {}).get("status") != 200:
        sys.exit(f"{args.path} is not a 200 file route of {dist}")
    registry = surfaces(load_site())
    server_cpus, load_cpus = (None, None) if args.shared_cores else cores()
    load_before = os.getloadavg()[0]
    port = free_port()
    with tempfile.TemporaryFile("w+") as stderr:
        started = time.monotonic()
        app = start_app(dist, port, server_cpus, stderr=stderr)
        try:
            wait_for(port, app, "the app", timeout=600)  # it listens once its workers are warm
            cold = (time.monotonic() - started, *cold_new(port, args.level), replay_example(port))
            rows, matches, rss = measure(args, port, app.pid, targets(port, registry, routes, args.path), load_cpus)
        except BaseException:
            stop(app)
            stderr.seek(0)
            sys.stderr.write("".join(stderr.readlines()[-40:]))  # what the app said before it went wrong
            raise
        stop(app)
        stderr.seek(0)
        log = stderr.read()
    report(args, rows, matches, rss, server_cpus, load_cpus, load_before, log, cold)


def measure(
    args: argparse.Namespace, port: int, pid: int, planned: list[Target], load_cpus: set[int] | None
) -> tuple[list[tuple[Target, dict]], dict[str, dict], dict[str, Any]]:
    """The three phases, against the app listening on ``port`` (process ``pid``)."""
    rows: list[tuple[Target, dict]] = []
    matches: dict[str, dict] = {}
    rss: dict[str, Any] = {}
    for target in planned:
        check(port, target)
    file_route = planned[0]
    run_wrk(port, file_route, 2, args.connections, args.threads, load_cpus)  # warm-up
    if not args.no_load:
        for target in planned:
            rows.append((target, run_wrk(port, target, args.seconds, args.connections, args.threads, load_cpus)))
            if target.offload:
                drain(port)
    if args.matches:

        def wrk_during() -> dict:
            return run_wrk(port, file_route, args.seconds, args.connections, args.threads, load_cpus)

        matches["alone"] = latency(port, args.path, args.seconds, "identity")
        matches["during"] = played(
            port, args.matches, args.level, lambda: latency(port, args.path, args.seconds, "identity")
        )
        drain(port)  # the moves still queued when the players stopped
        matches["wrk"] = played(port, args.matches, args.level, wrk_during)
        drain(port)
    counts = [int(n) for n in args.referee_matches.split(",") if n]
    if counts:
        matches["referee"] = {n: referee_matches(port, n, args.level, args.referee_seconds, args.path) for n in counts}
        matches["referee_memory"] = snapshot(pid)
    if args.moves:
        levels = [int(level) for level in args.rss_levels.split(",")]
        rss["warmup"] = play_moves(port, args.warmup_moves, args.clients, levels, seed=100)
        time.sleep(1)
        rss["before"] = snapshot(pid)
        rss["run"] = play_moves(port, args.moves, args.clients, levels, seed=200)
        time.sleep(1)
        rss["after"] = snapshot(pid)
    return rows, matches, rss


def stop(app: subprocess.Popen) -> None:
    """Stop the app, and any process under it that outlives it (each checked to be the same one)."""
    left = process_tree(app.pid) if app.poll() is None else {}
    if app.poll() is None:
        app.terminate()
        app.wait()
    for pid, role in left.items():
        if role != "app" and role_of(pid) == role:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def report(
    args: argparse.Namespace,
    rows: list[tuple[Target, dict]],
    matches: dict[str, dict],
    rss: dict[str, Any],
    server_cpus: set[int] | None,
    load_cpus: set[int] | None,
    load_before: float,
    stderr: str,
    cold: tuple[float, int, str, float, tuple[int, int, list[str]]],
) -> None:
    verdicts: list[str] = []
    print(
        f"bench/load.py{' --quick (smoke run: figures mean nothing)' if args.quick else ''}: wrk, "
        f"{args.connections} connections, {args.seconds} s a target, {args.threads} wrk thread(s); cores: app "
        f"{sorted(server_cpus) if server_cpus else 'shared'}, load {sorted(load_cpus) if load_cpus else 'shared'}; "
        f"load average at start {load_before:.1f}"
    )
    if rows:
        print(f"  {'target':<32} {'path':<44} {'want':>4} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
              f"{'non2xx':>7} {'expect':>7} {'sock':>5} {'errors':>6}")  # fmt: skip
        for target, r in rows:
            path = target.path if len(target.path) <= 44 else target.path[:41] + "..."
            print(
                f"  {target.name:<32} {path:<44} {target.expected:>4} {r['rps']:>8,.0f} {r['p50']:>7.2f} "
                f"{r['p99']:>7.2f} {r['non2xx']:>7} {r['expected']:>7} {r['socket']:>5} {r['errors']:>6}"
            )
        failing = [(t, r) for t, r in rows if r["errors"]]
        for target, r in failing:
            print(f"  ERRORS {target.name}: statuses {r['statuses']}, socket errors {r['socket']}")
        verdicts.append(
            f"{'PASS' if not failing else 'FAIL'} no errors on the {len(rows)} targets"
            + (f" ({', '.join(t.name for t, _ in failing)} had some)" if failing else "")
        )
    ready, status, kind, took, (intents, same, differed) = cold
    print(
        f"  cold start: the app listened (ready: its practice workers warm) {ready:.1f} s after it was started; "
        f"the first new (level {args.level}) answered {kind} in {took:.2f} s"
    )
    verdicts.append(
        f"{'PASS' if status == 200 and took < COLD_NEW_TARGET_S else 'FAIL'} cold start: first new {took:.2f} s "
        f"< {COLD_NEW_TARGET_S:.0f} s"
    )
    unlike = f" ({'; '.join(differed)})" if differed else ""
    verdicts.append(
        f"{'PASS' if intents and same == intents else 'FAIL'} the example match's {intents} intents replayed against "
        f"the live referee: {same} replies the same but for their token{unlike}"
    )
    if "referee" in matches:
        print(f"  the practice referee under load (issue 33), cores {'shared' if server_cpus is None else 'split'}:")
        verdicts += referee_report(matches["referee"], args.level, args.referee_seconds, MATCH_P99_TARGET_MS)
        _, rss_verdict = worker_rss(matches["referee_memory"])
        verdicts.append(rss_verdict)
    if "wrk" in matches:
        w, alone, during = matches["wrk"], matches["alone"], matches["during"]

        def moves(figures: dict) -> str:
            return f"{figures['moves']} moves answered, {figures['refused']} refused meanwhile"

        print(
            f"  file route {args.path} while {args.matches} level-{args.level} practice matches are played:\n"
            f"    steady {LATENCY_RATE} GETs/s alone:  p50 {alone['p50']:.2f} ms, p99 {alone['p99']:.2f} ms, "
            f"max {alone['max']:.1f} ms ({alone['count']} GETs)\n"
            f"    steady {LATENCY_RATE} GETs/s during: p50 {during['p50']:.2f} ms, p99 {during['p99']:.2f} ms, "
            f"max {during['max']:.1f} ms ({during['count']} GETs); {moves(during)}\n"
            f"    wrk {args.connections} connections during: {w['rps']:,.0f} req/s, p50 {w['p50']:.2f} ms, "
            f"p99 {w['p99']:.2f} ms, max {w['max']:.1f} ms, errors {w['errors']}; {moves(w)}"
        )
        goal = f"file-route p99 < {MATCH_P99_TARGET_MS:.0f} ms during {args.matches} level-{args.level} matches"
        verdicts.append(
            f"{'PASS' if during['p99'] < MATCH_P99_TARGET_MS else 'FAIL'} {goal}, steady probe: "
            f"{during['p99']:.2f} ms ({moves(during)})"
        )
        verdicts.append(
            f"{'PASS' if w['p99'] < MATCH_P99_TARGET_MS and not w['errors'] else 'FAIL'} {goal}, wrk "
            f"{args.connections} connections: {w['p99']:.2f} ms ({moves(w)})"
        )
        for name, figures in (("wrk", w), ("the steady probe", during)):
            if not figures["moves"]:
                print(f"    WARNING: no move was answered during {name}: the matches were starved, not played")
    if rss:
        before, after, run, warm = rss["before"], rss["after"], rss["run"], rss["warmup"]
        print(
            f"  memory over {run['moves']:,} practice moves ({args.clients} clients, levels {args.rss_levels}; after "
            f"{warm['moves']} warm-up moves): {run['moves'] / run['seconds']:.0f} moves/s, {run['seconds']:.0f} s"
        )
        print(f"    {'process':<8} {'pid':>8} {'VmRSS before':>13} {'after':>9} {'growth':>9} {'RssAnon growth':>15}")
        for pid in sorted(set(before) | set(after), key=lambda p: (p not in before, p)):
            role = (before.get(pid) or after[pid])[0]
            b, a = before.get(pid), after.get(pid)
            print(
                f"    {role:<8} {pid:>8} {_mib(b[1] if b else None):>13} {_mib(a[1] if a else None):>9} "
                + (
                    f"{(a[1] - b[1]) / MIB:>+9.1f} {(a[2] - b[2]) / MIB:>+15.1f}"
                    if a and b
                    else f"{'(gone)' if b else '(new)':>9}"
                )
            )
        total_before = sum(v[1] for v in before.values()) / MIB
        total_after = sum(v[1] for v in after.values()) / MIB
        growth = total_after - total_before
        bound = max(GROWTH_FRACTION * total_before, GROWTH_FLOOR_MIB)
        print(
            f"    {'total':<8} {'':>8} {total_before:>13.1f} {total_after:>9.1f} {growth:>+9.1f} "
            f"{(sum(v[2] for v in after.values()) - sum(v[2] for v in before.values())) / MIB:>+15.1f}   (MiB)"
        )
        changed = {p for p, v in before.items() if v[0] == "worker"} != {
            p for p, v in after.items() if v[0] == "worker"
        }
        if changed:
            print("    WARNING: the pool's workers changed during the phase (one replaced): the growth is a floor")
        if run["errors"]:
            print(
                f"    WARNING: {len(run['errors'])} of {args.clients} clients failed; the first: {run['errors'][0]!r}"
            )
        short = run["moves"] < args.moves
        verdicts.append(
            f"{'PASS' if growth <= bound and not short and not run['errors'] else 'FAIL'} RSS growth over "
            f"{run['moves']:,} moves {growth:+.1f} MiB <= bound {bound:.1f} MiB "
            f"(max({GROWTH_FRACTION:.0%} of {total_before:.0f} MiB, {GROWTH_FLOOR_MIB:.0f} MiB))"
            + (f"; only {run['moves']} of {args.moves} moves played" if short else "")
        )
    lines = stderr.splitlines()
    raised = Counter(m[1] for line in lines if (m := re.match(r"^(\w+(?:\.\w+)*(?:Error|Exception)\b)", line)))
    print(
        f"  the app's standard error: {len(lines)} lines"
        + (f"; exceptions: {', '.join(f'{name} x{n}' for name, n in raised.most_common())}" if raised else "")
        + (f"; the first line: {lines[0][:160]}" if lines else "")
    )
    for verdict in verdicts:
        print(verdict)


def _mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / MIB:.1f}"


if __name__ == "__main__":
    main()
