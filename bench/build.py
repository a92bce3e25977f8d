"""Build speed, as ratios measured in one run (shared machines are noisy; never a test).

Prints: cold full build in routes/s; no-change rebuild as a ratio of the cold build; a forced
re-render with unchanged bytes (the hard-link path) as a ratio; and the floor: writing the same
files' bytes (routes, twins, data shards) without rendering, with the cold build as a multiple of it.
Targets (issue 3): >= 5,000 routes/s cold, no-change <= 20% of cold, cold <= 3x the floor; (issue 10)
build-time contract validation costs <= 10% (the cold build against one with validation off); (issue
12) the HTML routes' own rate, from the seconds the workers spent on each route of the cold build.

Order matters on this machine's disk (ext4 without a journal): for a minute after inodes are
freed (six while their inode table block is not yet written back), ext4 skips them when creating
files, scanning past each one, so creating files soon after deleting many costs up to 30x (20 vs
600 microseconds of kernel time per file, measured; it took four minutes to settle after
deleting half a million files). So the cold build and the floor run first,
into fresh folders, before anything is deleted; leftovers of an earlier run are deleted, synced
and waited out before timing; and the bench deletes its output only at the end.

    .venv/bin/python bench/build.py [--catalog state/catalog.duckdb] [--out ../bench-dist]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.build import build  # noqa: E402

SETTLE_SECONDS = 370


def floor_seconds(built: Path, scratch: Path) -> tuple[float, int]:
    """Time writing every file of a finished build into a new folder, bytes already in memory."""
    files = [(p.relative_to(built), p.read_bytes()) for p in built.rglob("*") if p.is_file()]
    started = time.perf_counter()
    made: set[Path] = set()
    for rel, body in files:
        target = scratch / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, body)
        os.close(fd)
    return time.perf_counter() - started, len(files)


def _cpu() -> dict[str, float]:
    """CPU seconds so far: this process (the build's parent) and its finished children (workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "parent user": me.ru_utime,
        "parent system": me.ru_stime,
        "workers user": children.ru_utime,
        "workers system": children.ru_stime,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", type=Path, default=ROOT / "state" / "catalog.duckdb")
    parser.add_argument("--out", type=Path, default=ROOT.parent / "bench-dist")
    args = parser.parse_args()
    as_of = dt.datetime(2026, 11, 21, tzinfo=dt.UTC)
    scratch = args.out.with_name(args.out.name + "-floor")
    leftovers = [p for p in (args.out, scratch) if p.exists()]
    if leftovers:
        for path in leftovers:
            shutil.rmtree(path)
        print(f"deleted an earlier run's output; waiting {SETTLE_SECONDS} s for the disk to settle", flush=True)
        os.sync()
        time.sleep(SETTLE_SECONDS)

    before = _cpu()
    cold = build(args.out, as_of, args.catalog, progress=False)
    cpu = {k: after - was for (k, after), was in zip(_cpu().items(), before.values())}
    floor, files = floor_seconds(args.out, scratch)
    unchecked_out = args.out.with_name(args.out.name + "-unchecked")
    unchecked = build(unchecked_out, as_of, args.catalog, progress=False, validate=False)
    again = build(args.out, as_of, args.catalog, progress=False)
    forced = build(args.out, as_of, args.catalog, progress=False, force=True)
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.rmtree(args.out, ignore_errors=True)
    shutil.rmtree(unchecked_out, ignore_errors=True)

    print(
        f"cold build:        {cold.routes:,} routes, {cold.files:,} files in {cold.seconds:.2f} s "
        f"= {cold.routes / cold.seconds:,.0f} routes/s   (target >= 5,000)"
    )
    print("  phases: " + ", ".join(f"{name} {secs:.2f} s" for name, secs in cold.phases.items()))
    workers = os.cpu_count() or 1
    for kind in ("text/html", "application/json"):  # (issue 12) the reader pages alone, and the JSON
        n, secs = cold.routes_by_type[kind], cold.render_seconds.get(kind, 0.0)
        print(
            f"  {kind} routes alone: {n:,} routes, {secs:.2f} worker s to render and encode = "
            f"{n / secs if secs else 0:,.0f} routes per worker second, "
            f"{workers * n / secs if secs else 0:,.0f} routes/s on {workers} workers (writing not included)"
        )
    print("  CPU seconds: " + ", ".join(f"{name} {secs:.2f}" for name, secs in cpu.items()))
    print(
        f"contract validation: cold {cold.seconds:.2f} s vs {unchecked.seconds:.2f} s unchecked "
        f"= {cold.seconds / unchecked.seconds - 1:+.1%}   (target <= +10%)"
    )
    print(f"no-change rebuild: {again.seconds:.2f} s = {again.seconds / cold.seconds:.1%} of cold   (target <= 20%)")
    print(
        f"forced re-render:  {forced.seconds:.2f} s = {forced.seconds / cold.seconds:.1%} of cold "
        f"({forced.reused:,} files hard-linked, none rewritten)"
    )
    print(
        f"floor (write {files:,} files, no rendering): {floor:.2f} s; cold = {cold.seconds / floor:.2f}x floor "
        f"  (target <= 3x)"
    )


if __name__ == "__main__":
    main()
