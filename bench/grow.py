"""How the build grows: the real catalog and one grown N-fold, built cold in one run (never a test).

Issue 37 item 4: a catalog 4x the real one builds in <= 4.4x the time, peak memory stated. The
grown catalog is ``generator.catalog.grown`` (every set and its printings again under new set
codes), written into the scratch folder and checked byte for byte against a second copy made from
the same input. Each build runs in its own process (``--one``), so its peak resident memory is its
own: ``ru_maxrss`` of the build's parent (``RUSAGE_SELF``) and of its largest forked render worker
(``RUSAGE_CHILDREN``; a worker's figure counts the snapshot pages it shares with the parent).

Disk: the real build is about 533k files, the 4x one about 2.1M; both go into fresh folders under
the scratch folder and are deleted only at the end, after a sync. ext4 here is slow to create files
for minutes after many were deleted (``bench/build.py`` explains), so leftovers of an earlier run are
deleted and waited out before anything is timed. Both builds' figures are also kept in
``<scratch>.json`` (routes and bytes per surface among them). On a busy machine the two builds meet
different loads; their CPU seconds in all are the ratio that load disturbs least, and are printed too.

    .venv/bin/python bench/grow.py [--catalog state/catalog.duckdb] [--scratch ../bench-grow] [--factor 4]
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import build  # noqa: E402
from generator.catalog.grown import grow_catalog  # noqa: E402

SETTLE_SECONDS = 370  # bench/build.py: how long freed inodes slow file creation here
AS_OF = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)
TARGET = 1.1  # issue 37: N-fold catalog in <= 1.1 x N the time
HOST_FILES = ("_routes.json", "_hosts/nginx.conf", "_hosts/caddy.conf", "_redirects", "_headers")


def one_build(catalog: Path, out: Path) -> None:
    """``--one``: build ``catalog`` into ``out`` cold and print what the parent reads, as JSON."""
    summary = build(out, AS_OF, catalog, progress=False)
    me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        json.dumps(
            {
                "routes": summary.routes,
                "files": summary.files,
                "bytes": summary.bytes,
                "seconds": summary.seconds,
                "phases": summary.phases,
                "parent_rss_kib": me.ru_maxrss,
                "worker_rss_kib": workers.ru_maxrss,
                "cpu": {
                    "parent user": me.ru_utime,
                    "parent system": me.ru_stime,
                    "workers user": workers.ru_utime,
                    "workers system": workers.ru_stime,
                },
                "host_bytes": {name: (out / name).stat().st_size for name in HOST_FILES if (out / name).exists()},
                "by_surface": by_surface(out),
            }
        )
    )


def by_surface(out: Path) -> dict[str, list[int]]:
    """Surface id -> [routes, bytes of their files]: which documents grow with the catalog."""
    counts: dict[str, list[int]] = {}
    for route in json.loads((out / "_routes.json").read_bytes())["routes"].values():
        entry = counts.setdefault(route["surface"], [0, 0])
        entry[0] += 1
        entry[1] += os.stat(out / route["file"]).st_size
    return counts


def measured(catalog: Path, out: Path) -> dict:
    """One cold build in a process of its own; the disk synced after it, outside its time."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--one", str(catalog), str(out)], check=True, capture_output=True, text=True
    )
    result: dict = json.loads(done.stdout.splitlines()[-1])
    result["process_seconds"] = time.perf_counter() - started
    os.sync()
    return result


def _load(averages: tuple[float, float, float]) -> str:
    return " ".join(f"{x:.2f}" for x in averages)


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def report(label: str, run: dict) -> None:
    rate = run["routes"] / run["seconds"]
    print(
        f"{label}: {run['routes']:,} routes, {run['files']:,} files, {run['bytes'] / 1e9:.2f} GB "
        f"in {run['seconds']:.2f} s = {rate:,.0f} routes/s ({run['process_seconds']:.2f} s with the process)"
    )
    print("  phases: " + ", ".join(f"{name} {secs:.2f} s" for name, secs in run["phases"].items()))
    print("  CPU seconds: " + ", ".join(f"{name} {secs:.2f}" for name, secs in run["cpu"].items()))
    print(
        f"  peak RSS: parent {run['parent_rss_kib'] / 2**20:.2f} GiB, "
        f"largest worker {run['worker_rss_kib'] / 2**20:.2f} GiB"
    )
    print("  host files: " + ", ".join(f"{name} {size / 1e6:.1f} MB" for name, size in run["host_bytes"].items()))


