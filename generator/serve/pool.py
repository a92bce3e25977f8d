"""Worker processes for CPU-heavy answers (the practice referee's moves), kept off the event loop.

Why not ``concurrent.futures``: a ``ProcessPoolExecutor`` cannot stop one job. Over its budget,
the only way out was to close the whole executor, which cancelled every move in flight and
queued (plain-text 500s from ``CancelledError``, a crashed manager thread, leaked semaphores);
its workers started on the first request, whose budget paid for it; and a move's budget ran
from the moment it was queued, so under load the queue alone ran it out (issue 33). Here:

- ``await start()`` spawns one worker per core this process may run on and returns once each
  has run its ``initializer`` (warm): the app awaits it before it reports ready.
- ``await run(fn, *args)`` queues the job (first come, first served) for the next idle worker.
  Its ``budget`` is CPU seconds spent by that worker on it (``ITIMER_PROF`` in the worker), so
  neither the queue nor a busy machine counts against it. A job over budget raises
  ``OverBudget``; only its worker is retired, and a new one is warmed in the background while
  the others go on. A wall-clock ``backstop`` kills a worker stuck where no signal reaches, the
  same way.
- Admission: when the jobs ahead would take longer than ``max_wait`` at the recent pace (an
  average of recent jobs' service times), or a queued job has waited that long, ``Busy`` is
  raised at once with a Retry-After estimate: an answer now, never a request left to time out.
- ``close()`` stops the workers. Only processes and pipes are used: no semaphore to leak.

The pool knows nothing of what it runs: the app passes module-level functions, so nothing here
imports the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

PACE_WEIGHT = 0.2  # the weight of the newest job's service time in the recent pace
START_SECONDS = 300.0  # how long ``start`` waits for the workers to warm


class OverBudget(Exception):
    """The job spent more than its budget (or its worker died); nothing it did was kept."""


class Busy(Exception):
    """The pool cannot serve the job within its wait limit: try again after ``retry_after`` s."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"busy: retry after {retry_after} s")
        self.retry_after = retry_after


class JobFailed(Exception):
    """The job raised in its worker; the message is the worker's traceback."""


class _Stop(BaseException):
    """Raised in a worker by ``SIGPROF`` when its job has spent its CPU budget."""


def cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(eq=False)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    queued_at: float
    started_at: float = 0.0
    expiry: asyncio.TimerHandle | None = None


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False
    job: _Job | None = None
    deadline: asyncio.TimerHandle | None = None  # the backstop of its job


