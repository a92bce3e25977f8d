"""Serving benchmark: one static route through nginx (the generated adapter) and through the app.

Run: ``.venv/bin/python bench/serve.py [--dist dist] [--path /api/v1/universal/card/op-op01-001-en]
[--seconds 5] [--rounds 3] [--connections 32] [--encoding identity|gzip|br]``.

Both servers run on loopback in the same run, loaded in alternating rounds (the median is
reported, so a busy moment on a shared machine does not decide the ratio): the app
as ``build.py serve`` runs it (uvicorn, one worker, no access log) and nginx with
``nginx_standalone`` (one worker process, so each server has one core). On a machine with two or
more cores the server is pinned to the last core and the load generator to the others. The load
generator is ``wrk`` (Debian package ``wrk``); without it a Python asyncio keep-alive client is
used, which saturates long before nginx does, so its nginx figure (and the ratio) is a floor:
the script says so. Target: the app serves at least 0.5x nginx's requests/s.

Then (``--matches 20``, 0 to skip) the same file route is loaded on the app alone while that many
practice matches are played against it (level ``--level``, each client answering with its first
legal action, a new game when one ends): the referee's moves run in worker processes, so the file
route's p99 stays under 10 ms (issue 13). The app runs with the development referee key.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.write.manifest import MANIFEST  # noqa: E402
from generator.write.nginx import BROTLI_STATIC_MODULE, nginx_standalone  # noqa: E402

TARGET = 0.5
MATCH_P99_TARGET_MS = 10.0
LATENCY_RATE = 200  # GETs per second of the latency probe
PRACTICE = "/api/v1/play/practice"
ACCEPT = {"identity": "identity", "gzip": "gzip", "br": "br, gzip"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, process: subprocess.Popen, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{what} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{what} did not listen on port {port} within {timeout:.0f} s")


def cores() -> tuple[set[int] | None, set[int] | None]:
    """(server cores, load-generator cores), or (None, None) when there is nothing to split."""
    available = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(available) < 2:
        return None, None
    return {available[-1]}, set(available[:-1])


def pinned(cpus: set[int] | None):
    return (lambda: os.sched_setaffinity(0, cpus)) if cpus else None


def start_app(dist: Path, port: int, cpus: set[int] | None, stderr=None) -> subprocess.Popen:
    """The app as ``build.py serve`` runs it (uvicorn, one process), with the development referee key;
    its standard error goes to ``stderr`` (default: this process's)."""
    return subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "build.py"),
            "serve",
            "--dist",
            str(dist),
            "--port",
            str(port),
            "--dev-referee-key",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        preexec_fn=pinned(cpus),
    )