def ratios(real: dict, grown: dict, factor: int) -> None:
    times = grown["seconds"] / real["seconds"]
    print(
        f"{factor}x catalog: {grown['routes'] / real['routes']:.2f}x routes, "
        f"{grown['files'] / real['files']:.2f}x files, {times:.2f}x the time   (target <= {TARGET * factor:.1f}x)"
    )
    print("  phases: " + ", ".join(f"{k} {grown['phases'][k] / v:.2f}x" for k, v in real["phases"].items() if v))
    print("  CPU: " + ", ".join(f"{k} {grown['cpu'][k] / v:.2f}x" for k, v in real["cpu"].items() if v))
    print(
        f"  peak RSS: parent {grown['parent_rss_kib'] / real['parent_rss_kib']:.2f}x, "
        f"largest worker {grown['worker_rss_kib'] / real['worker_rss_kib']:.2f}x"
    )
    print(
        "  host files: "
        + ", ".join(f"{k} {grown['host_bytes'][k] / v:.2f}x" for k, v in real["host_bytes"].items() if v)
    )
    total = sum(grown["cpu"].values()) / sum(real["cpu"].values())
    print(
        f"  CPU in all (the measure a busy machine disturbs least): {total:.2f}x   (target <= {TARGET * factor:.1f}x)"
    )
    surfaces = [(k, v, grown["by_surface"].get(k, [0, 0])) for k, v in real["by_surface"].items() if v[1]]
    growth = sorted(((k, g[0] / v[0], g[1] / v[1], g[1] - factor * v[1]) for k, v, g in surfaces), key=lambda r: -r[2])
    print(f"  surfaces whose bytes grew the most ({factor}x over real: routes, bytes; bytes beyond {factor}x):")
    for surface, routes, size, beyond in growth[:10]:
        print(f"    {surface}: {routes:.2f}x routes, {size:.2f}x bytes ({beyond / 1e6:+.1f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--scratch", type=Path, default=ROOT.parent / "bench-grow")
    parser.add_argument("--factor", type=int, default=4)
    parser.add_argument("--one", nargs=2, type=Path, metavar=("CATALOG", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one_build(*args.one)
        return
    scratch = args.scratch.resolve()
    if scratch.exists():
        shutil.rmtree(scratch)
        print(f"deleted an earlier run's {scratch}; waiting {SETTLE_SECONDS} s for the disk to settle", flush=True)
        os.sync()
        time.sleep(SETTLE_SECONDS)
    scratch.mkdir(parents=True)
    print(f"free: {shutil.disk_usage(scratch).free / 1e9:.0f} GB; {os.cpu_count()} cores", flush=True)

    started = time.perf_counter()
    grown = grow_catalog(args.catalog, scratch / f"catalog-x{args.factor}.duckdb", args.factor)
    grew = time.perf_counter() - started
    again = grow_catalog(args.catalog, scratch / "again" / grown.path.name, args.factor)  # the stem is stored
    same_bytes = file_sha256(grown.path) == file_sha256(again.path)
    print(
        f"grown catalog: {grown.sets:,} sets, {grown.printings:,} printings in {grew:.2f} s; "
        f"made twice: {'byte-identical' if same_bytes else 'bytes differ'}, "
        f"snapshot digest {'equal' if grown.digest == again.digest else 'DIFFERENT'} ({grown.digest[:16]})"
    )
    again.path.unlink()

    load = os.getloadavg()
    real = measured(args.catalog, scratch / "dist-x1")
    large = measured(grown.path, scratch / f"dist-x{args.factor}")
    load_after = os.getloadavg()
    print(f"load average (1, 5, 15 min): {_load(load)} at the start, {_load(load_after)} at the end")
    kept = scratch.with_name(scratch.name + ".json")  # both builds' figures, for a closer look
    kept.write_text(json.dumps({"real": real, "grown": large, "load": [load, load_after]}))
    report("real catalog", real)
    report(f"{args.factor}x catalog", large)
    ratios(real, large, args.factor)

    started = time.perf_counter()
    shutil.rmtree(scratch)
    print(f"deleted {scratch} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
