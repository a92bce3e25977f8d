"""Work in a forked process: its value comes back, its failure is raised here with its traceback,
and its CPU seconds are its own (generator/write/forked.py)."""

from __future__ import annotations

import pytest

from generator.write.forked import Forked, ForkedFailed


def test_the_value_comes_back_and_the_cpu_is_the_childs() -> None:
    table = {n: n * n for n in range(1000)}  # the child sees the parent's memory as it was
    # a few tenths of a second: the kernel counts CPU time in 10 ms ticks
    forked = Forked(lambda: sum(table[n] for n in range(1000) for _ in range(3000)), "test")
    assert forked.result() == 3000 * sum(n * n for n in range(1000))
    assert forked.result() == forked.result()  # waited once
    assert forked.cpu > 0


def test_a_failure_is_raised_in_the_parent_with_its_traceback() -> None:
    def failing() -> None:
        raise ValueError("no such host")

    forked = Forked(failing, "test")
    with pytest.raises(ForkedFailed, match=r"(?s)Traceback.*ValueError: no such host"):
        forked.result()