def probe(port: int, path: str, accept: str) -> tuple[int, str, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept-Encoding": accept})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.getheader("ETag") or "", len(body)


def run_wrk(
    port: int, path: str, seconds: int, connections: int, threads: int, accept: str, cpus: set[int] | None
) -> dict:
    out = subprocess.run(
        [
            "wrk",
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            "-H",
            f"Accept-Encoding: {accept}",
            f"http://127.0.0.1:{port}{path}",
        ],
        capture_output=True,
        text=True,
        check=True,
        preexec_fn=pinned(cpus),
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    p50 = re.search(r"50%\s+(\S+)", out)
    p99 = re.search(r"99%\s+(\S+)", out)
    return {
        "rps": rate,
        "errors": int(errors.group(1)) if errors else 0,
        "p50": p50.group(1) if p50 else "?",
        "p99": p99.group(1) if p99 else "?",
    }


async def _client(port: int, request: bytes, stop: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.monotonic() < stop:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
            await reader.readexactly(length)
            counts[0 if head.startswith(b"HTTP/1.1 200") else 1] += 1
    finally:
        writer.close()


def run_python(port: int, path: str, seconds: int, connections: int, accept: str) -> dict:
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {accept}\r\n\r\n").encode()
    counts = [0, 0]

    async def main() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(*(_client(port, request, stop, counts) for _ in range(connections)))

    started = time.monotonic()
    asyncio.run(main())
    return {"rps": counts[0] / (time.monotonic() - started), "errors": counts[1], "p50": "-", "p99": "-"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--path", default="/api/v1/universal/card/op-op01-001-en")
    parser.add_argument("--seconds", type=int, default=5, help="per round and server")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--encoding", choices=sorted(ACCEPT), default="identity")
    parser.add_argument("--matches", type=int, default=20, help="practice matches played during the last phase")
    parser.add_argument("--level", type=int, default=4, help="the AI level of those matches")
    args = parser.parse_args()

    nginx_bin = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if nginx_bin is None:
        sys.exit("nginx is not installed: apt-get install -y nginx libnginx-mod-http-brotli-static")
    dist = args.dist.resolve()
    manifest = orjson.loads((dist / MANIFEST).read_bytes())
    if args.path not in manifest["routes"]:
        sys.exit(f"{args.path} is not a static route of {dist}")
    accept = ACCEPT[args.encoding]
    server_cpus, load_cpus = cores()
    load_before = os.getloadavg()[0]
    wrk = shutil.which("wrk")
    loader = "wrk" if wrk else "python asyncio client (wrk not installed: apt-get install -y wrk)"

    app_port, nginx_port = free_port(), free_port()
    prefix = Path(tempfile.mkdtemp(prefix="cardpantry-bench-nginx-"))
    brotli = BROTLI_STATIC_MODULE if BROTLI_STATIC_MODULE.is_file() else None
    (prefix / "nginx.conf").write_bytes(
        nginx_standalone(
            manifest,
            listen=f"127.0.0.1:{nginx_port}",
            root=dist,
            upstream=f"127.0.0.1:{app_port}",
            brotli_module=brotli,
            user="root" if os.geteuid() == 0 else None,
            workers=1,
        )
    )
    app = start_app(dist, app_port, server_cpus)
    nginx = subprocess.Popen(
        [nginx_bin, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", "stderr"], preexec_fn=pinned(server_cpus)
    )
    ports = {"nginx": nginx_port, "app": app_port}
    runs: dict[str, list[dict]] = {"nginx": [], "app": []}
    seen: dict[str, tuple[str, int]] = {}

    def load(port: int, seconds: int) -> dict:
        if wrk:
            return run_wrk(port, args.path, seconds, args.connections, args.threads, accept, load_cpus)
        return run_python(port, args.path, seconds, args.connections, accept)

    try:
        wait_for(app_port, app, "the app")
        wait_for(nginx_port, nginx, "nginx")
        for name, port in ports.items():
            status, etag, size = probe(port, args.path, accept)
            if status != 200:
                sys.exit(f"{name} answered {status} for {args.path}")
            seen[name] = (etag, size)
            load(port, args.warmup)
        for round_ in range(args.rounds):  # alternate, so a busy moment on the machine hits both
            for name in ("nginx", "app") if round_ % 2 == 0 else ("app", "nginx"):
                runs[name].append(load(ports[name], args.seconds))
        if args.matches:
            alone = latency(app_port, args.path, args.seconds, accept)
            during = with_matches(
                app_port, args.matches, args.level, lambda: latency(app_port, args.path, args.seconds, accept)
            )
    finally:
        for process in (app, nginx):
            if process.poll() is None:
                process.terminate()
                process.wait()
        shutil.rmtree(prefix, ignore_errors=True)

    loop = "uvloop" if _has("uvloop") else "asyncio"
    parser_name = "httptools" if _has("httptools") else "h11"
    print(
        f"GET {args.path} (Accept-Encoding: {accept}), {args.connections} connections, "
        f"{args.rounds} alternating rounds of {args.seconds} s per server, load by {loader}"
    )
    print(
        f"cores: server {sorted(server_cpus) if server_cpus else 'shared'}, "
        f"load {sorted(load_cpus) if load_cpus else 'shared'}; app on uvicorn ({loop}, {parser_name}), one "
        f"worker; nginx one worker; load average at start: {load_before:.1f}"
    )
    for name in ("nginx", "app"):
        rates = [r["rps"] for r in runs[name]]
        best = max(runs[name], key=lambda r: r["rps"])
        print(
            f"  {name:<6} median {statistics.median(rates):>9,.0f} req/s  (rounds: "
            f"{', '.join(f'{r:,.0f}' for r in rates)}; best p50 {best['p50']}, p99 {best['p99']}); "
            f"errors {sum(r['errors'] for r in runs[name])}; {seen[name][1]} bytes, ETag {seen[name][0]}"
        )
    if seen["app"][0] != seen["nginx"][0]:
        print("  WARNING: the two servers answered with different ETags")
    ratios = [a["rps"] / n["rps"] for a, n in zip(runs["app"], runs["nginx"])]
    ratio = statistics.median(ratios)
    verdict = "meets" if ratio >= TARGET else "below"
    print(
        f"  app/nginx = {ratio:.2f}x median of rounds ({', '.join(f'{r:.2f}' for r in ratios)}; {verdict} the "
        f"{TARGET}x target)" + ("" if wrk else "; the nginx figure is a floor: the Python client saturates first")
    )
    if args.matches:
        verdict = "meets" if during["p99"] < MATCH_P99_TARGET_MS else "above"
        print(
            f"  file route at {LATENCY_RATE} req/s on the app alone: p50 {alone['p50']:.2f} ms, "
            f"p99 {alone['p99']:.2f} ms ({alone['count']} GETs)\n"
            f"  the same while {args.matches} level-{args.level} matches are played: p50 "
            f"{during['p50']:.2f} ms, p99 {during['p99']:.2f} ms, max {during['max']:.1f} ms ({during['count']} GETs; "
            f"{during['p99'] / alone['p99']:.1f}x the p99 alone; {verdict} the {MATCH_P99_TARGET_MS:.0f} ms target); "
            f"{during['moves']} moves answered meanwhile"
        )
        if during["moves"] == 0:
            print("  WARNING: no move was answered during the measurement: the matches did not load the app")


def play(port: int, seed: int, level: int, stop: threading.Event, moves: list[int]) -> None:
    """One practice client: new game, then its first legal action each turn, until ``stop``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(doc: dict) -> dict:
        conn.request("POST", PRACTICE, orjson.dumps(doc), {"Content-Type": "application/json"})
        response = conn.getresponse()
        answer = orjson.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"practice answered {response.status}: {answer}")
        return answer["data"]

    while not stop.is_set():
        game = post({"op": "new", "level": level, "seed": seed})
        while not stop.is_set() and game.get("result") is None:
            action = next(a["id"] for a in game["legal_actions"] if a["id"] != "concede")
            game = post({"op": "move", "state": game["state"], "action_id": action})
            moves[0] += 1
        seed += 1000
    conn.close()


def with_matches(port: int, matches: int, level: int, measure) -> dict:
    """``measure()`` while ``matches`` practice clients play against the app."""
    stop, moves = threading.Event(), [0]
    errors: list[BaseException] = []

    def player(seed: int) -> None:
        try:
            play(port, seed, level, stop, moves)
        except Exception as exc:
            errors.append(exc)

    players = [threading.Thread(target=player, args=(i,), daemon=True) for i in range(matches)]
    for player in players:
        player.start()
    time.sleep(2)  # every match under way (the pool's workers spawned)
    try:
        result = measure()
    finally:
        stop.set()
    if errors:
        sys.exit(f"{len(errors)} of the {matches} practice clients failed; the first: {errors[0]!r}")
    result["moves"] = moves[0]
    return result


def latency(port: int, path: str, seconds: int, accept: str, rate: int = LATENCY_RATE) -> dict:
    """A reader's view: GETs of the file route at a steady ``rate`` per second on one keep-alive
    connection (not a saturating load, which would starve the referee's workers and say nothing
    about them), each one timed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    timings, interval = [], 1 / rate
    stop = time.monotonic() + seconds
    while (start := time.monotonic()) < stop:
        conn.request("GET", path, headers={"Accept-Encoding": accept})
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"the file route answered {response.status} during the latency probe")
        timings.append((time.monotonic() - start) * 1000)
        time.sleep(max(0.0, interval - (time.monotonic() - start)))
    conn.close()
    cuts = statistics.quantiles(timings, n=100)
    return {"count": len(timings), "p50": cuts[49], "p99": cuts[98], "max": max(timings)}


def _has(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
