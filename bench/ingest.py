"""Full ingest speed and peak memory (issue 2: every source in <= 30 s, peak <= 1.5 GiB on 2 cores).

Runs the real ingest (acquisition from the cache, every adapter, catalog write) into a scratch state
folder and prints rows read/written, seconds, rows/s and peak resident memory (this process and its
children, e.g. node for fab-cards). For scale, it first times reading the raw dump bytes alone in
the same process.

    .venv/bin/python bench/ingest.py [--mirror ../shared/data]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.ingest.run import ingest  # noqa: E402
from generator.sources.acquire import CACHE_DIR  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=os.environ.get("CARDPANTRY_MIRROR"))
    args = parser.parse_args()

    started = time.perf_counter()
    raw = sum(len(p.read_bytes()) for p in CACHE_DIR.rglob("*") if p.is_file())
    read_floor = time.perf_counter() - started

    scratch = Path(tempfile.mkdtemp(prefix="bench-ingest-", dir=ROOT.parent))
    try:
        started = time.perf_counter()
        result = ingest(scratch, args.mirror, log=lambda line: None)
        seconds = time.perf_counter() - started
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    rows_read = sum(r["rows_read"] for r in result.runs)
    rows_written = sum(r["rows_written"] for r in result.runs)
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"raw dump bytes read alone: {raw / 1e6:.1f} MB in {read_floor:.2f} s")
    print(
        f"full ingest: {len(result.runs)} sources, {rows_read:,} rows read, {rows_written:,} rows written "
        f"in {seconds:.2f} s = {rows_read / seconds:,.0f} rows read/s, {rows_written / seconds:,.0f} written/s "
        f"(target <= 30 s); ingest = {seconds / max(read_floor, 1e-9):.0f}x the raw read"
    )
    print(
        f"peak memory: {peak_self:,.0f} MiB (this process), {peak_children:,.0f} MiB (largest child) "
        f"(target <= 1,536 MiB)"
    )
    unavailable = [r["source_id"] for r in result.runs if r["status"] == "unavailable"]
    print(f"sources unavailable: {', '.join(unavailable) or 'none'}")


if __name__ == "__main__":
    main()
