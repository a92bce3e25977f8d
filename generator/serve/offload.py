"""Heavy answers (the practice referee's AI moves) computed off the event loop, in worker processes.

One level-4 move can take seconds of pure Python; on the event loop it stalled every other request
(static GETs went from 2 ms to a 208 ms p50 during 20 concurrent matches). A method marked
``offload`` is answered by a process pool sized to the cores: each worker opens the same ``dist/``
(an ``App`` of its own, built by the initializer), so only plain values cross the process boundary:
the surface id, the path, the query, the request, and the rendered answer back. A move that takes
longer than ``MOVE_BUDGET_SECONDS`` answers 503 and its worker is replaced.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING

from generator.web.respond import Answer, Rendered, render, respond
from generator.web.surface import Request, error

if TYPE_CHECKING:
    from generator.serve.app import App

MOVE_BUDGET_SECONDS = 10.0
WORKER_NICENESS = 10
_WORKER_APP: App | None = None


def _start_worker(dist: str, referee_key: bytes | None) -> None:
    from generator.serve.app import App

    # A move may wait a little; a file route should not: the workers yield the CPU to the event loop.
    os.nice(WORKER_NICENESS)
    global _WORKER_APP
    _WORKER_APP = App(Path(dist), referee_key)


def _answer(
    surface_id: str, params: dict, query: dict, path: str, method: str, request: Request, request_id: str | None
) -> Rendered:
    """In a worker: the same ``respond`` the event loop would have called."""
    assert _WORKER_APP is not None, "the pool's initializer opens the app"
    app = _WORKER_APP
    app._current()  # a rebuild swapped in since the last move is picked up here too
    return respond(
        app.surfaces[surface_id], app._context(request), params, query, path, request_id=request_id, method=method
    )


class Offload:
    def __init__(self, dist: Path, referee_key: bytes | None, workers: int | None = None):
        self._args = (str(dist), referee_key)
        self._workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:  # spawned on first use: an app that serves no match starts no process
            self._pool = ProcessPoolExecutor(
                self._workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=self._args,
            )
        return self._pool

    async def answer(
        self,
        app: App,
        surface_id: str,
        params: dict,
        query: dict,
        path: str,
        method: str,
        request: Request,
        request_id: str | None,
    ) -> Rendered:
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(
            self._executor(), _answer, surface_id, params, query, path, method, request, request_id
        )
        try:
            return await asyncio.wait_for(job, MOVE_BUDGET_SECONDS)
        except (TimeoutError, BrokenProcessPool):
            self.close()  # a worker stuck past its budget is not reused
            surface = app.surfaces[surface_id]
            result = error(
                503,
                "over_time_budget",
                f"this request took over {MOVE_BUDGET_SECONDS:.0f} s and was stopped; nothing was kept, send it again",
            )
            return render(app._context(request), Answer.of(surface, path, request_id, "uncached"), result)

    def close(self) -> None:
        if self._pool is not None:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:  # a worker stuck in a move does not get to finish it
                process.kill()
            self._pool = None
