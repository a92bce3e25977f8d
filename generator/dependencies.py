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

from collections.abc import Callable, Iterable, Iterator, MutableMapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")
_READS: ContextVar[set[str] | None] = ContextVar("cardpantry_reads", default=None)
_OWN: ContextVar[str | None] = ContextVar("cardpantry_own_sku", default=None)
# The key a route records for its own printing (its ``sku`` path parameter), the same for every
# route of a surface, as the manifest writes ``{path}``: a rebuild re-renders it when that printing's
# row changed (``generator.write.dependencies``), not when any printing of its set did.
OWN_PRINTING = "printing:{sku}"


def read(key: str) -> None:
    """Note that the route being rendered read the input named ``key`` (nothing outside a recording)."""
    reads = _READS.get()
    if reads is not None:
        reads.add(key)


def recording_now() -> bool:
    """Whether reads are being recorded: accessors that must build their key check this first."""
    return _READS.get() is not None


def read_all(keys: Iterable[str]) -> None:
    """Note every key in ``keys``: what an answer computed for another route read (``Memoized``)."""
    reads = _READS.get()
    if reads is not None:
        reads.update(keys)


def own_sku() -> str | None:
    """The SKU of the route being recorded, when it has one in its path (``recording(own=...)``)."""
    return _OWN.get()


@contextmanager
def recording(own: str | None = None) -> Iterator[set[str]]:
    """Record every ``read`` made inside the block into the set it yields. Inside another recording,
    the outer one gets them too: what an answer computed on the way read, its route read.
    ``own``: the route's SKU, a segment of its path; a read of that printing is recorded as
    ``OWN_PRINTING``. A nested recording has none: what it makes may be reused by other routes
    (``memoized``), for which "own" would mean another printing."""
    outer = _READS.get()
    reads: set[str] = set()
    token, own_token = _READS.set(reads), _OWN.set(own)
    try:
        yield reads
    finally:
        _READS.reset(token)
        _OWN.reset(own_token)
        if outer is not None:
            outer.update(reads)


def memoized(memo: MutableMapping[Any, Any] | None, key: object, make: Callable[[], T]) -> T:
    """``make()``, kept in a build's ``memo`` under ``key`` with the keys it read, so later routes
    of the worker reuse it and record what it read; without a memo (the app), made each time.
    ``memo`` may be any mapping: ``play.cards`` keeps its cards per snapshot, weakly."""
    if memo is None:
        return make()
    kept = memo.get(key)
    if kept is None:
        with recording() as reads:
            kept = memo[key] = Memoized(make(), frozenset(reads))
    read_all(kept.reads)
    answer: T = kept.answer
    return answer


class Memoized(NamedTuple):
    """An answer a build keeps for other routes (``Context.memo``), with the keys it read: a route
    that reuses it read them too (``read_all``), though it computed nothing."""

    answer: Any
    reads: frozenset[str]
