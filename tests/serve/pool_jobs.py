"""Jobs for the pool tests: module-level functions a spawned worker can import by name."""

from __future__ import annotations

import os
import time
from pathlib import Path


def warm(tag: str) -> None:
    """A set-up that succeeds (``tag`` is only carried)."""


def broken(tag: str) -> None:
    raise RuntimeError(f"cannot warm {tag}")


def echo(value: object) -> object:
    return value


def pid() -> int:
    return os.getpid()


def fail() -> None:
    raise ValueError("this job fails")


def spin() -> None:
    """CPU until its budget stops it."""
    while True:
        pass


def wait_for(flag: str) -> int:
    """Wait (without CPU) until the file ``flag`` exists: a job the test holds in flight."""
    while not Path(flag).exists():
        time.sleep(0.01)
    return os.getpid()
