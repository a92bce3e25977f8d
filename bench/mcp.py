"""MCP gate benchmark (issue 36): what a tool call costs over the REST answer it wraps.

Run: ``.venv/bin/python bench/mcp.py --dist ../bench-dist [--port 8701] [--requests 2000]
[--sku op-op01-001-en]``.

The app runs as ``build.py serve`` runs it (uvicorn, one worker, the development referee key) on
loopback. Two keep-alive connections take turns, one request each per round: a REST GET, and the
``tools/call`` that wraps it (a JSON-RPC POST with the sample agent key), in each protocol era the
gate speaks: the initialize-handshake era (``MCP-Protocol-Version: 2025-11-25``; the gate is stateless,
so a call needs no session) and the 2026-07-28 per-request envelope. Two answers are measured: a card
(a file on the REST side: the app's fastest path) and a set-and-number search (computed on both
sides). Alternating the requests spreads a busy moment of a shared machine over both sides, and the
p50 over thousands of requests is what is compared. Target: a tool call's p50 at most 1 ms over the
REST answer's. Each tool answer is checked to carry the REST body before anything is timed.
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.platform.sample import sample_agent_key  # noqa: E402

TARGET_MS = 1.0
ERAS = ("2025-11-25", "2026-07-28")


def wait_for(port: int, process: subprocess.Popen, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the app exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"the app did not listen on port {port} within {timeout:.0f} s")


def tool_call(era: str, name: str, arguments: dict) -> tuple[bytes, dict[str, str]]:
    """A ``tools/call`` body and headers as an MCP client of ``era`` sends them."""
    params: dict = {"name": name, "arguments": arguments}
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "Authorization": f"Bearer {sample_agent_key()}",
        "MCP-Protocol-Version": era,
    }
    if era == "2026-07-28":  # the per-request envelope: the version and client in _meta, routing headers
        params["_meta"] = {
            "io.modelcontextprotocol/protocolVersion": era,
            "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        headers |= {"Mcp-Method": "tools/call", "Mcp-Name": name}
    return orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}), headers


def timed(
    conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None, headers: dict
) -> tuple[float, bytes]:
    started = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    elapsed = time.perf_counter() - started
    if response.status != 200:
        sys.exit(f"{method} {path}: {response.status} {data[:300]!r}")
    return elapsed, data


def measure(port: int, rest_path: str, tool: str, arguments: dict, era: str, requests: int) -> tuple[float, float]:
    """(REST p50, tool call p50) in ms over ``requests`` alternating pairs."""
    rest = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    gate = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body, headers = tool_call(era, tool, arguments)
    _, plain = timed(rest, "GET", rest_path, None, {})
    _, answer = timed(gate, "POST", "/api/mcp", body, headers)
    text = orjson.loads(answer)["result"]["content"][0]["text"]
    if orjson.loads(text)["data"] != orjson.loads(plain)["data"]:
        sys.exit(f"{tool}: the tool's answer is not the REST answer's data")
    rest_times, gate_times = [], []
    for _ in range(requests):
        rest_times.append(timed(rest, "GET", rest_path, None, {})[0])
        gate_times.append(timed(gate, "POST", "/api/mcp", body, headers)[0])
    rest.close()
    gate.close()
    return statistics.median(rest_times) * 1000, statistics.median(gate_times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT.parent / "bench-dist")
    parser.add_argument("--port", type=int, default=8701)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--sku", default="op-op01-001-en")
    args = parser.parse_args()
    if not (args.dist / "_routes.json").is_file():
        sys.exit(f"{args.dist} is not a finished build (build.py build --out {args.dist})")
    game, set_code, number = args.sku.split("-")[:3]
    cases = (
        ("card", f"/api/v1/universal/card/{args.sku}", "universal_card", {"sku": args.sku}),
        (
            "search",
            f"/api/v1/search/cards?game={game}&q={quote(f'{set_code} {number}')}",
            "search_cards",
            {"game": game, "q": f"{set_code} {number}"},
        ),
    )
    serve = [sys.executable, str(ROOT / "build.py"), "serve", "--dist", str(args.dist), "--port", str(args.port)]
    process = subprocess.Popen([*serve, "--dev-referee-key"], cwd=ROOT, stdout=subprocess.DEVNULL)
    worst = 0.0
    try:
        wait_for(args.port, process)
        print(f"{args.requests} alternating pairs a case, p50 in ms (target: a tool call <= REST + {TARGET_MS} ms)")
        for era in ERAS:
            for label, path, tool, arguments in cases:
                rest, gate = measure(args.port, path, tool, arguments, era, args.requests)
                worst = max(worst, gate - rest)
                print(
                    f"{label:<7} {era}  REST {rest:6.3f}  tool {gate:6.3f}  "
                    f"overhead {gate - rest:+6.3f} ms  ratio {gate / rest:5.2f}x"
                )
    finally:
        process.terminate()
        process.wait(timeout=30)
    print(f"largest overhead {worst:.3f} ms: {'within' if worst <= TARGET_MS else 'OVER'} the {TARGET_MS} ms target")


if __name__ == "__main__":
    main()
