"""An offloaded method (``generator.web.surface.Offload``): its job in the app's pool, its answer here.

Why split so: a worker holds only what the job needs (for the practice referee: the card pool and
compiled effects, not an app, issue 33), and everything that needs the app (the request's checks,
the envelope, provenance from the build, the request id) is done on the event loop, where it
costs microseconds. A request the method refuses (a bad body) is refused before it is queued.

What a client gets when the pool cannot do the job: 503 with ``Retry-After`` and the JSON error
body, at once when the pool is busy (``server_busy``), or when the job spent its budget
(``over_time_budget``); never a 500 for either, never an answer left to time out.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace

from generator.serve.pool import Busy, JobFailed, OverBudget, Pool
from generator.web.respond import Answer, Rendered, body_refusal, refused, render, respond
from generator.web.surface import Context, Method, Params, Query, Result, Surface, error

MOVE_BUDGET_SECONDS = 10.0  # CPU seconds one job may spend in its worker
MAX_WAIT_SECONDS = 8.0  # how long a job may expect to wait for a worker before it is refused
WORKER_NICENESS = 10  # a move may wait a little; a file route should not

Warm = Callable[[str, bytes | None], None]


def warmers(registry: Iterable[Surface]) -> tuple[Warm, ...]:
    """The set-up of every offloaded method of the registry, each once, in registry order."""
    found: list[Warm] = []
    for surface in registry:
        for method in (surface.post, surface.delete, surface.any):
            if method is not None and method.offload is not None and method.offload.warm not in found:
                found.append(method.offload.warm)
    return tuple(found)


def warm_worker(dist: str, key: bytes | None, setups: tuple[Warm, ...]) -> None:
    """A pool worker's set-up (only plain values and module-level functions cross processes)."""
    os.nice(WORKER_NICENESS)  # the workers yield the CPU to the event loop
    for setup in setups:
        setup(dist, key)


def pool_for(dist: str, key: bytes | None, registry: Iterable[Surface]) -> Pool:
    return Pool(warm_worker, (dist, key, warmers(registry)), budget=MOVE_BUDGET_SECONDS, max_wait=MAX_WAIT_SECONDS)


async def answer_offloaded(
    pool: Pool,
    surface: Surface,
    handler: Method,
    ctx: Context,
    params: Params,
    query: Query,
    path: str,
    request_id: str,
    method: str,
) -> Rendered:
    """The method's answer with its job done in ``pool``; a request it refuses is never queued."""
    request, offload = ctx.request, handler.offload
    assert request is not None and offload is not None, "an offloaded method of a request"
    if refused(surface, params, query) is None and body_refusal(handler, request) is None:
        try:
            computed = await pool.run(offload.job, request.body, ctx.now)
        except Busy as busy:
            return _refusal(ctx, surface, path, request_id, _busy(busy.retry_after))
        except OverBudget:
            return _refusal(ctx, surface, path, request_id, _over())
        except JobFailed as failed:  # a bug, said in the log; the client gets JSON, not a plain-text 500
            print(f"{surface.id} failed in a pool worker:\n{failed}", file=sys.stderr, flush=True)
            failure = error(500, "internal_error", "the server failed to answer this request; nothing was kept")
            return _refusal(ctx, surface, path, request_id, failure)
        ctx = replace(ctx, request=replace(request, computed=computed))
    return respond(surface, ctx, params, query, path, request_id=request_id, method=method)


def _busy(retry_after: int) -> Result:
    found = error(
        503,
        "server_busy",
        f"every worker is busy: the requests ahead would keep this one waiting over {MAX_WAIT_SECONDS:.0f} s. "
        f"Nothing was done; send it again after {retry_after} s (Retry-After).",
    )
    return replace(found, headers={"Retry-After": str(retry_after)})


def _over() -> Result:
    found = error(
        503,
        "over_time_budget",
        f"this request spent over {MOVE_BUDGET_SECONDS:.0f} CPU-seconds and was stopped; nothing was kept. "
        "The budget is CPU time, so the same request may take as long again (Retry-After says when to try).",
    )
    return replace(found, headers={"Retry-After": "1"})


def _refusal(ctx: Context, surface: Surface, path: str, request_id: str, result: Result) -> Rendered:
    return render(ctx, Answer.of(surface, path, request_id, "uncached"), result)
