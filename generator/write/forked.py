"""Work done beside the build's parent, in a forked process: system calls that would otherwise
wait for the interpreter lock behind the parent's Python (``generator.write.carry``), and the host
files, which need the finished manifest when the parent has its own share left to write."""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Generic, TypeVar

T = TypeVar("T")


class ForkedFailed(Exception):
    """The forked work raised, or its process died: the message says which, with the traceback."""


class Forked(Generic[T]):
    """``Forked(work)`` starts ``work()`` in a forked process at once (it sees the parent's memory as
    it is now, nothing pickled in); ``result()`` waits for its answer (pickled back). ``cpu``: the
    process's CPU seconds, once it answered (``getrusage`` counts them among the build's children,
    with the render workers': ``bench/build.py`` tells them apart)."""

    def __init__(self, work: Callable[[], T], name: str):
        context = multiprocessing.get_context("fork")
        self._answer, reply = context.Pipe(duplex=False)
        self._process = context.Process(target=_run, args=(work, reply), name=name)
        self._process.start()
        reply.close()
        self._done: tuple[bool, T | str] | None = None
        self.cpu = 0.0

    def running(self) -> bool:
        """Whether its process is still there (only the process that started it can ask)."""
        return self._process.is_alive()

    def result(self) -> T:
        """Its return value; ``ForkedFailed`` when it raised or died. Waits once; later calls repeat."""
        if self._done is None:
            try:
                ok, value, self.cpu = self._answer.recv()
                self._done = (ok, value)
            except EOFError:
                self._done = (False, f"{self._process.name} died without an answer")
            self._process.join()
            self._answer.close()
        ok, value = self._done
        if not ok:
            raise ForkedFailed(str(value))
        return value  # type: ignore[return-value]  # ok: the work's own value


def _run(work: Callable[[], object], reply: Connection) -> None:
    try:
        answer: tuple[bool, object] = (True, work())
    except BaseException:  # every failure goes back to the parent, which raises it
        answer = (False, traceback.format_exc())
    used = os.times()  # a forked process's own times start at zero
    reply.send((*answer, used.user + used.system))
    reply.close()
    os._exit(0)  # no exit handlers: they belong to the parent (its pools, its temporary files)
