"""HTTP protocol benchmark: the app's file route under uvicorn with each protocol class (issue 34).

Run: ``.venv/bin/python bench/protocols.py [--dist dist] [--path ROUTE] [--rounds 4] [--seconds 5]
[module:Class ...]`` (default: uvicorn's httptools and h11 protocols and ``generator.serve.server``'s
guard). Each class serves the same app over ``--dist`` in its own process, pinned by ``bench/serve.py``'s
helpers to the last core, ``wrk`` (Debian package ``wrk``) on the others; the classes are loaded in
alternating rounds. Reported per class: the median req/s, and the server process's CPU time per
request (user + system from ``/proc``), which a busy shared machine disturbs far less than req/s.
This is how the guard was chosen over uvicorn's h11 parser and checked to cost what plain uvicorn
does (docs/operations.md, "Server limits").
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from serve import cores, free_port, pinned, run_wrk, wait_for  # noqa: E402

DEFAULT = (
    "uvicorn.protocols.http.httptools_impl:HttpToolsProtocol",
    "generator.serve.server:GuardedProtocol",
    "uvicorn.protocols.http.h11_impl:H11Protocol",
)
SERVE = """
import importlib, sys, uvicorn
from pathlib import Path
from generator.serve.app import App
module, name = sys.argv[1].split(":")
protocol = getattr(importlib.import_module(module), name)
uvicorn.run(App(Path(sys.argv[2])), host="127.0.0.1", port=int(sys.argv[3]), http=protocol, ws="none",
            access_log=False, log_level="warning", server_header=False)
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("classes", nargs="*", default=list(DEFAULT), metavar="module:Class")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--path", default="/api/v1/universal/games")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args()
    server_cpus, load_cpus = cores()
    servers: dict[str, tuple[subprocess.Popen, int]] = {}
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in args.classes}
    try:
        for name in args.classes:
            port = free_port()
            command = [sys.executable, "-c", SERVE, name, str(args.dist.resolve()), str(port)]
            servers[name] = (subprocess.Popen(command, cwd=ROOT, preexec_fn=pinned(server_cpus)), port)
        for name, (process, port) in servers.items():
            wait_for(port, process, name)
            run_wrk(port, args.path, 2, 32, 1, "identity", load_cpus)  # warm up
        for round_ in range(args.rounds):
            for name in args.classes if round_ % 2 == 0 else args.classes[::-1]:
                process, port = servers[name]
                before = cpu_seconds(process.pid)
                result = run_wrk(port, args.path, args.seconds, 32, 1, "identity", load_cpus)
                requests = result["rps"] * args.seconds
                runs[name].append((result["rps"], (cpu_seconds(process.pid) - before) / requests * 1e6))
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait()
    print(f"GET {args.path}: wrk 32 connections, {args.rounds} alternating rounds of {args.seconds} s per class")
    for name, measured in runs.items():
        rates = ", ".join(f"{rps:,.0f}" for rps, _ in measured)
        cpu = ", ".join(f"{us:.0f}" for _, us in measured)
        median = statistics.median(rps for rps, _ in measured)
        print(f"  {name:<56} median {median:>8,.0f} req/s ({rates}); CPU per request {cpu} us")


if __name__ == "__main__":
    main()
