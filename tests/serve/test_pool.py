"""The app's worker pool (issue 33): warm before it is used, a job over its budget stopped alone
(its worker replaced, nothing else in flight touched), a busy pool refusing at once with a
Retry-After estimate, a failing job or set-up reported, and every worker stopped on close."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pool_jobs
import pytest

from generator.serve.pool import Busy, JobFailed, OverBudget, Pool


def within(test: Callable[[], Awaitable[Any]]) -> Any:
    return asyncio.run(test())


async def until(condition: Callable[[], bool]) -> None:
    """Wait for a background change (a replacement warming); the test's own timeout bounds it."""
    while not condition():
        await asyncio.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_start_warms_every_worker_and_a_job_returns_its_value() -> None:
    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=2)
        await pool.start()
        try:
            assert pool.ready == 2
            assert await pool.run(pool_jobs.echo, {"a": [1, 2]}) == {"a": [1, 2]}
        finally:
            pool.close()

    within(go)


def test_a_job_over_its_budget_is_stopped_alone(tmp_path: Path) -> None:
    flag = tmp_path / "go"

    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=2, budget=0.3)
        await pool.start()
        try:
            held = asyncio.ensure_future(pool.run(pool_jobs.wait_for, str(flag)))
            await asyncio.sleep(0)  # dispatched first
            with pytest.raises(OverBudget):
                await pool.run(pool_jobs.spin)
            assert not held.done()  # the other move in flight was not touched...
            flag.touch()
            assert alive(await held)  # ...and finished on its worker, which serves on
            await until(lambda: pool.ready == 2)  # the stopped worker was replaced
            assert await pool.run(pool_jobs.echo, 7) == 7
        finally:
            pool.close()

    within(go)


def test_a_job_stuck_past_the_backstop_is_stopped_and_its_worker_replaced(tmp_path: Path) -> None:
    """A job no CPU budget catches (waiting, or in code no signal reaches) is stopped by the wall clock."""

    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=1, backstop=0.5)
        await pool.start()
        try:
            before = await pool.run(pool_jobs.pid)
            with pytest.raises(OverBudget):
                await pool.run(pool_jobs.wait_for, str(tmp_path / "never"))
            await until(lambda: pool.ready == 1)
            assert await pool.run(pool_jobs.pid) != before and not alive(before)
        finally:
            pool.close()

    within(go)


def test_a_busy_pool_refuses_at_once_with_a_retry_estimate(tmp_path: Path) -> None:
    flag = tmp_path / "go"

    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=1, max_wait=1.0, pace=5.0)
        await pool.start()
        try:
            held = asyncio.ensure_future(pool.run(pool_jobs.wait_for, str(flag)))
            await asyncio.sleep(0)
            with pytest.raises(Busy) as busy:
                await pool.run(pool_jobs.echo, 1)
            assert busy.value.retry_after >= 1
            flag.touch()
            await held
            assert await pool.run(pool_jobs.echo, 2) == 2  # idle again: admitted
        finally:
            pool.close()

    within(go)


def test_a_job_queued_past_the_wait_limit_is_refused(tmp_path: Path) -> None:
    """Admission trusts the recent pace; a job that still waits past ``max_wait`` is told so then."""
    flag = tmp_path / "go"

    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=1, max_wait=0.2, pace=0.01)
        await pool.start()
        try:
            held = asyncio.ensure_future(pool.run(pool_jobs.wait_for, str(flag)))
            await asyncio.sleep(0)
            with pytest.raises(Busy):
                await pool.run(pool_jobs.echo, 1)
            flag.touch()
            await held
        finally:
            pool.close()

    within(go)


def test_a_failing_job_is_reported_and_its_worker_serves_on() -> None:
    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=1)
        await pool.start()
        try:
            before = await pool.run(pool_jobs.pid)
            with pytest.raises(JobFailed, match="this job fails"):
                await pool.run(pool_jobs.fail)
            assert await pool.run(pool_jobs.pid) == before
        finally:
            pool.close()

    within(go)


def test_a_set_up_that_fails_leaves_the_pool_refusing_not_hanging() -> None:
    async def go() -> None:
        pool = Pool(pool_jobs.broken, ("x",), workers=1)
        await pool.start()
        try:
            assert pool.ready == 0
            with pytest.raises(Busy):
                await pool.run(pool_jobs.echo, 1)
        finally:
            pool.close()

    within(go)


def test_close_stops_every_worker_and_answers_what_was_in_flight(tmp_path: Path) -> None:
    async def go() -> None:
        pool = Pool(pool_jobs.warm, ("x",), workers=2)
        await pool.start()
        pids = [await pool.run(pool_jobs.pid) for _ in range(4)]
        held = asyncio.ensure_future(pool.run(pool_jobs.wait_for, str(tmp_path / "never")))
        await asyncio.sleep(0)
        pool.close()
        with pytest.raises(Busy):
            await held
        assert pool.ready == 0 and not any(alive(p) for p in set(pids))
        with pytest.raises(Busy):
            await pool.run(pool_jobs.echo, 1)

    within(go)