@dataclass(eq=False)
class Pool:
    initializer: Callable[..., None]
    initargs: tuple[Any, ...]
    workers: int = field(default_factory=cores)
    budget: float = 10.0  # CPU seconds a job may spend
    backstop: float = 30.0  # wall seconds after which a running job's worker is killed (stuck past any signal)
    max_wait: float = 8.0  # seconds a job may expect to wait in the queue
    pace: float = 1.0  # recent service time of a job, seconds (a first guess until jobs are timed)
    _live: list[_Worker] = field(default_factory=list)
    _queue: deque[_Job] = field(default_factory=deque)
    _warm: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None  # the loop the workers' pipes are watched on
    _closed: bool = False

    @property
    def started(self) -> bool:
        return bool(self._live)

    @property
    def ready(self) -> int:
        """How many workers are warm."""
        return sum(w.ready for w in self._live)

    async def start(self) -> None:
        """Spawn the workers and wait until every one is warm (or ``START_SECONDS`` passed)."""
        if self._warm is None:
            self._warm = asyncio.Event()
            for _ in range(self.workers):
                self._spawn()
        with contextlib.suppress(TimeoutError):  # serve with the workers that are warm; the others join later
            await asyncio.wait_for(self._warm.wait(), START_SECONDS)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker: its value, or ``OverBudget``, ``Busy`` or ``JobFailed``."""
        if self._closed:
            raise Busy(1)
        if not self._live:
            await self.start()
        self._admit()
        loop = asyncio.get_running_loop()
        job = _Job(fn, args, loop.create_future(), time.monotonic())
        job.expiry = loop.call_later(self.max_wait, self._expire, job)
        self._queue.append(job)
        self._dispatch()
        return await job.future

    def _expire(self, job: _Job) -> None:
        """A job still queued after ``max_wait`` (the pace was misjudged) is told so now."""
        if job in self._queue:
            self._queue.remove(job)
            self._settle(job, Busy(max(1, math.ceil(self.pace))))

    def _admit(self) -> None:
        """``Busy`` when the jobs ahead would keep a new one waiting past ``max_wait``."""
        ready = self.ready
        idle = any(w.ready and w.job is None for w in self._live)
        if idle and not self._queue:
            return
        ahead = len(self._queue) + sum(w.job is not None for w in self._live)
        wait = ahead / max(ready, 1) * self.pace
        if ready == 0 or wait > self.max_wait:
            raise Busy(max(1, math.ceil(wait - self.max_wait + self.pace)))

    def _dispatch(self) -> None:
        """Each idle warm worker takes the oldest queued job whose request still waits."""
        for worker in self._live:
            if not worker.ready or worker.job is not None:
                continue
            while self._queue and self._queue[0].future.done():  # its request went away
                self._drop(self._queue.popleft())
            if not self._queue:
                return
            self._assign(worker, self._queue.popleft())

    @staticmethod
    def _drop(job: _Job) -> None:
        if job.expiry is not None:
            job.expiry.cancel()

    def _assign(self, worker: _Worker, job: _Job) -> None:
        self._drop(job)
        worker.job, job.started_at = job, time.monotonic()
        try:
            worker.conn.send((job.fn, job.args))
        except (OSError, ValueError):
            self._lost(worker)
            return
        worker.deadline = asyncio.get_running_loop().call_later(self.backstop, self._lost, worker)

    def _spawn(self) -> None:
        """A new worker, warming in the background; it says when it is ready."""
        ours, theirs = multiprocessing.Pipe()
        process = multiprocessing.get_context("spawn").Process(
            target=_serve, args=(theirs, self.initializer, self.initargs, self.budget), daemon=True
        )
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self._live.append(worker)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(ours.fileno(), self._heard, worker)

    def _heard(self, worker: _Worker) -> None:
        """A message from a worker: warm, a job's outcome, or its end (the pipe closed)."""
        try:
            kind, value = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        if kind == "ready":
            worker.ready = True
            if self._warm is not None and all(w.ready for w in self._live):
                self._warm.set()
        elif kind == "failed":  # its initializer raised: a deployment error, said loudly, not retried
            self._retire(worker)
            print(f"a pool worker could not start:\n{value}", file=sys.stderr, flush=True)
            if self._warm is not None and all(w.ready for w in self._live):
                self._warm.set()
        else:
            self._finished(worker, kind, value)
        self._dispatch()

    def _finished(self, worker: _Worker, kind: str, value: Any) -> None:
        job, worker.job = worker.job, None
        if worker.deadline is not None:
            worker.deadline.cancel()
        if job is None:
            return
        took = time.monotonic() - job.started_at
        self.pace = (1 - PACE_WEIGHT) * self.pace + PACE_WEIGHT * took
        if kind == "over":
            self._settle(job, OverBudget(f"over {self.budget:.0f} CPU-seconds"))
            self._replace(worker)
        elif kind == "error":
            self._settle(job, JobFailed(value))
        else:
            self._settle(job, None, value)

    @staticmethod
    def _settle(job: _Job, error: BaseException | None, value: Any = None) -> None:
        if job.future.done():  # the request went away meanwhile
            return
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(value)

    def _lost(self, worker: _Worker) -> None:
        """A worker that died or ran past the backstop: its job is over budget; it is replaced."""
        if worker.job is not None:
            self._settle(worker.job, OverBudget("its worker stopped"))
            worker.job = None
        self._replace(worker)
        self._dispatch()

    def _replace(self, worker: _Worker) -> None:
        self._retire(worker)
        if not self._closed:
            self._spawn()

    def _retire(self, worker: _Worker) -> None:
        if worker not in self._live:
            return
        self._live.remove(worker)
        if worker.deadline is not None:
            worker.deadline.cancel()
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.conn.fileno())
        worker.conn.close()
        worker.process.kill()
        worker.process.join(1)  # SIGKILL cannot be ignored: reaped at once

    def close(self) -> None:
        """Stop every worker; jobs still queued or running answer ``Busy``."""
        self._closed = True
        for job in self._queue:
            self._drop(job)
            self._settle(job, Busy(1))
        self._queue.clear()
        for worker in list(self._live):
            if worker.job is not None:
                self._settle(worker.job, Busy(1))
            self._retire(worker)


def _stop(signum: int, frame: Any) -> None:
    raise _Stop


def _serve(conn: Connection, initializer: Callable[..., None], initargs: tuple[Any, ...], budget: float) -> None:
    """A worker: warm, say so, then run jobs one at a time until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's; the pool stops its workers
    try:
        initializer(*initargs)
    except Exception:
        conn.send(("failed", traceback.format_exc()))
        return
    conn.send(("ready", None))
    signal.signal(signal.SIGPROF, _stop)
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_job(fn, args, budget))


def _job(fn: Callable[..., Any], args: tuple[Any, ...], budget: float) -> tuple[str, Any]:
    """One job under a CPU-time budget: ("ok", value), ("over", None) or ("error", traceback)."""
    try:
        signal.setitimer(signal.ITIMER_PROF, budget)
        try:
            return "ok", fn(*args)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    except _Stop:
        return "over", None
    except Exception:
        return "error", traceback.format_exc()
