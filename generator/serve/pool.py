"""A process pool for CPU-heavy answers (the practice referee's AI moves), kept off the event loop.

One level-4 move can take seconds of pure Python; on the event loop it stalled every other request
(static GETs went from 2 ms to a 208 ms p50 during 20 concurrent matches). ``Pool.run(fn, *args,
budget=...)`` runs a plain function in a spawned worker (sized to the cores, started on first use,
each set up by the caller's ``initializer``) and raises ``OverBudget`` when it takes longer than its
budget; the caller decides the answer (the app's 503). The pool knows nothing of what it runs: the
app passes its own worker functions, so nothing here imports the app.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


class OverBudget(Exception):
    """The job took longer than its budget (or its worker died); nothing it did was kept."""


class Pool:
    def __init__(self, initializer: Callable[..., None], initargs: tuple[Any, ...], workers: int | None = None):
        self._initializer, self._initargs = initializer, initargs
        self._workers = workers or os.cpu_count() or 1
        self._executor: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._executor is not None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:  # spawned on first use: an app that serves no match starts no process
            self._executor = ProcessPoolExecutor(
                self._workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=self._initializer,
                initargs=self._initargs,
            )
        return self._executor

    async def run(self, fn: Callable[..., T], *args: Any, budget: float) -> T:
        job = asyncio.get_running_loop().run_in_executor(self._pool(), fn, *args)
        try:
            return await asyncio.wait_for(job, budget)
        except (TimeoutError, BrokenProcessPool) as exc:
            self.close()  # a worker stuck past its budget is not reused
            raise OverBudget(f"over {budget:.0f} s") from exc

    def close(self) -> None:
        if self._executor is not None:
            # concurrent.futures offers no way to stop a running job: its worker processes are
            # killed (the executor's private map of them; issue 33 replaces this pool's recovery).
            processes = list((getattr(self._executor, "_processes", None) or {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.kill()
            self._executor = None
