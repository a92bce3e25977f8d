"""What a route read while it was rendered: the keys of its inputs, for rebuilds by dependency.

A build's render worker renders each route inside ``recording()``; every accessor of the catalog
snapshot (``generator.catalog.snapshot``) and the HTML renderer call ``read(key)`` with a key
naming the part of the inputs they served (``set:op/op01``, ``sources``, ``template:page.html``;
the full list is in docs/incremental-build.md). The build stores each route's keys with the digest
of every key (``generator.write.dependencies``), and the next build re-renders a route only when
one of its keys' digests changed.

A context variable, not a snapshot attribute, because the template renderer records too and knows
no snapshot; outside ``recording()`` (the app, tests, the build's parent) ``read`` does nothing.
A read is recorded where the data is handed out, never where it is cached: a cached value served
to a second route must still be recorded for that route.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_READS: ContextVar[set[str] | None] = ContextVar("cardpantry_reads", default=None)


def read(key: str) -> None:
    """Note that the route being rendered read the input named ``key`` (nothing outside a recording)."""
    reads = _READS.get()
    if reads is not None:
        reads.add(key)


def recording_now() -> bool:
    """Whether reads are being recorded: accessors that must build their key check this first."""
    return _READS.get() is not None


@contextmanager
def recording() -> Iterator[set[str]]:
    """Record every ``read`` made inside the block into the set it yields."""
    reads: set[str] = set()
    token = _READS.set(reads)
    try:
        yield reads
    finally:
        _READS.reset(token)
