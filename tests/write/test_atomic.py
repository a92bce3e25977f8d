"""Builds are atomic: a build killed at any moment leaves the previous ``dist/`` or the new one, whole.

A child process builds the synthetic catalog into a ``dist/`` that already holds a build with
another as-of, and is SIGKILLed: at fractions of a measured build's duration, and exactly around
the swap (the child wraps ``exchange`` to kill itself just before or just after it). After each
kill every route the surviving ``_routes.json`` lists has its file with the recorded sha256 and its
twins, and its as-of is the old build's or the new one's. The next build then succeeds and sweeps
the dead build's temporary folder.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from generator.web.envelope import iso
from generator.write.files import wait_for_retired
from generator.write.manifest import MANIFEST
from generator.write.swap import exchange

pytestmark = pytest.mark.slow

OLD = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
NEW = dt.datetime(2026, 3, 2, tzinfo=dt.UTC)
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}

CHILD = """
import datetime as dt, os, signal, sys
from pathlib import Path
import generator.write.files as files
from generator.build import build

out, catalog, as_of, when = Path(sys.argv[1]), Path(sys.argv[2]), dt.datetime.fromisoformat(sys.argv[3]), sys.argv[4]
swap = files.exchange

def killed_around_the_swap(a, b):
    if when == "before-swap":
        os.kill(os.getpid(), signal.SIGKILL)
    done = swap(a, b)
    if when == "after-swap":
        os.kill(os.getpid(), signal.SIGKILL)
    return done

files.exchange = killed_around_the_swap
build(out, as_of, catalog, force=True, workers=1)
"""


def child_args(out: Path, catalog: Path, as_of: dt.datetime, when: str = "never") -> list[str]:
    return [sys.executable, "-c", CHILD, str(out), str(catalog), as_of.isoformat(), when]


def start_child(out: Path, catalog: Path, as_of: dt.datetime, when: str = "never") -> subprocess.Popen:
    return subprocess.Popen(
        child_args(out, catalog, as_of, when), env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def build_in_child(out: Path, catalog: Path, as_of: dt.datetime, when: str = "never") -> int:
    done = subprocess.run(child_args(out, catalog, as_of, when), env=ENV, capture_output=True, timeout=300)
    assert done.returncode in (0, -signal.SIGKILL), done.stderr.decode()
    return done.returncode


def assert_whole(out: Path) -> str:
    """Every route of the surviving manifest is served by a file with its recorded bytes; its as-of."""
    manifest = orjson.loads((out / MANIFEST).read_bytes())
    for path, route in manifest["routes"].items():
        body = (out / route["file"]).read_bytes()
        assert hashlib.sha256(body).hexdigest() == route["sha256"], path
        for twin in route["twins"]:
            assert (out / f"{route['file']}.{twin}").is_file(), path
    assert manifest["as_of"] in (iso(OLD), iso(NEW))
    return manifest["as_of"]


@pytest.fixture
def built(tmp_path: Path, synthetic_catalog: Path) -> Path:
    out = tmp_path / "dist"
    assert build_in_child(out, synthetic_catalog, OLD) == 0
    return out


def test_exchange_swaps_two_folders(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    (a / "x").write_text("a"), (b / "x").write_text("b")
    if not exchange(a, b):
        pytest.skip("this file system cannot exchange (the two-rename fallback is used)")
    assert (a / "x").read_text() == "b" and (b / "x").read_text() == "a"


@pytest.mark.parametrize("when", ["before-swap", "after-swap"])
def test_a_build_killed_at_the_swap_leaves_one_whole_build(built: Path, synthetic_catalog: Path, when: str) -> None:
    assert build_in_child(built, synthetic_catalog, NEW, when) == -signal.SIGKILL
    assert assert_whole(built) == iso(OLD if when == "before-swap" else NEW)
    assert build_in_child(built, synthetic_catalog, NEW) == 0  # the next build succeeds, sweeps the leftovers
    assert assert_whole(built) == iso(NEW)
    assert wait_for_retired(built)  # the swapped-out build's detached deleter (files.retire) is done
    assert sorted(p.name for p in built.parent.iterdir()) == ["dist"]


def test_a_build_killed_at_any_moment_leaves_one_whole_build(built: Path, synthetic_catalog: Path) -> None:
    started = time.perf_counter()
    assert build_in_child(built, synthetic_catalog, NEW) == 0
    duration = time.perf_counter() - started
    seen = set()
    for fraction in (0.1, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0):
        as_of = OLD if len(seen) % 2 else NEW  # alternate, so each kill interrupts a build that changes things
        child = start_child(built, synthetic_catalog, as_of)
        time.sleep(duration * fraction)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        seen.add(assert_whole(built))
    assert seen  # every kill left a whole build (which one depends on the timing)
