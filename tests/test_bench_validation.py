"""bench/validation.py runs (it broke once unnoticed, when the examples' memo changed shape) and finds
what it states: every body the same bytes under both checks. Its figures are never asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_the_validation_bench_runs_and_both_checks_write_the_same_bodies(synthetic_catalog: Path) -> None:
    command = [
        sys.executable,
        "bench/validation.py",
        "--catalog",
        str(synthetic_catalog),
        "--every",
        "3",
        "--rounds",
        "1",
    ]
    ran = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert "bodies identical under both checks: True" in ran.stdout
